import { DEV_D_DIALOGUES } from './dev-d';
import { DEV_E_DIALOGUES } from './dev-e';
import { DEV_G_DIALOGUES } from './dev-g';
import { DEV_I_DIALOGUES } from './dev-i';
import { DEV_K_DIALOGUES } from './dev-k';
import { DEV_L_DIALOGUES } from './dev-l';
import { DEV_M_DIALOGUES } from './dev-m';
import { DEV_N_DIALOGUES } from './dev-n';
import { DEV_O_DIALOGUES } from './dev-o';
import { DEV_P_DIALOGUES } from './dev-p';
import { DEV_Q_DIALOGUES } from './dev-q';
import { DEV_R_DIALOGUES } from './dev-r';
import { DEV_S_DIALOGUES } from './dev-s';
import { DEV_T_DIALOGUES } from './dev-t';
import { DEV_U_DIALOGUES } from './dev-u';
import { DEV_V_DIALOGUES } from './dev-v';
import { DEV_W_DIALOGUES } from './dev-w';
import { HELD_OUT_B_DIALOGUES, HELD_OUT_DIALOGUES } from './held-out';
import { HELD_OUT_C_DIALOGUES } from './held-out-c';
import { HELD_OUT_F_DIALOGUES } from './held-out-f';
import { HELD_OUT_H_DIALOGUES } from './held-out-h';
import { HELD_OUT_J_DIALOGUES } from './held-out-j';
import { TUNED_DIALOGUES } from './tuned';
import type { Dialogue } from './types';

export type { Dialogue, DialogueLanguage, DialogueTurn, EntitySetup, MessagingSetup } from './types';
export { checkReply, isChecked, planTurns, summarize } from './score';
export type { DialoguePart, PlannedTurn, TurnResult } from './score';
import type { DialoguePart } from './score';
export {
  DEV_D_DIALOGUES,
  DEV_E_DIALOGUES,
  DEV_G_DIALOGUES,
  DEV_I_DIALOGUES,
  DEV_K_DIALOGUES,
  DEV_L_DIALOGUES,
  DEV_M_DIALOGUES,
  DEV_N_DIALOGUES,
  DEV_O_DIALOGUES,
  DEV_P_DIALOGUES,
  DEV_Q_DIALOGUES,
  DEV_R_DIALOGUES,
  DEV_S_DIALOGUES,
  DEV_T_DIALOGUES,
  DEV_U_DIALOGUES,
  DEV_V_DIALOGUES,
  DEV_W_DIALOGUES,
  HELD_OUT_B_DIALOGUES,
  HELD_OUT_C_DIALOGUES,
  HELD_OUT_DIALOGUES,
  HELD_OUT_F_DIALOGUES,
  HELD_OUT_H_DIALOGUES,
  HELD_OUT_J_DIALOGUES,
  TUNED_DIALOGUES,
};

/**
 * The pass share of the tuned part with held-out A and B under which the dialogue suite fails. Dev D to dev T
 * (outside testers' development sets, tuned on) and held-out C, F, H and J (frozen, never tuned on) are printed
 * apart.
 */
export const DIALOGUE_PASS_BAR = 0.95;

/**
 * A floor under held-out C's pass share, per service: a regression guard set well below what the engine scored when it
 * was set (74% of 227 turns on 2026-11-27), so that no change to the engine may quietly lose what it generalizes. It is
 * not a target to tune to: the set is never read while working on the engine, and the floor only moves up, after a
 * change measured on it.
 */
export const HELD_OUT_C_FLOOR = 0.65;

/**
 * Ratchets under the dev sets (tuned on), per service: the number of checked turns that passed when last measured on a full
 * run, so that no change to the engine quietly loses what it learned on them. They only move up, after a full run shows a
 * higher figure. Set on 2026-11-27 (issue 37 round 5; dev I was 71/96 messaging and 74/91 entity before it), raised on
 * 2026-11-28 (round 7: reply behaviour, and memory's paraphrases, corrections by clause and days; a full run of both, with dev K's
 * first floors: dev K was 84/113 messaging and 64/110 entity before round 7), and on 2026-11-28 (round 8: who via companions,
 * what time as a time of day, corrections of one kind; dev K 86 → 87 messaging, 81 → 86 entity, the others unchanged), and on
 * 2026-11-28 (round 9, with dev L's and dev M's first floors: a full run of both services after the round), and on 2026-11-28
 * (round 10, with dev N's and dev O's first floors). Round 10 lowered dev D's by one turn per service, the one exception: in
 * messaging a turn had passed by a word of the message's other sentence ("ty sunny." found "hey sunny, its priyanka"), which
 * a question about the person is no longer read with; in entity a dose asked with no word of the statement holding it.
 * Raised on 2026-11-28 (round 11, with dev P's first floors), and on 2026-11-28 (round 12, with the first floors of dev Q,
 * R and S; dev S was never tuned on: its floor is what the engine scored on it at the end of the round), and on 2026-11-28
 * (round 13, with dev T's first floors; dev S still never tuned on), and on 2026-11-29 (round 14, with dev U's first floors,
 * from a full run of both services' HTTP suites; dev S still never tuned on), and on 2026-11-29 (round 15, with dev V's
 * first floors, from a full run of both services' HTTP suites; dev S still never tuned on), and on 2026-11-29 (round 17, with
 * dev W's first floors, from a full run of both services' HTTP suites; dev S still never tuned on).
 */
export const DEV_FLOORS: Record<'messaging' | 'entity', Partial<Record<DialoguePart, number>>> = {
  messaging: {
    'dev D': 139,
    'dev E': 88,
    'dev G': 99,
    'dev I': 95,
    'dev K': 99,
    'dev L': 100,
    'dev M': 103,
    'dev N': 113,
    'dev O': 101,
    'dev P': 105,
    'dev Q': 72,
    'dev R': 55,
    'dev S': 96,
    'dev T': 66,
    'dev U': 99,
    'dev V': 94,
    'dev W': 110,
  },
  entity: {
    'dev D': 187,
    'dev E': 89,
    'dev G': 97,
    'dev I': 85,
    'dev K': 94,
    'dev L': 91,
    'dev M': 101,
    'dev N': 109,
    'dev O': 98,
    'dev P': 99,
    'dev Q': 63,
    'dev R': 60,
    'dev S': 103,
    'dev T': 67,
    'dev U': 91,
    'dev V': 101,
    'dev W': 116,
  },
};

/**
 * Every dialogue with the part it belongs to; `{ dev: false }` leaves out the development sets, dev D to dev T (tuned on;
 * their DEV_FLOORS are checked when they run), as CI's run does.
 */
export function allDialogues(opts: { dev?: boolean } = {}): Array<{ dialogue: Dialogue; part: DialoguePart }> {
  const all: Array<{ dialogue: Dialogue; part: DialoguePart }> = [
    ...TUNED_DIALOGUES.map((dialogue) => ({ dialogue, part: 'tuned' as const })),
    ...DEV_D_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev D' as const })),
    ...DEV_E_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev E' as const })),
    ...DEV_G_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev G' as const })),
    ...DEV_I_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev I' as const })),
    ...DEV_K_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev K' as const })),
    ...DEV_L_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev L' as const })),
    ...DEV_M_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev M' as const })),
    ...DEV_N_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev N' as const })),
    ...DEV_O_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev O' as const })),
    ...DEV_P_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev P' as const })),
    ...DEV_Q_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev Q' as const })),
    ...DEV_R_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev R' as const })),
    ...DEV_S_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev S' as const })),
    ...DEV_T_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev T' as const })),
    ...DEV_U_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev U' as const })),
    ...DEV_V_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev V' as const })),
    ...DEV_W_DIALOGUES.map((dialogue) => ({ dialogue, part: 'dev W' as const })),
    ...HELD_OUT_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out A' as const })),
    ...HELD_OUT_B_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out B' as const })),
    ...HELD_OUT_C_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out C' as const })),
    ...HELD_OUT_F_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out F' as const })),
    ...HELD_OUT_H_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out H' as const })),
    ...HELD_OUT_J_DIALOGUES.map((dialogue) => ({ dialogue, part: 'held-out J' as const })),
  ];
  return opts.dev === false ? all.filter(({ part }) => !part.startsWith('dev ')) : all;
}
