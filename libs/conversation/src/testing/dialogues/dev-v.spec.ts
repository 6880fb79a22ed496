import { DEV_V_DIALOGUES } from './dev-v';
import { describeSetShape } from './set-shape';

// The shape of development set V, written blind: the checks in set-shape.ts, in en, pt-BR, es and fr.

describeSetShape(DEV_V_DIALOGUES, 'v', 'dev V', undefined, ['en', 'pt', 'es', 'fr']);
