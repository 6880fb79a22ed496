import { HELD_OUT_DIALOGUES } from './held-out';
import { TUNED_DIALOGUES } from './tuned';
import type { Dialogue } from './types';

export type { Dialogue, DialogueLanguage, DialogueTurn, EntitySetup, MessagingSetup } from './types';
export { checkReply, isChecked, planTurns, summarize } from './score';
export type { PlannedTurn, TurnResult } from './score';
export { HELD_OUT_DIALOGUES, TUNED_DIALOGUES };

/** The pass share under which the dialogue suite fails. */
export const DIALOGUE_PASS_BAR = 0.95;

/** Every dialogue with the part it belongs to. */
export function allDialogues(): Array<{ dialogue: Dialogue; part: 'tuned' | 'held-out' }> {
  return [...TUNED_DIALOGUES.map((dialogue) => ({ dialogue, part: 'tuned' as const })), ...HELD_OUT_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out' as const }))];
}
