import { HELD_OUT_J_DIALOGUES } from './held-out-j';
import { describeSetShape } from './set-shape';

// The shape of held-out set J (frozen): the checks in set-shape.ts, in en, pt-BR, es and fr (French instead of German).
// No cross-set test here: the lead adds it.

describeSetShape(HELD_OUT_J_DIALOGUES, 'j', 'held-out J', undefined, ['en', 'pt', 'es', 'fr']);
