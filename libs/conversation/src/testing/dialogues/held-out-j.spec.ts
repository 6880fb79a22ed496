import { DEV_K_DIALOGUES } from './dev-k';
import { HELD_OUT_J_DIALOGUES } from './held-out-j';
import { describeSetShape, itSharesNothingWith } from './set-shape';

// The shape of held-out set J (frozen): the checks in set-shape.ts, in en, pt-BR, es and fr (French instead of German),
// and nothing shared with development set K, written at the same time by another outside tester and given to the
// engine's developer.

describeSetShape(HELD_OUT_J_DIALOGUES, 'j', 'held-out J', () => itSharesNothingWith(HELD_OUT_J_DIALOGUES, DEV_K_DIALOGUES), ['en', 'pt', 'es', 'fr']);
