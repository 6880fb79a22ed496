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
 * The tuned part; the development sets D, E, G, I and K (outside testers' conversations, tuned on: dev-d.ts, dev-e.ts,
 * dev-g.ts, dev-i.ts, dev-k.ts); the two held-out parts of held-out.ts; and held-out C, F, H and J (held-out-c.ts,
 * held-out-f.ts, held-out-h.ts, held-out-j.ts): written by someone who had not read the engine, frozen, never tuned on.
 */
export const DIALOGUE_PARTS = [
  'tuned',
  'dev D',
  'dev E',
  'dev G',
  'dev I',
  'dev K',
  'dev L',
  'dev M',
  'dev N',
  'dev O',
  'dev P',
  'dev Q',
  'dev R',
  'dev S',
  'dev T',
  'dev U',
  'dev V',
  'dev W',
  'held-out A',
  'held-out B',
  'held-out C',
  'held-out F',
  'held-out H',
  'held-out J',
] as const;
export type DialoguePart = (typeof DIALOGUE_PARTS)[number];

/** The frozen parts: never tuned on, so their failing turns are not printed (see `summarize`). */
export const FROZEN_PARTS: DialoguePart[] = ['held-out C', 'held-out F', 'held-out H', 'held-out J'];

/**
 * Development sets never tuned on: printed with the dev sets and held to their floors, but, like the frozen parts, their
 * failing turns are not printed (dev S: its count measures generalization only while nobody reads its turns).
 */
export const UNREAD_PARTS: DialoguePart[] = ['dev S'];

/** The parts whose failing turns and replies are never printed unless `DIALOGUE_SHOW_FROZEN=1`. */
export const HIDDEN_PARTS: DialoguePart[] = [...FROZEN_PARTS, ...UNREAD_PARTS];

/** The parts printed apart and kept out of the pass bar's share: the development sets and the frozen ones. */
const APART: DialoguePart[] = [...DIALOGUE_PARTS.filter((p) => p.startsWith('dev ')), ...FROZEN_PARTS];

export interface TurnResult {
  dialogue: string;
  part: DialoguePart;
  say: string;
  reply: string;
  problems: string[];
}

/**
 * Pass shares per part, as printable lines. `share` is that of the tuned part with held-out A and B (held to
 * DIALOGUE_PASS_BAR), `frozenShare` that of held-out C (held to its floor), `shares` that of every part that ran.
 *
 * A failing turn is printed with the reply for the tuned and dev parts (what a developer works from). For the frozen
 * parts and the dev sets never tuned on (HIDDEN_PARTS) only the part's count is printed: their replies and failures are never shown, so that nobody tunes on them by
 * reading a CI log. `DIALOGUE_SHOW_FROZEN=1` prints them too, for a maintainer checking that a frozen
 * check is fair (a check found unfair is removed in a commit that says why; the set is not tuned on).
 */
export function summarize(
  results: TurnResult[],
  label: string,
  opts: { showFrozen?: boolean } = { showFrozen: process.env['DIALOGUE_SHOW_FROZEN'] === '1' },
): { share: number; frozenShare: number; shares: Partial<Record<DialoguePart, number>>; lines: string[] } {
  const passed = (rs: TurnResult[]) => rs.filter((r) => !r.problems.length).length;
  const share = (rs: TurnResult[]) => (rs.length ? passed(rs) / rs.length : 1);
  const fmt = (name: string, rs: TurnResult[]) =>
    rs.length ? `${name}: ${passed(rs)}/${rs.length} turns pass (${(share(rs) * 100).toFixed(1)}%)` : `${name}: not run`;
  const of = (...parts: DialoguePart[]) => results.filter((r) => parts.includes(r.part));
  const suite = results.filter((r) => !APART.includes(r.part));
  const note = (part: DialoguePart) =>
    UNREAD_PARTS.includes(part)
      ? ' (never tuned on, turns not printed)'
      : part.startsWith('dev ')
        ? ' (tuned on)'
        : FROZEN_PARTS.includes(part)
          ? ' (frozen, never tuned on)'
          : '';
  const shares: Partial<Record<DialoguePart, number>> = {};
  for (const part of DIALOGUE_PARTS) if (of(part).length) shares[part] = share(of(part));
  const lines = [
    `dialogue suite, ${label}`,
    `  ${fmt('tuned with held-out A and B', suite)}`,
    `  ${fmt('tuned', of('tuned'))}`,
    ...DIALOGUE_PARTS.filter((p) => p.startsWith('dev ')).map((p) => `  ${fmt(p + note(p), of(p))}`),
    `  ${fmt('held-out (A and B)', of('held-out A', 'held-out B'))}`,
    `  ${fmt('held-out A', of('held-out A'))}`,
    `  ${fmt('held-out B', of('held-out B'))}`,
    ...FROZEN_PARTS.map((p) => `  ${fmt(p + note(p), of(p))}`),
    ...results
      .filter((r) => r.problems.length && (opts.showFrozen || !HIDDEN_PARTS.includes(r.part)))
      .map((r) => `  FAIL ${r.dialogue} (${r.part}): ${JSON.stringify(r.say)} → ${JSON.stringify(r.reply)} [${r.problems.join('; ')}]`),
  ];
  return { share: share(suite), frozenShare: share(of('held-out C')), shares, lines };
}
