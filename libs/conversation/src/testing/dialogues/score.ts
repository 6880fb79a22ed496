import { detectLanguage } from '../../lib/detect-language';
import { fold } from '../../lib/text';
import type { Dialogue, DialogueTurn } from './types';

/** A turn as it is sent: the scripted turns with the filler messages of a long conversation in between. */
export interface PlannedTurn {
  say: string;
  /** The scripted turn (with its checks); undefined for filler. */
  check?: DialogueTurn;
}

/** The messages a dialogue sends, in order. */
export function planTurns(d: Dialogue): PlannedTurn[] {
  const out: PlannedTurn[] = [];
  d.turns.forEach((turn, i) => {
    out.push({ say: turn.say, check: turn });
    if (d.filler && d.filler.after === i) {
      for (let k = 0; k < d.filler.count; k++) out.push({ say: d.filler.messages[k % d.filler.messages.length] });
    }
  });
  return out;
}

/** True when the turn has something to check. */
export function isChecked(turn: DialogueTurn | undefined): turn is DialogueTurn {
  return Boolean(turn && (turn.contains?.length || turn.excludes?.length || turn.lang));
}

/** What is wrong with a reply to a turn (nothing: it passes). Text is compared without case and accents. */
export function checkReply(reply: string, turn: DialogueTurn): string[] {
  const text = fold(reply);
  const problems: string[] = [];
  for (const want of turn.contains ?? []) {
    const options = Array.isArray(want) ? want : [want];
    if (!options.some((o) => text.includes(fold(o)))) problems.push(`missing ${JSON.stringify(want)}`);
  }
  for (const unwanted of turn.excludes ?? []) if (text.includes(fold(unwanted))) problems.push(`contains ${JSON.stringify(unwanted)}`);
  if (turn.lang) {
    const got = detectLanguage(reply).language;
    if (got !== turn.lang) problems.push(`language ${got ?? 'unclear'} instead of ${turn.lang}`);
  }
  return problems;
}

/** The tuned part, the development set D (an outside tester's, tuned on too: dev-d.ts), and the two held-out parts (see held-out.ts). */
export type DialoguePart = 'tuned' | 'dev D' | 'held-out A' | 'held-out B';

/** Parts the engine was tuned on (the rest is held out). */
const TUNED_PARTS: ReadonlySet<DialoguePart> = new Set(['tuned', 'dev D']);

export interface TurnResult {
  dialogue: string;
  part: DialoguePart;
  say: string;
  reply: string;
  problems: string[];
}

/** Pass shares overall, per part and per service, as printable lines. */
export function summarize(results: TurnResult[], label: string): { share: number; lines: string[] } {
  const share = (rs: TurnResult[]) => (rs.length ? rs.filter((r) => !r.problems.length).length / rs.length : 1);
  const fmt = (name: string, rs: TurnResult[]) => `${name}: ${rs.filter((r) => !r.problems.length).length}/${rs.length} turns pass (${(share(rs) * 100).toFixed(1)}%)`;
  const lines = [
    `dialogue suite, ${label}`,
    `  ${fmt('all', results)}`,
    `  ${fmt('tuned', results.filter((r) => r.part === 'tuned'))}`,
    `  ${fmt('dev D', results.filter((r) => r.part === 'dev D'))}`,
    `  ${fmt('held-out (A and B)', results.filter((r) => !TUNED_PARTS.has(r.part)))}`,
    `  ${fmt('held-out A', results.filter((r) => r.part === 'held-out A'))}`,
    `  ${fmt('held-out B', results.filter((r) => r.part === 'held-out B'))}`,
    ...results.filter((r) => r.problems.length).map((r) => `  FAIL ${r.dialogue} (${r.part}): ${JSON.stringify(r.say)} → ${JSON.stringify(r.reply)} [${r.problems.join('; ')}]`),
  ];
  return { share: share(results), lines };
}
