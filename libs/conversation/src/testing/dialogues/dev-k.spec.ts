import { DEV_K_DIALOGUES } from './dev-k';
import { describeSetShape } from './set-shape';

// The shape of development set K (issue 37 item 5): the checks in set-shape.ts. The test that it shares nothing with the set
// written alongside it is added by whoever registers both.

describeSetShape(DEV_K_DIALOGUES, 'k', 'dev K');
