import { DEV_T_DIALOGUES } from './dev-t';
import { describeSetShape } from './set-shape';

// The shape of development set T: the checks in set-shape.ts, in en, pt-BR, es and fr.

describeSetShape(DEV_T_DIALOGUES, 't', 'dev T', undefined, ['en', 'pt', 'es', 'fr']);
