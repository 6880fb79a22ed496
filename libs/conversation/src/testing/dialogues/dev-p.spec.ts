import { DEV_P_DIALOGUES } from './dev-p';
import { describeSetShape } from './set-shape';

// The shape of development set P: the checks in set-shape.ts, in en, pt-BR, de and fr.

describeSetShape(DEV_P_DIALOGUES, 'p', 'dev P', undefined, ['en', 'pt', 'de', 'fr']);
