import type { Lang } from './language';
import { LANGUAGE_DATA, perLanguage } from './lang';
import { escapeRe } from './text';

/**
 * A language's chat shorthand (lang/*.ts `shorthand`) as one expression: a shorthand word alone, written in lower case or
 * with a capital first letter when longer than one letter ("Qdo", never "Q", "U" or "D": an initial, a grade, a vitamin),
 * not inside a code, an address, a number or a contraction ("Q-204", "u.s.", "c'est", "1tb").
 */
const shorthandOf = perLanguage((lang) => {
  const table = LANGUAGE_DATA[lang].shorthand;
  const keys = Object.keys(table).sort((a, b) => b.length - a.length);
  if (!keys.length) return undefined;
  const re = new RegExp(`(?<![\\p{L}\\p{N}'’@/._-])(${keys.map(escapeRe).join('|')})(?![\\p{L}\\p{N}'’@-]|[./][\\p{L}\\p{N}])`, 'giu');
  return { table, re };
});

/**
 * The message with its chat shorthand written out in the language it is written in ("¿a q hora tenía q estar allí?" →
 * "¿a que hora tenía que estar allí?", "qdo chegam?" → "quando chegam?", "im moving on the 5th" → "i'm moving on the 5th"),
 * so that what reads questions, statements and corrections sees the words themselves. The rest of the text is unchanged.
 */
export function expandShorthand(text: string, lang: Lang): string {
  const made = shorthandOf(lang);
  if (!made || !text) return text;
  return text.replace(made.re, (word: string) => {
    const lower = word.toLowerCase();
    const full = made.table[lower];
    if (full === undefined) return word;
    if (word === lower) return full;
    // "Qdo", "Pq": a capital at the start of a sentence stays; a single capital letter or an all-capitals word is not shorthand.
    if (word.length > 1 && word[0] !== word[0].toLowerCase() && word.slice(1) === word.slice(1).toLowerCase())
      return full.charAt(0).toUpperCase() + full.slice(1);
    return word;
  });
}
