import { DEV_Q_DIALOGUES } from './dev-q';
import { describeSetShape } from './set-shape';

// The shape of development set Q: the checks in set-shape.ts, in en, pt-BR, es and de.

describeSetShape(DEV_Q_DIALOGUES, 'q', 'dev Q', undefined, ['en', 'pt', 'es', 'de']);
