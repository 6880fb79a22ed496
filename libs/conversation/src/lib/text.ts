/** Small deterministic text helpers shared by the built-in engine and the fact rules. */
import { LANGUAGE_DATA, perLanguage } from './lang';

/** Is every character of s in ASCII? */
function ascii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** Lower-cases and removes diacritics: "Não É" → "nao e". */
export function fold(s: string): string {
  // Plain ASCII has no marks to remove: only lower-case it (most words the engine folds, many times a turn).
  if (ascii(s)) return s.toLowerCase();
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words that ask a question in a language (lang/*.ts `asking.interrogatives` and `questionWords`), folded. */
export const askingWords = perLanguage((lang) => new Set([...LANGUAGE_DATA[lang].asking.interrogatives, ...LANGUAGE_DATA[lang].questionWords].map(fold)));

/**
 * Replaces each lone UTF-16 surrogate with U+FFFD: what the engine keeps (facts, statements) is stored as jsonb, which
 * refuses the `\ud800` escape JSON.stringify writes for one.
 */
export function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** The text as a literal in a regular expression. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Collapses whitespace and trims. */
export function squish(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** FNV-1a 32-bit hash: stable across runs and platforms. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Picks one option deterministically from a seed string. */
export function pick<T>(options: readonly T[], seed: string): T {
  return options[hash(seed) % options.length];
}

/** Upper-cases the first letter. */
export function capitalize(s: string): string {
  return s ? s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1) : s;
}

const LOWER_JOINERS = new Set(['de', 'do', 'da', 'dos', 'das', 'e', 'of', 'the', 'van', 'von', 'del', 'la', 'di']);

/** "são paulo" → "São Paulo", "rio de janeiro" → "Rio de Janeiro". */
export function titleCase(s: string): string {
  return squish(s)
    .split(' ')
    .map((w, i) => (i > 0 && LOWER_JOINERS.has(w.toLowerCase()) ? w.toLowerCase() : capitalize(w.toLowerCase())))
    .join(' ');
}

/** Joins a list naturally: "a", "a and b", "a, b and c" (or "e" in Portuguese, "y" in Spanish). */
export function joinList(items: string[], lang: 'pt' | 'en' | 'es' | 'fr' | 'de', or = false): string {
  if (items.length <= 1) return items[0] ?? '';
  const and = or ? { pt: 'ou', en: 'or', es: 'o', fr: 'ou', de: 'oder' }[lang] : { pt: 'e', en: 'and', es: 'y', fr: 'et', de: 'und' }[lang];
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** Splits a message into sentences, keeping the final punctuation. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const s of text
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((x) => x.trim())
    .filter(Boolean)) {
    // Not after a title ("Call me Dr. Okafor", "a Sra. Lima"), nor after an ordinal's dot that a month, a noun of
    // lang/*.ts `ordinalNouns` or a lower-case word follows ("Wir kommen am 2. August", "3. OG links", "den 12., um 8 Uhr").
    if (out.length && (TITLE_END.test(out[out.length - 1]) || (ORDINAL_END.test(out[out.length - 1]) && goesOn(s)))) out[out.length - 1] += ` ${s}`;
    else out.push(s);
  }
  return out;
}

/** A sentence ending in a day of the month written with a dot, as German writes ordinals ("am 2.", "den 12."). */
const ORDINAL_END = /(?:^|\s)\d{1,2}\.$/u;
const MONTHS = new Set(Object.values(LANGUAGE_DATA).flatMap((d) => [...d.months, ...(d.ordinalNouns ?? [])].map((m) => fold(m))));
/** Does a piece go on the sentence before it: it opens with a lower-case word, a comma or a month ("August", "März")? */
function goesOn(piece: string): boolean {
  const first = piece.split(/[\s,.;:!?]+/u)[0] ?? '';
  return /^[\p{Ll},]/u.test(piece) || MONTHS.has(fold(first));
}

/** A sentence ending in a title's abbreviation ("Dr.", "Sra.", "Mme."): the name follows. */
const TITLE_END = /(?:^|\s)(?:dr|dra|mr|mrs|ms|sr|sra|srta|st|prof|mme|mlle|m)\.$/iu;

/** Removes trailing punctuation, emoji and spaces. */
export function trimEnd(s: string): string {
  return s.replace(/[\s.,;:!?…"'”’)\]\p{Extended_Pictographic}\uFE0F]+$/u, '').trim();
}
