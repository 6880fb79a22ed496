/**
 * Dictionary hyphenation points (Liang's algorithm with the TeX patterns, from the `hyphen` package, ISC),
 * by language. A word too wide for its line is broken only at one of these points, with a hyphen drawn;
 * a word without a point that fits is not broken there (see `breakLines` in text-layout.ts).
 */
type Hyphenator = { hyphenateSync(text: string, options?: { hyphenChar?: string; minWordLength?: number }): string };

/**
 * The languages with patterns, by primary subtag. Loaded on first use (each pattern set is tens of kB);
 * required one by one so that bundlers see every file.
 */
const LOADERS: Record<string, () => Hyphenator> = {
  en: () => require('hyphen/en-us'),
  pt: () => require('hyphen/pt'),
  es: () => require('hyphen/es'),
  de: () => require('hyphen/de-1996'),
  fr: () => require('hyphen/fr'),
  it: () => require('hyphen/it'),
  nl: () => require('hyphen/nl'),
  ca: () => require('hyphen/ca'),
  da: () => require('hyphen/da'),
  sv: () => require('hyphen/sv'),
  nb: () => require('hyphen/nb'),
  pl: () => require('hyphen/pl'),
};
/** Fewest letters kept before and after a break (TeX's \lefthyphenmin / \righthyphenmin, 3 after: no "-ze" alone on a line). */
const MIN_BEFORE = 2;
const MIN_AFTER = 3;

const loaded = new Map<string, Hyphenator | null>();
const points = new Map<string, number[]>();
const POINTS_MAX = 5_000;

/** The patterns for a BCP 47 tag (`pt-BR` → pt), or null when the language has none here. */
function hyphenator(lang: string): Hyphenator | null {
  const primary = lang.toLowerCase().split(/[-_]/)[0];
  if (!loaded.has(primary)) {
    const load = LOADERS[primary];
    let h: Hyphenator | null = null;
    try {
      h = load ? load() : null;
    } catch {
      h = null;
    }
    loaded.set(primary, h);
  }
  return loaded.get(primary)!;
}

/** Whether words of `lang` can be hyphenated (patterns are available for it). */
export function canHyphenate(lang: string): boolean {
  return hyphenator(lang) !== null;
}

/**
 * Offsets (in UTF-16 units of `word`) where `word` may be broken, ascending: the dictionary's points with at
 * least two letters before and three after. `word` is letters only (marks included); [] when the
 * language has no patterns or the word no point.
 */
export function hyphenationPoints(word: string, lang: string): number[] {
  const key = `${lang}|${word}`;
  const hit = points.get(key);
  if (hit) return hit;
  const h = hyphenator(lang);
  const out: number[] = [];
  if (h && word.length >= MIN_BEFORE + 2) {
    const marked = h.hyphenateSync(word, { hyphenChar: '\u00AD', minWordLength: 4 });
    let at = 0;
    for (const ch of marked) {
      if (ch === '\u00AD') {
        if (at >= MIN_BEFORE && word.length - at >= MIN_AFTER) out.push(at);
      } else at += ch.length;
    }
    // The marked word is the word with soft hyphens added: anything else (a pattern set changing letters) is not trusted.
    if (marked.replace(/\u00AD/g, '') !== word) out.length = 0;
  }
  if (points.size >= POINTS_MAX) points.clear();
  points.set(key, out);
  return out;
}
