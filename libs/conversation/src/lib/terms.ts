// wink-lexicon ships no types: its declaration is named here so that every build compiling this file has it (an app's
// tsconfig includes only what its entry imports, and a .d.ts is never imported).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./wink-lexicon.d.ts" />
import * as chrono from 'chrono-node';
import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { copyArrays, RecentAnswers } from './recent-answers';
import * as VERB_EXCEPTIONS from 'wink-lexicon/src/wn-verb-exceptions.js';
import type { Lang } from './language';
import { LANGUAGE_DATA, perLanguage } from './lang';
import { PARAPHRASE } from './lang/paraphrase';
import { escapeRe, fold } from './text';

/*
 * The normalized terms of a sentence, for the statement memory: stems (snowball, per language, with the
 * synonyms of lang/*.ts mapped to one term), numbers, codes, e-mails, dates (chrono-node) and names; the
 * categories of lang/*.ts add `cat:<id>` terms (a question's "operadora" and a statement's "da Vivo" share one).
 */

export interface Terms {
  /** Content words, stemmed and folded; synonyms share one term ("flying", "flight" → "syn:fli"). */
  stems: string[];
  /** Bare numbers as written ("14", "774521"). */
  numbers: string[];
  /** Codes with digits and letters or dashes ("88213-B", "TCK-55821"), upper-cased. */
  codes: string[];
  emails: string[];
  /** Dates the sentence names, as YYYY-MM-DD (relative to `ref`). */
  dates: string[];
  /** Capitalized words inside the sentence (names of people, places, titles), folded. */
  names: string[];
  /** The terms of `stems` the sentence has only through a broader word (lang/paraphrase.ts): weaker in retrieval. */
  broad?: string[];
}

const stemmer = perLanguage((lang): Stemmer => newStemmer(LANGUAGE_DATA[lang].stemmer));

const stopWords = perLanguage((lang) => {
  const d = LANGUAGE_DATA[lang];
  return new Set([...d.stop, ...d.firstPerson, ...d.filler].map(fold));
});

const synonyms = perLanguage((lang) => {
  const m = new Map<string, string>();
  for (const group of LANGUAGE_DATA[lang].synonyms) {
    const id = `syn:${stemWord(group[0], lang)}`;
    for (const w of group) m.set(stemWord(w, lang), id);
  }
  return m;
});

/**
 * English past forms whose base shares no stem with them ("flew" / "flying", "bought" / "buy", "paid" / "pay"): WordNet's
 * verb exceptions (wink-lexicon), so that "where was i flying from?" finds "flew easyjet from rome". Forms that are also
 * everyday nouns or adjectives ("left knee", "a saw", "rose", "felt", "a spoke", "ground") are left as they are.
 */
const NOT_VERBS = new Set(
  (
    'left saw found rose felt spoke ground lay bore lit fell wound bound better best worse worst was were had did does has is ' +
    'are am been red bed bing feed seed weed taxis popes rent sat bit dove shot stove clove shed gan kent gelt chid leant ' +
    'upped swops pent rove hove might could would'
  ).split(' '),
);
const verbBase = (word: string): string => {
  const base = (VERB_EXCEPTIONS as Record<string, string>)[word];
  return typeof base === 'string' && !NOT_VERBS.has(word) ? base : word;
};

/**
 * Each language's stems of the words stemmed lately. snowball-stemmers' generated code is slow (its getters run through
 * `Object.prototype.hasOwnProperty.call`, slower still inside Jest's sandbox, where it was half of a dialogue suite's
 * time) and a conversation's words come back on every turn, since each turn reads the history again. Bounded: emptied
 * when it holds STEM_CACHE_MAX words (a few hundred KB a language).
 */
const STEM_CACHE_MAX = 5000;
const stemCache = perLanguage(() => new Map<string, string>());

function stemWord(word: string, lang: Lang): string {
  const folded = fold(word);
  const cache = stemCache(lang);
  let stem = cache.get(folded);
  if (stem === undefined) {
    stem = stemmer(lang).stem(lang === 'en' ? verbBase(folded) : folded);
    if (cache.size >= STEM_CACHE_MAX) cache.clear();
    cache.set(folded, stem);
  }
  return stem;
}

interface CategoryIndex {
  /** A category word (folded, or its stem) → the categories it names. */
  words: Map<string, string[]>;
  /** A member (folded, or the stem of one of five letters or more) → its categories. */
  members: Map<string, string[]>;
  /** Members that count in any case (weekdays, device makers). */
  anyCase: Set<string>;
  /** Folded words that name no category by their stem (lang/types.ts `unlike`). */
  unlike: Set<string>;
}
const categories = perLanguage((lang): CategoryIndex => {
  const index: CategoryIndex = { words: new Map(), members: new Map(), anyCase: new Set(), unlike: new Set() };
  const add = (map: Map<string, string[]>, key: string, id: string) => {
    const ids = map.get(key) ?? [];
    if (!ids.includes(id)) map.set(key, [...ids, id]);
  };
  for (const cat of LANGUAGE_DATA[lang].categories) {
    const id = `cat:${cat.id}`;
    for (const w of cat.words) {
      add(index.words, fold(w), id);
      add(index.words, `~${stemWord(w, lang)}`, id);
    }
    for (const w of cat.unlike ?? []) index.unlike.add(fold(w));
    for (const w of cat.members ?? []) {
      const keys = [fold(w), ...(w.length >= 6 && !cat.asWritten ? [`~${stemWord(w, lang)}`] : [])];
      for (const k of keys) {
        add(index.members, k, id);
        if (cat.anyCase) index.anyCase.add(k);
      }
    }
  }
  // A synonym of a category word names the category too ("handset" is "phone", so it is `cat:phone`).
  for (const group of LANGUAGE_DATA[lang].synonyms) {
    const ids = [...new Set(group.flatMap((w) => index.words.get(fold(w)) ?? []))];
    if (!ids.length) continue;
    for (const w of group) for (const id of ids) add(index.words, fold(w), id);
  }
  return index;
});

/**
 * The categories a word names ("operadora" → cat:carrier), as written or, from four letters, by its stem (`stem`, when
 * the caller has it), unless lang/*.ts lists it as `unlike` the category's words.
 */
function categoryOf(word: string, lang: Lang, stem?: string): string[] | undefined {
  const cats = categories(lang);
  const folded = fold(word);
  return cats.words.get(folded) ?? (word.length >= 4 && !cats.unlike.has(folded) ? cats.words.get(`~${stem ?? stemWord(word, lang)}`) : undefined);
}

/** The terms one word stands for: its categories when it names one, else its synonym group or stem. */
function wordTerms(word: string, lang: Lang): string[] {
  return categoryOf(word, lang) ?? [termOf(word, lang)];
}

interface ParaphraseIndex {
  /** Phrases as stemmed word lists (`*`: up to two words), longest first, with the terms they stand for. */
  phrases: Array<{ words: string[]; terms: string[] }>;
  /** A folded word (or `~` and its stem) → the terms of its broader words. */
  broader: Map<string, string[]>;
}
/** lang/paraphrase.ts, read once per language. */
const paraphrases = perLanguage((lang): ParaphraseIndex => {
  const data = PARAPHRASE[lang];
  const phrases = Object.entries(data.phrases)
    .map(([ph, target]) => ({
      words: fold(ph)
        .split(/\s+/)
        .flatMap((t) => (t === '*' ? ['*'] : wordsOf(t).map((w) => stemWord(w.word.replace(/’/g, "'"), lang)))),
      // A target of several words stands for each of them ("can't eat" → allergy and food).
      terms: [...new Set(target.split(/\s+/).flatMap((t) => wordTerms(t, lang)))],
    }))
    .sort((a, b) => b.words.length - a.words.length);
  const broader = new Map<string, string[]>();
  for (const [w, targets] of Object.entries(data.broader)) {
    const terms = [...new Set(targets.flatMap((t) => wordTerms(t, lang)))];
    broader.set(fold(w), terms);
    if (w.length >= 5) broader.set(`~${stemWord(w, lang)}`, terms);
  }
  return { phrases, broader };
});

/** The end (exclusive) of a phrase matched at `at` in the stemmed words, or -1; `*` takes up to two words. */
function matchPhrase(words: string[], at: number, phrase: string[]): number {
  if (!phrase.length) return at;
  const [head, ...rest] = phrase;
  if (head === '*') {
    for (let skip = 0; skip <= 2 && at + skip <= words.length; skip++) {
      const end = matchPhrase(words, at + skip, rest);
      if (end >= 0) return end;
    }
    return -1;
  }
  return at < words.length && words[at] === head ? matchPhrase(words, at + 1, rest) : -1;
}

/**
 * The phrases of lang/paraphrase.ts a text says: the indices of their words (which then count as the phrase only) and
 * the terms they stand for ("I'd like my money back" → syn:refund).
 */
function phraseTerms(words: string[], lang: Lang): { used: Set<number>; terms: string[] } {
  const used = new Set<number>();
  const terms: string[] = [];
  const { phrases } = paraphrases(lang);
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    for (const ph of phrases) {
      if (ph.words[0] !== words[i]) continue;
      const end = matchPhrase(words, i, ph.words);
      if (end < 0) continue;
      // The words the `*` took stay words of their own ("pick the parcel up": "parcel").
      for (let k = i; k < end; k++) if (ph.words.includes(words[k])) used.add(k);
      terms.push(...ph.terms);
      break;
    }
  }
  return { used, terms };
}

/** Words after which a category member in lower case counts ("chip da vivo", "je suis boulanger", "I'm a nurse"). */
const CATEGORY_LEADS = new Set(
  'da na do no a o la el le de com con with at on chez avec sou soy suis am an como comme as es e is un une uma um una mi my minha meu mon ma'.split(' '),
);
/** An amount of money: a number with a currency ("1.450 euros", "R$ 200", "$35"). */
const AMOUNT =
  /(?:R\$|US\$|\$|€|£)\s?\d|\d(?:[\d.,\s]*\d)?\s?(?:€|£|euros?\b|reais\b|real\b|d[oó]lares\b|dollars?\b|bucks\b|pesos\b|libras\b|pounds?\b|eur\b|brl\b|usd\b)/iu;

/** Measures by their unit: an area ("70 m2", "85 m²", "60 metros cuadrados") and a storage size ("256 go", "128GB"). */
const MEASURES: ReadonlyArray<[string, RegExp]> = [
  [
    'cat:area',
    /\d\s?(?:m2|m²|sqm|qm)(?![\p{L}\p{N}])|\d\s?(?:square (?:met(?:re|er)s|feet)|metros? (?:cuadrados|quadrados)|m[eè]tres? carr[eé]s|quadratmeter)/iu,
  ],
  ['cat:storage', /\d\s?(?:gb|go|tb|gigas?|gigabytes?|terabytes?)(?![\p{L}\p{N}])/iu],
  ['cat:weight', /\d\s?(?:kg|kgs|kilos?|quilos?|kilo(?:gram(?:me)?s?|gramos?)|quilogramas?|lbs?|pounds)(?![\p{L}\p{N}])/iu],
  // An age: "5 yr old", "8 años", "tem 8 anos", "j'ai 30 ans", "5 Jahre alt", "aged 71", "she's 71" is read by its words.
  [
    'cat:age',
    /\d\s?(?:yrs?|years?|y\/o|yo|anos|años|ans|jahre)\s?(?:old|de idade|de edad|alt)(?![\p{L}])|\b(?:tem|tenho|tiene|tengo|cumple|cumpre|cumplo|fez|hizo|a|ai|as|turns?|turned|turning)\s\d{1,3}\s?(?:anos|años|ans|years?|yrs?)(?![\p{L}\p{N}])|\baged\s\d{1,3}(?![\p{L}\p{N}])/iu,
  ],
];

/** Codes that are times of day or ordinals, not codes: "3PM", "16H", "10H30", "2ND". */
const TIME_CODE = /^\d{1,2}(?:[:H.]\d{2})?(?:AM|PM|H|HS|HRS|ST|ND|RD|TH)?$/;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
/** Elisions written into one word ("j'habite", "l'avion", "qu'est"): the part after the apostrophe. */
const ELISION = /^(?:[jlmtsdnc]|qu)['’](\p{L}.*)$/u;

/** Word-like segments, lower case, elisions split ("J'habite à Lyon" → ["j'", "habite", "à", "lyon"]). */
export function wordsOf(text: string): Array<{ word: string; index: number; raw: string }> {
  const out: Array<{ word: string; index: number; raw: string }> = [];
  for (const s of segmenter.segment(text)) {
    if (!s.isWordLike) continue;
    const lower = s.segment.toLowerCase();
    const el = ELISION.exec(lower);
    if (el) {
      const cut = lower.length - el[1].length;
      out.push({ word: lower.slice(0, cut), index: s.index, raw: s.segment.slice(0, cut) });
      out.push({ word: el[1], index: s.index + cut, raw: s.segment.slice(cut) });
    } else {
      out.push({ word: lower, index: s.index, raw: s.segment });
    }
  }
  return out;
}

/** The term of one content word: its stem, or its synonym group. */
export function termOf(word: string, lang: Lang): string {
  const stem = stemWord(word, lang);
  return synonyms(lang).get(stem) ?? stem;
}

/** Is the word a function word (or a first-person word) in the language? */
export function isStopWord(word: string, lang: Lang): boolean {
  return stopWords(lang).has(fold(word).replace(/['’]$/, ''));
}

/** An e-mail address (global: every one a text gives). */
export const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const CODE = /(?<![\p{L}\p{N}@.])(?=[\p{L}\p{N}-]*\p{N})[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)*(?![\p{L}\p{N}@])/gu;
const CHRONO: Record<Lang, { parse: (text: string, ref?: Date) => chrono.ParsedResult[] }> = {
  en: chrono.en,
  pt: chrono.pt,
  es: chrono.es,
  fr: chrono.fr,
  de: chrono.de,
};

/**
 * The dates chrono-node reads in a text, less what is no date: a moment ("for a sec", "now": an explicit time knows no
 * seconds) and an age or a length ("mi bebé de 8 meses", "minha filha de 3 anos", "un abonnement de 6 mois"): "of" and a
 * count before a unit of time (lang/*.ts `ago.units`), which names no day; "in 3 months", "en 3 meses", "dans 6 mois" do.
 */
function chronoResults(text: string, lang: Lang, ref: Date): chrono.ParsedResult[] {
  try {
    return CHRONO[lang].parse(text, ref).filter((r) => !r.start.isCertain('second') && !isLength(text, r, lang));
  } catch {
    return [];
  }
}

/** Words that say "of" before a count: "bebé de 8 meses", "a baby of 8 months", "ein Kind von 2 Jahren". */
const OF = new Set(['de', 'of', 'von', 'd', 'do', 'da', 'del']);

/** Is the date chrono-node read an age or a length: "of" + a count (+ a unit of time, in its text or right after)? */
function isLength(text: string, r: chrono.ParsedResult, lang: Lang): boolean {
  const words = wordsOf(r.text).map((w) => fold(w.word).replace(/['’]$/, ''));
  if (words.length < 2 || !OF.has(words[0]) || !/^\d+$|^\p{L}+$/u.test(words[1])) return false;
  const units = LANGUAGE_DATA[lang].ago.units;
  const isUnit = (w: string | undefined) => !!w && Object.keys(units).some((u) => fold(u) === w);
  if (!/^\d+$/.test(words[1]) && LANGUAGE_DATA[lang].ago.numbers[words[1]] === undefined) return false;
  if (words.length >= 3) return isUnit(words[2]) && words.length === 3;
  const after = wordsOf(text.slice(r.index + r.text.length))[0]?.word;
  return isUnit(after ? fold(after) : undefined);
}

/** The dates a text names, as written ("March 14th", "el martes"), by chrono-node; moments and lengths aside. */
export function parseDates(text: string, lang: Lang): string[] {
  return chronoResults(text, lang, new Date(Date.UTC(2000, 0, 1))).map((r) => r.text);
}

/** The phrases of lang/*.ts `ago` as expressions on folded text: number and unit captured. */
const agoPatterns = perLanguage((lang): RegExp[] => {
  const { phrases, numbers, vague, units } = LANGUAGE_DATA[lang].ago;
  const n = `(\\d{1,3}|${Object.keys({ ...numbers, ...vague })
    .map(fold)
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')})`;
  const u = `(${Object.keys(units)
    .map(fold)
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')})`;
  return phrases.map((p) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(fold(p)).replace('\\{n\\}', n).replace('\\{unit\\}', u)}(?![\\p{L}\\p{N}])`, 'gu'));
});

/** Any unit of time of lang/*.ts `ago` as a word, on folded text. */
const unitPattern = perLanguage((lang): RegExp => {
  return new RegExp(`(?<![\\p{L}])(?:${Object.keys(LANGUAGE_DATA[lang].ago.units).map(fold).map(escapeRe).join('|')})(?![\\p{L}])`, 'u');
});

const UNIT_DAYS = { hour: 0, day: 1, week: 7, month: 30, year: 365 } as const;
/** The dates of the spans counted back that a text names ("hace dos semanas" → two weeks before `ref`), as YYYY-MM-DD. */
export function agoDates(text: string, lang: Lang, ref: Date): string[] {
  const { numbers: exact, vague, units } = LANGUAGE_DATA[lang].ago;
  const folded = fold(text);
  // Most sentences name no unit of time: nothing to read.
  if (!unitPattern(lang).test(folded)) return [];
  const numbers = { ...exact, ...vague };
  const out: string[] = [];
  for (const re of agoPatterns(lang)) {
    for (const m of folded.matchAll(re)) {
      const count = /^\d+$/.test(m[1]) ? Number(m[1]) : Object.entries(numbers).find(([w]) => fold(w) === m[1])?.[1];
      const unit = Object.entries(units).find(([w]) => fold(w) === m[2])?.[1];
      if (!count || !unit) continue;
      out.push(new Date(ref.getTime() - count * UNIT_DAYS[unit] * 86_400_000).toISOString().slice(0, 10));
    }
  }
  return out;
}

/** Seven digits or more, in groups split by spaces, hyphens or brackets only (not a date's dots or slashes). */
const LONG_NUMBER = /(?<![\p{N}./:])\(?\d(?:[ \-()]{0,2}\d){6,}(?![\p{N}]|[./:]\d)/u;

/** lang/*.ts `compoundHeads` as one expression: a head with its linking "s", then a part of four letters or more. */
const compoundOf = perLanguage((lang) => {
  const heads = LANGUAGE_DATA[lang].compoundHeads;
  return heads?.length ? new RegExp(`^(\\p{L}{2,}(?:${heads.map(escapeRe).join('|')}))s(\\p{L}{4,})$`, 'u') : undefined;
});

/**
 * The words a language's compounds end with (lang/*.ts `compoundTails`, synonym words, category words of four letters or
 * more), folded, longest first; none for a language without `compoundTails`.
 */
const compoundTails = perLanguage((lang) => {
  const d = LANGUAGE_DATA[lang];
  if (!d.compoundTails?.length) return [];
  const words = [...d.compoundTails, ...d.synonyms.flat(), ...d.categories.flatMap((c) => c.words)]
    .map(fold)
    .filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w));
  return [...new Set(words)].filter((w) => w.length >= 4 || d.compoundTails!.includes(w)).sort((a, b) => b.length - a.length);
});

/** The words a compound tail is not split from: known words of their own ("hausnummer" is a street word, no "nummer"). */
const wholeWords = perLanguage((lang) => {
  const d = LANGUAGE_DATA[lang];
  return new Set([...d.synonyms.flat(), ...d.categories.flatMap((c) => c.words), ...d.streets].map(fold));
});

/** A long word, and the known word it ends with when it is a compound of it ("standesamt", "amt"). */
function withTail(w: { word: string; index: number; raw: string }, tails: string[]): Array<{ word: string; index: number; raw: string }> {
  const f = fold(w.word);
  if (f.length < 7) return [w];
  const tail = tails.find((t) => f.length - t.length >= 3 && f.endsWith(t));
  if (!tail) return [w];
  const cut = w.word.length - tail.length;
  return [w, { word: w.word.slice(cut), index: w.index + cut, raw: w.raw.slice(cut) }];
}

/** A compound word as its two parts ("wohnungsnummer" → "wohnung", "nummer"); any other word as itself. */
function splitCompound(w: { word: string; index: number; raw: string }, re: RegExp): Array<{ word: string; index: number; raw: string }> {
  const m = re.exec(w.word);
  if (!m) return [w];
  const cut = m[1].length + 1;
  return [
    { word: m[1], index: w.index, raw: w.raw.slice(0, m[1].length) },
    { word: m[2], index: w.index + cut, raw: w.raw.slice(cut) },
  ];
}

/**
 * The normalized terms of a text in a language; `ref` anchors relative dates ("on Friday"). `asked`: the text is a
 * question, whose category is the one it names ("which car…?" → `cat:vehicle`), not one of a member it mentions ("do you
 * sell food for cats?" asks nothing about pets the person has).
 */
export function termsOf(text: string, lang: Lang, ref?: Date, opts?: { asked?: boolean }): Terms {
  // Each turn reads the history's statements again: recent answers are remembered (dates relative to the fixed default
  // reference only).
  if (ref) return termsOfUncached(text, lang, ref, opts);
  return TERMS_CACHE.get(`${lang}\u0000${opts?.asked ? 1 : 0}\u0000${text ?? ''}`, () => termsOfUncached(text, lang, undefined, opts));
}

/** The recent answers of termsOf (recent-answers.ts). */
const TERMS_CACHE = new RecentAnswers<Terms>(5000, 1024 * 1024, copyArrays);

function termsOfUncached(text: string, lang: Lang, ref?: Date, opts?: { asked?: boolean }): Terms {
  const src = text ?? '';
  const emails = [...src.matchAll(EMAIL)].map((m) => m[0].toLowerCase());
  const noEmail = src.replace(EMAIL, ' ');
  const numbers: string[] = [];
  const codes: string[] = [];
  for (const m of noEmail.matchAll(CODE)) {
    const v = m[0];
    if (/^\d+$/.test(v)) numbers.push(v);
    else if (/^\d{1,2}(?:st|nd|rd|th|er|e|o|a|º|ª)$/iu.test(v)) numbers.push(v.replace(/\D+$/u, ''));
    else if (v.length >= 3) codes.push(v.toUpperCase());
  }
  const dates = chronoResults(noEmail, lang, ref ?? new Date(Date.UTC(2000, 0, 1))).map((r) => r.start.date().toISOString().slice(0, 10));
  dates.push(...agoDates(noEmail, lang, ref ?? new Date(Date.UTC(2000, 0, 1))));
  const linked = compoundOf(lang);
  const split = linked ? wordsOf(noEmail).flatMap((w) => splitCompound(w, linked)) : wordsOf(noEmail);
  const tails = compoundTails(lang);
  // A compound is also the word it ends with ("standesamt" → "amt", "pferdehaarallergie" → "allergie").
  const words = tails.length ? split.flatMap((w) => (wholeWords(lang).has(fold(w.word)) ? [w] : withTail(w, tails))) : split;
  const stems: string[] = [];
  const names: string[] = [];
  const cats = categories(lang);
  if (AMOUNT.test(noEmail)) stems.push('cat:amount');
  for (const [cat, re] of MEASURES) if (re.test(noEmail)) stems.push(cat);
  // A code with letters and at least three digits ("0x80070005", "E-401", "88213-B"), not a time of day ("3pm", "16h") nor
  // a model name ("archer AX73", "moto G84"), is the kind of value "what was the error?" asks for.
  // So is a number of seven digits or more, written in groups or not ("tel 0761 4492017", "07700 900 412"): "wie war
  // nochmal die Nummer?" asks for it.
  if (!opts?.asked && (codes.some((c) => !TIME_CODE.test(c) && (c.match(/\d/g)?.length ?? 0) >= 3) || LONG_NUMBER.test(noEmail))) stems.push('cat:code');
  // Number words count as numbers ("somos ocho", "he turned seven"), articles aside ("a", "um", "une").
  const numberWords = LANGUAGE_DATA[lang].ago.numbers;
  const phrased = phraseTerms(
    words.map((w) => stemWord(w.word.replace(/’/g, "'"), lang)),
    lang,
  );
  stems.push(...phrased.terms);
  const { broader } = paraphrases(lang);
  const broad: string[] = [];
  words.forEach((w, i) => {
    if (/\d/.test(w.word) || w.word.endsWith("'") || w.word.endsWith('’')) return;
    if (phrased.used.has(i)) return;
    const folded = fold(w.word);
    const n = numberWords[folded];
    // "One" is no value ("quick one", "the one I told you", "which one"), only a count from two up.
    if (n !== undefined && n > 1 && w.word.length >= 3 && !isStopWord(w.word, lang)) numbers.push(String(n));
    // A category word is its category ("operadora" → cat:carrier); a member carries it besides its own term.
    const stem = stemWord(w.word, lang);
    const stemKey = `~${stem}`;
    const cat = categoryOf(w.word, lang, stem);
    if (cat) {
      stems.push(...cat);
      return;
    }
    const key = cats.members.has(folded) ? folded : w.word.length >= 5 && cats.members.has(stemKey) ? stemKey : undefined;
    const member = key ? cats.members.get(key) : undefined;
    if (member && !opts?.asked && (cats.anyCase.has(key!) || /^\p{Lu}/u.test(w.raw) || (i > 0 && CATEGORY_LEADS.has(fold(words[i - 1].word)))))
      stems.push(...member);
    if (i > 0 && w.word.length > 1 && /^\p{Lu}/u.test(w.raw) && !isStopWord(w.word, lang)) names.push(fold(w.word));
    if (isStopWord(w.word, lang) || w.word.length < 2) return;
    stems.push(synonyms(lang).get(stem) ?? stem);
    // A statement's narrower word carries its broader ones ("the screen flickers": phone, laptop, problem).
    if (!opts?.asked) broad.push(...(broader.get(folded) ?? (w.word.length >= 5 ? broader.get(stemKey) : undefined) ?? []));
  });
  const weaker = [...new Set(broad.filter((b) => !stems.includes(b)))];
  stems.push(...weaker);
  return {
    stems: [...new Set(stems)],
    numbers: [...new Set(numbers)],
    codes: [...new Set(codes)],
    emails: [...new Set(emails)],
    dates: [...new Set(dates)],
    names: [...new Set(names)],
    ...(weaker.length ? { broad: weaker } : {}),
  };
}
