import { DEV_I_DIALOGUES } from './dev-i';
import { describeSetShape } from './set-shape';

// The shape of development set I: the checks in set-shape.ts, which held-out set H (written with it) meets too. That I
// shares nothing with H is checked by held-out-h.spec.ts: this file does not import the frozen set.
describeSetShape(DEV_I_DIALOGUES, 'i', 'dev I');
