import { LANGUAGE_DATA, perLanguage } from './lang';
import type { Lang } from './language';
import { isStopWord, termsOf, wordsOf } from './terms';
import { askingWords, fold } from './text';

const LANGS = Object.keys(LANGUAGE_DATA) as Lang[];

/** lang/*.ts `companions` and `titles`, and the words that are nobody's name, folded, once per language. */
const companionWords = perLanguage((lang) => {
  const d = LANGUAGE_DATA[lang];
  return {
    companions: new Set(d.companions.map(fold)),
    titles: new Set(d.titles.map(fold)),
    // "¿con quién hablo?", "mit wem…": a question word is nobody's name.
    asking: new Set([...askingWords(lang), ...d.recallWords.map(fold)]),
  };
});

/**
 * The people a sentence says one is with, meets or is seen by (lang/*.ts `companions` and `titles`): the word after "with",
 * "com", "con", "avec", "mit", past articles and a form of address ("com a Kelly", "mit frau demir", "ideally with gareth"),
 * folded. A lower-case word counts after a title, or when it ends the clause ("with gareth," but not "with cash and cards");
 * a word of a category or a synonym group ("with my sister", "con el médico"), a number or a day is nobody's name.
 */
export function companionNames(said: string, lang: Lang): string[] {
  // "with wendy instead of marcus": whom one is with is read without whom one is not.
  const text = withoutInstead(said);
  const { companions, titles, asking } = companionWords(lang);
  const words = wordsOf(text);
  const out: string[] = [];
  words.forEach((w, i) => {
    if (!companions.has(fold(w.word))) return;
    let j = i + 1;
    let titled = false;
    for (let k = 0; k < 2 && j < words.length; k++) {
      const f = fold(words[j].word);
      if (asking.has(f)) return;
      if (titles.has(f)) titled = true;
      else if (!isStopWord(f, lang)) break;
      j++;
    }
    const name = words[j];
    if (!name || name.word.length < 2 || /\d/.test(name.word) || isStopWord(name.word, lang) || asking.has(fold(name.word))) return;
    const capital = /^\p{Lu}/u.test(name.raw);
    const after = text.slice(name.index + name.raw.length);
    const endsClause = /^\s*(?:[,.;:!?)]|$)/u.test(after);
    if (!titled && !capital && !endsClause) return;
    const [term] = termsOf(name.raw, lang).stems;
    if (!titled && term && (term.startsWith('cat:') || term.startsWith('syn:') || term.startsWith('ref:'))) return;
    out.push(fold(name.word));
  });
  return [...new Set(out)];
}

let INSTEAD: RegExp | undefined;
/**
 * "statt herrn okafor", "instead of 10", "en vez de Luis": a phrase of lang/*.ts `insteadOf` (any language) with the value
 * it puts aside (articles and a form of address before it), and the comma before it.
 */
function insteadClause(): RegExp {
  if (!INSTEAD) {
    const words = (xs: string[]) =>
      [...new Set(xs.map(fold))]
        .sort((a, b) => b.length - a.length)
        .map((x) => x.replace(/ /g, '\\s+'))
        .join('|');
    const phrases = words(LANGS.flatMap((l) => LANGUAGE_DATA[l].insteadOf));
    const titles = words(LANGS.flatMap((l) => LANGUAGE_DATA[l].titles));
    const articles = 'the|my|o|a|os|as|el|la|los|las|le|les|der|die|das|dem|den|um|uma|un|una|une';
    INSTEAD = new RegExp(
      String.raw`\s*,?\s*(?<![\p{L}\p{N}])(?:${phrases})\s+(?:(?:${articles}|${titles})\.?\s+){0,2}([\p{L}\p{N}][\p{L}\p{N}:.'’-]*[\p{L}\p{N}]|[\p{L}\p{N}])(?:\s+(?:\p{L}|\p{N}+)(?=\s*(?:[,.;:!?]|$)))?`,
      'giu',
    );
  }
  return new RegExp(INSTEAD);
}

/** The values a sentence puts aside with "instead of" ("doch lieber frau demir statt herrn okafor" → okafor), folded. */
export function insteadWords(sentence: string): string[] {
  return [...fold(sentence).matchAll(insteadClause())].map((m) => m[1]);
}

/** Folded character by character, so that an index in it is one in `s` ("invés" → "inves"). */
function foldInPlace(s: string): string {
  return [...s].map((c) => (fold(c).length === c.length ? fold(c) : c)).join('');
}

/** The sentence without what it puts aside: "can we do 11:30 instead of 10?" → "can we do 11:30?". */
export function withoutInstead(sentence: string): string {
  const folded = foldInPlace(sentence);
  let out = '';
  let at = 0;
  for (const m of folded.matchAll(insteadClause())) {
    out += sentence.slice(at, m.index);
    at = m.index + m[0].length;
  }
  return out + sentence.slice(at);
}
