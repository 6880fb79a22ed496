import { DEV_M_DIALOGUES } from './dev-m';
import { describeSetShape } from './set-shape';

// The shape of development set M (issue 37 item 5): the checks in set-shape.ts, in en, pt-BR, es and de.

describeSetShape(DEV_M_DIALOGUES, 'm', 'dev M', undefined, ['en', 'pt', 'es', 'de']);
