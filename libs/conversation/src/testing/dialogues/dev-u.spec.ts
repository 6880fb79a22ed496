import { DEV_U_DIALOGUES } from './dev-u';
import { describeSetShape } from './set-shape';

// The shape of development set U, written blind: the checks in set-shape.ts, in en, pt-BR, es and de.

describeSetShape(DEV_U_DIALOGUES, 'u', 'dev U', undefined, ['en', 'pt', 'es', 'de']);
