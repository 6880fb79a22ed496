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

/** Letters that are not vowels (German spelling): what a cluster is made of. */
const CONSONANT = /^[b-df-hj-np-tv-zß]$/u;
/** A part ending in a noun suffix and the linking s ("Buchhandlungs|", "Gesellschafts|", "Qualitäts|"): a compound's joint. */
const LINKED = /(ung|heit|keit|schaft|ion|tät|ling|ing|tum|nis)s$/u;
/** A tail that is a suffix ("Hand|lung", "Rich|tung"), not the next part of a compound. */
const SUFFIX_TAIL = /^[b-df-hj-np-tv-zß]?(ung|ig|ich|isch)/u;

/**
 * How good a dictionary point of a word is for a line break, as a share of an ordinary point's cost: lower at a
 * German compound's joints, where a typesetter breaks first ("Buchhandlungs- / herbstlesungs-", not "herbstle- /
 * sungs"). The TeX patterns give every syllable boundary alike; this reads the letters around the point: a part ending
 * in a noun suffix and the linking s ("…lungs|herbst", 0.25); a break after two or more consonants before a
 * consonant ("herbst|lesungs", "schiff|fahrts": a syllable inside a simple word takes at most one consonant before its
 * break, "Ka|len|der", "le|sungs"; 0.45), unless what follows is a suffix ("Hand|lung"); a break before a vowel after a
 * consonant, a prefix's or a part's edge ("ver|anstaltung", "Jahres|abschluss": German syllables start with a
 * consonant there only; 0.6). A heuristic without a dictionary: it misses joints after a vowel or a single consonant
 * ("Donau|dampf", "Sommer|nachts"), which stay ordinary points. 1 for every other point and for other languages.
 */
export function breakCost(word: string, at: number, lang: string): number {
  if (lang.toLowerCase().split(/[-_]/)[0] !== 'de') return 1;
  const head = word.slice(0, at).toLowerCase();
  const tail = word.slice(at).toLowerCase();
  const a = [...head];
  if (a.length < 2 || !tail) return 1;
  const c = (ch: string | undefined) => !!ch && CONSONANT.test(ch);
  const last = a[a.length - 1];
  if (LINKED.test(head)) return 0.25;
  if (c(last) && c(a[a.length - 2]) && c(tail[0]) && !SUFFIX_TAIL.test(tail)) return 0.45;
  if (c(last) && /^[aeiouäöü]/u.test(tail)) return 0.6;
  return 1;
}
