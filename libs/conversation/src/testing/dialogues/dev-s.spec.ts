import { DEV_S_DIALOGUES } from './dev-s';
import { describeSetShape } from './set-shape';

// The shape of development set S: the checks in set-shape.ts, in en, pt-BR, es and de.

describeSetShape(DEV_S_DIALOGUES, 's', 'dev S', undefined, ['en', 'pt', 'es', 'de']);
