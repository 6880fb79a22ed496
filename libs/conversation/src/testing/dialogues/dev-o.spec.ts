import { DEV_O_DIALOGUES } from './dev-o';
import { describeSetShape } from './set-shape';

// The shape of development set O (issue 37 item 5): the checks in set-shape.ts, in en, pt-BR, es and de.

describeSetShape(DEV_O_DIALOGUES, 'o', 'dev O', undefined, ['en', 'pt', 'es', 'de']);
