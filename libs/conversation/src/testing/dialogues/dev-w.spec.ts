import { DEV_W_DIALOGUES } from './dev-w';
import { describeSetShape } from './set-shape';

// The shape of development set W, written blind: the checks in set-shape.ts, in en, pt-BR, es and de.

describeSetShape(DEV_W_DIALOGUES, 'w', 'dev W', undefined, ['en', 'pt', 'es', 'de']);
