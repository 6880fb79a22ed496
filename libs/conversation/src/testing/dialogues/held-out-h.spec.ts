import { DEV_I_DIALOGUES } from './dev-i';
import { HELD_OUT_H_DIALOGUES } from './held-out-h';
import { describeSetShape, itSharesNothingWith } from './set-shape';

// The shape of held-out set H: the checks in set-shape.ts, which dev set I (written with it) meets too, and nothing shared
// with dev set I. The German reply-language check there was `.failing` until the scorer learnt German after this set was
// frozen (branch i37-german).

describeSetShape(HELD_OUT_H_DIALOGUES, 'h', 'held-out H', () => itSharesNothingWith(HELD_OUT_H_DIALOGUES, DEV_I_DIALOGUES));
