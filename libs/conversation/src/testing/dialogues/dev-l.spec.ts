import { DEV_L_DIALOGUES } from './dev-l';
import { describeSetShape } from './set-shape';

// The shape of development set L (issue 37 item 5): the checks in set-shape.ts, in en, pt-BR, es and fr.

describeSetShape(DEV_L_DIALOGUES, 'l', 'dev L', undefined, ['en', 'pt', 'es', 'fr']);
