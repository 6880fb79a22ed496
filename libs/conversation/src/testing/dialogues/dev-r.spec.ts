import { DEV_R_DIALOGUES } from './dev-r';
import { describeSetShape } from './set-shape';

// The shape of development set R: the checks in set-shape.ts, in en, pt-BR, es and fr.

describeSetShape(DEV_R_DIALOGUES, 'r', 'dev R', undefined, ['en', 'pt', 'es', 'fr']);
