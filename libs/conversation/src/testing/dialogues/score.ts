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

/**
 * The tuned part; the development sets D, E, G, I and K (outside testers' conversations, tuned on: dev-d.ts, dev-e.ts, dev-g.ts,
 * dev-i.ts, dev-k.ts); the two held-out parts of held-out.ts; and held-out C, F and H (held-out-c.ts, held-out-f.ts, held-out-h.ts):
 * written by someone who had not read the engine, frozen, never tuned on.
 */
export type DialoguePart = 'tuned' | 'dev D' | 'dev E' | 'dev G' | 'dev I' | 'dev K' | 'held-out A' | 'held-out B' | 'held-out C' | 'held-out F' | 'held-out H';

/** The parts printed apart and kept out of the pass bar's share. */
const APART: DialoguePart[] = ['dev D', 'dev E', 'dev G', 'dev I', 'dev K', 'held-out C', 'held-out F', 'held-out H'];

export interface TurnResult {
  dialogue: string;
  part: DialoguePart;
  say: string;
  reply: string;
  problems: string[];
}

/**
 * Pass shares per part, as printable lines. `share` is that of the tuned part with held-out A and B (held to
 * DIALOGUE_PASS_BAR); `devShare` that of dev D, `devEShare` that of dev E, `devGShare` that of dev G, `devIShare` that of dev I, `devKShare` that of dev K,
 * `frozenShare` that of held-out C, `heldOutFShare` that of held-out F and `heldOutHShare` that of held-out H, reported apart.
 */
export function summarize(
  results: TurnResult[],
  label: string,
): {
  share: number;
  devShare: number;
  devEShare: number;
  devGShare: number;
  devIShare: number;
  devKShare: number;
  frozenShare: number;
  heldOutFShare: number;
  heldOutHShare: number;
  lines: string[];
} {
  const share = (rs: TurnResult[]) => (rs.length ? rs.filter((r) => !r.problems.length).length / rs.length : 1);
  const fmt = (name: string, rs: TurnResult[]) =>
    rs.length ? `${name}: ${rs.filter((r) => !r.problems.length).length}/${rs.length} turns pass (${(share(rs) * 100).toFixed(1)}%)` : `${name}: not run`;
  const suite = results.filter((r) => !APART.includes(r.part));
  const dev = results.filter((r) => r.part === 'dev D');
  const devE = results.filter((r) => r.part === 'dev E');
  const devG = results.filter((r) => r.part === 'dev G');
  const frozen = results.filter((r) => r.part === 'held-out C');
  const frozenF = results.filter((r) => r.part === 'held-out F');
  const devI = results.filter((r) => r.part === 'dev I');
  const frozenH = results.filter((r) => r.part === 'held-out H');
  const devK = results.filter((r) => r.part === 'dev K');
  const lines = [
    `dialogue suite, ${label}`,
    `  ${fmt('tuned with held-out A and B', suite)}`,
    `  ${fmt(
      'tuned',
      results.filter((r) => r.part === 'tuned'),
    )}`,
    `  ${fmt('dev D (tuned on)', dev)}`,
    `  ${fmt('dev E (tuned on)', devE)}`,
    `  ${fmt('dev G (tuned on)', devG)}`,
    `  ${fmt('dev I (tuned on)', devI)}`,
    `  ${fmt('dev K (tuned on)', devK)}`,
    `  ${fmt(
      'held-out (A and B)',
      results.filter((r) => r.part === 'held-out A' || r.part === 'held-out B'),
    )}`,
    `  ${fmt(
      'held-out A',
      results.filter((r) => r.part === 'held-out A'),
    )}`,
    `  ${fmt(
      'held-out B',
      results.filter((r) => r.part === 'held-out B'),
    )}`,
    `  ${fmt('held-out C (frozen, never tuned on)', frozen)}`,
    `  ${fmt('held-out F (frozen, never tuned on)', frozenF)}`,
    `  ${fmt('held-out H (frozen, never tuned on)', frozenH)}`,
    ...results
      .filter((r) => r.problems.length)
      .map((r) => `  FAIL ${r.dialogue} (${r.part}): ${JSON.stringify(r.say)} → ${JSON.stringify(r.reply)} [${r.problems.join('; ')}]`),
  ];
  return {
    share: share(suite),
    devShare: share(dev),
    devEShare: share(devE),
    devGShare: share(devG),
    devIShare: share(devI),
    devKShare: share(devK),
    frozenShare: share(frozen),
    heldOutFShare: share(frozenF),
    heldOutHShare: share(frozenH),
    lines,
  };
}
