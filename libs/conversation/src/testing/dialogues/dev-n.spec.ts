import { DEV_N_DIALOGUES } from './dev-n';
import { describeSetShape } from './set-shape';

// The shape of development set N (issue 37 item 5): the checks in set-shape.ts, in en, pt-BR, es and fr.

describeSetShape(DEV_N_DIALOGUES, 'n', 'dev N', undefined, ['en', 'pt', 'es', 'fr']);
