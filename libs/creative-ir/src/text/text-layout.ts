import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { hyphenationPoints, breakCost } from './hyphenation';
import { canvasFont, drawnByEveryChain, ensureFonts, fontGeneration, missingCharacters, pinGlyphs, resolveFontFamily } from '../fonts/font-registry';

/**
 * Text measurement and line breaking, with the very context the renderer draws with
 * (@napi-rs/canvas / Skia), so laid-out boxes and rendered pixels agree.
 */
export interface TextStyle {
  fontFamily?: string;
  fontWeight?: number;
  fontStyle?: 'normal' | 'italic';
  fontSize?: number;
  /** <= 10: multiple of the font size; otherwise pixels. Default 1.2. */
  lineHeight?: number;
  letterSpacing?: number;
  textTransform?: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  direction?: 'ltr' | 'rtl' | 'auto';
  lang?: string;
}

export interface TextLayoutInput extends TextStyle {
  text: string;
  /** Wrap width; undefined means no wrapping (one line per paragraph). */
  maxWidth?: number;
  /** Box height used by `fit: 'shrink'` and height truncation. */
  maxHeight?: number;
  maxLines?: number;
  ellipsis?: boolean;
  fit?: 'none' | 'shrink' | 'grow';
  minFontSize?: number;
  maxFontSize?: number;
  /** `balance`: lines of even length, and no single word on a paragraph's last line when another arrangement fits (headlines). */
  textWrap?: 'wrap' | 'balance';
}

export interface TextLine {
  text: string;
  width: number;
  /** Last line of a paragraph (not justified). */
  paragraphEnd: boolean;
}

export interface TextLayout {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  fontSize: number;
  letterSpacing: number;
  /** Line box height in px. */
  lineHeight: number;
  /** Distance from a line box top to its baseline. */
  baseline: number;
  ascent: number;
  descent: number;
  direction: 'ltr' | 'rtl';
  lines: TextLine[];
  width: number;
  height: number;
  /** Text was cut by maxLines or by the box height. */
  truncated: boolean;
  /** Lines the text takes before any cut (equal to `lines.length` unless truncated). */
  totalLines: number;
  /** A word wider than the box was broken between graphemes: no dictionary point (see hyphenation.ts) fitted. */
  brokeWords: boolean;
  /** A word wider than the box was broken at a dictionary point, a hyphen drawn at the end of the line. */
  hyphenated: boolean;
  /** The text does not fit the box height (after fitting). */
  overflow: boolean;
  font: string;
}

let ctx: SKRSContext2D | undefined;
function measureCtx(): SKRSContext2D {
  if (!ctx) {
    ensureFonts();
    ctx = createCanvas(1, 1).getContext('2d');
  }
  return ctx;
}

/** Widths per (font, letter spacing, lang), then per string: keys stay short and lookups cheap. */
const cache = new Map<string, Map<string, number>>();
const CACHE_MAX = 20_000;
let cached = 0;
/** Font registrations seen by the caches; a new font may change any measurement. */
let cacheGeneration = 0;

function checkGeneration(): void {
  const g = fontGeneration();
  if (g !== cacheGeneration) {
    clearTextCache();
    cacheGeneration = g;
  }
}

/** The face a text is measured with: its family, weight and style (see `pinGlyphs`). */
type Face = Pick<Resolved, 'family' | 'weight' | 'style'>;

function widthTable(face: Face, font: string, letterSpacing: number, lang: string): (text: string) => number {
  const key = `${font}|${letterSpacing}|${lang}`;
  let table = cache.get(key);
  if (!table) {
    table = new Map();
    cache.set(key, table);
  }
  const t = table;
  return (text: string) => {
    const hit = t.get(text);
    if (hit !== undefined) return hit;
    const c = measureCtx();
    c.font = font;
    c.letterSpacing = `${letterSpacing}px`;
    c.lang = lang;
    const w = c.measureText(pinGlyphs(face.family, face.weight, face.style, text)).width;
    if (++cached > CACHE_MAX) {
      cache.clear();
      cached = 0;
    }
    t.set(text, w);
    return w;
  };
}

/** Ascent and descent per CSS font (size included: text fitted by shrinking asks for many sizes, so it is bounded). */
const metricsCache = new Map<string, { ascent: number; descent: number }>();
const METRICS_MAX = 4096;
function fontMetrics(font: string): { ascent: number; descent: number } {
  let m = metricsCache.get(font);
  if (!m) {
    if (metricsCache.size >= METRICS_MAX) metricsCache.clear();
    const c = measureCtx();
    c.font = font;
    c.letterSpacing = '0px';
    const t = c.measureText('Hg');
    m = { ascent: t.fontBoundingBoxAscent, descent: t.fontBoundingBoxDescent };
    metricsCache.set(font, m);
  }
  return m;
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LTR_CHAR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;

/** First strong character decides (Unicode bidi P2/P3, simplified). */
export function detectDirection(text: string): 'ltr' | 'rtl' {
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) return 'rtl';
    if (LTR_CHAR.test(ch)) return 'ltr';
  }
  return 'ltr';
}

export function applyTransform(text: string, transform: TextStyle['textTransform'], lang = 'en'): string {
  switch (transform) {
    case 'uppercase':
      return text.toLocaleUpperCase(lang);
    case 'lowercase':
      return text.toLocaleLowerCase(lang);
    case 'capitalize':
      return text.replace(/(^|\s)(\p{L})/gu, (_m, s: string, c: string) => s + c.toLocaleUpperCase(lang));
    default:
      return text;
  }
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Break opportunities: after spaces, after hyphens/dashes, and around CJK ideographs (and between words of the scripts in `NO_SPACES`, see `tokenize`). */
const TOKEN =
  /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\-\u2013\u2014/]*[-\u2013\u2014/]?\s*|\s+/gu;

/** Thai, Lao, Burmese and Khmer: written without spaces between words. */
const NO_SPACES = /[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u19E0-\u19FF\uA9E0-\uA9FF\uAA60-\uAA7F]/u;
/** ICU's word boundaries, from its dictionaries for those scripts (the same whatever the locale). */
const words = new Intl.Segmenter('en', { granularity: 'word' });

/** A token of punctuation only (the French space before `:`, `!`, `?`, `»`; a dash between words): not a line start. */
const PUNCT_ONLY = /^[\p{P}\p{S}]+\s*$/u;

function tokenize(paragraph: string): string[] {
  const tokens: string[] = [];
  for (const t of paragraph.match(TOKEN) ?? []) {
    if (!t.length) continue;
    // Kept with the word before it (across the space): "confortables : nos", never ": nos" at a line's start.
    if (PUNCT_ONLY.test(t) && tokens.length && !/^\s+$/.test(tokens[tokens.length - 1])) tokens[tokens.length - 1] += t;
    else if (PUNCT_ONLY.test(t) && tokens.length >= 2 && /^\s+$/.test(tokens[tokens.length - 1])) {
      const space = tokens.pop()!;
      tokens[tokens.length - 1] += space + t;
    } else tokens.push(t);
  }
  if (!NO_SPACES.test(paragraph)) return tokens;
  // Tokens in those scripts are cut where a word of theirs begins or ends; punctuation and spaces
  // stay with the word before them.
  const out: string[] = [];
  for (const t of tokens) {
    if (!NO_SPACES.test(t)) {
      out.push(t);
      continue;
    }
    let piece = '';
    for (const { segment, isWordLike } of words.segment(t)) {
      if (piece && isWordLike && (NO_SPACES.test(segment) || NO_SPACES.test(piece))) {
        out.push(piece);
        piece = '';
      }
      piece += segment;
    }
    if (piece) out.push(piece);
  }
  return out;
}

interface BreakResult {
  lines: TextLine[];
  /** A word was broken between graphemes (no dictionary point fitted): to be avoided by shrinking. */
  brokeWords: boolean;
  /** Lines ending in a hyphen the layout added (a word broken at a dictionary point). */
  hyphens: number;
}

/** A token's word: leading punctuation, the letters, then the rest (punctuation, spaces). */
const WORD_CORE = /^([^\p{L}\p{M}]*)([\p{L}\p{M}]+)(.*)$/su;
/** The hyphen drawn at a dictionary break. */
export const HYPHEN = '-';

function breakLines(face: Face, text: string, font: string, ls: number, lang: string, maxWidth: number | undefined, balance?: { limit: number }): BreakResult {
  const m = widthTable(face, font, ls, lang);
  const out: TextLine[] = [];
  let brokeWords = false;
  let hyphens = 0;
  const fits = (s: string) => m(s.trimEnd()) <= maxWidth! + 0.01;
  const paragraphs = text.replace(/\r\n?/g, '\n').split('\n');
  for (const para of paragraphs) {
    if (maxWidth === undefined) {
      const t = para.trimEnd();
      out.push({ text: t, width: m(t), paragraphEnd: true });
      continue;
    }
    const tokens = tokenize(para);
    const paraStart = out.length;
    const paraHyphens = hyphens;
    const brokeBefore: boolean = brokeWords;
    const paraBroke = (now: boolean) => now && !brokeBefore;
    let line = '';
    const flush = (paragraphEnd: boolean) => {
      const t = line.trimEnd();
      out.push({ text: t, width: m(t), paragraphEnd });
      line = '';
    };
    const graphemeBreak = (tok: string) => {
      brokeWords = true;
      let chunk = '';
      for (const { segment } of graphemes.segment(tok)) {
        if (chunk && !fits(chunk + segment)) {
          line = chunk;
          flush(false);
          chunk = '';
        }
        chunk += segment;
      }
      line = chunk;
    };
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i];
      const candidate = line + tok;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line.trim().length > 0) {
        flush(false);
        if (/^\s+$/.test(tok)) continue;
      } else {
        line = '';
      }
      if (fits(tok)) {
        line = tok;
        continue;
      }
      // A word wider than the box: broken at the dictionary's points, each piece ending in a hyphen.
      const core = WORD_CORE.exec(tok);
      const at = core ? hyphenationPoints(core[2], lang).map((p) => p + core[1].length) : [];
      let start = 0;
      while (start < tok.length) {
        const rest = tok.slice(start);
        if (fits(rest)) {
          line = rest;
          break;
        }
        let best = -1;
        for (const p of at) if (p > start && fits(tok.slice(start, p) + HYPHEN)) best = p;
        if (best < 0) {
          // No point fits: the piece is broken between graphemes (the fitting shrinks the text to avoid it).
          graphemeBreak(rest);
          break;
        }
        line = tok.slice(start, best) + HYPHEN;
        hyphens++;
        flush(false);
        start = best;
      }
    }
    flush(true);
    // Headlines: the paragraph's lines balanced (unless a word had to be broken between graphemes).
    const count = out.length - paraStart;
    if (balance && count >= 2 && !paraBroke(brokeWords)) {
      // One line more only for a one-paragraph text, whose line count is known here.
      const even = balancedParagraph(tokens, m, maxWidth, lang, count, paragraphs.length === 1 && count + 1 <= balance.limit);
      if (even) {
        out.splice(paraStart, count, ...even.lines.map((t, i) => ({ text: t, width: m(t), paragraphEnd: i === even.lines.length - 1 })));
        hyphens = paraHyphens + even.hyphens;
      }
    }
  }
  return { lines: out, brokeWords, hyphens };
}

/** Words (with letters or digits) on a line. */
const wordCount = (t: string) =>
  t
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** A first line holding one word of at most this many letters or digits (an article: "Der", "O", "Las") is as bad as a widow. */
export const SHORT_LEAD_LETTERS = 3;

/**
 * Whether a headline's first line (of two or more) is a single short word ("Der / neue Buchhandlungs…", "O / cold brew…"):
 * an article or preposition left alone on top reads as a stray word, as a widow does at the bottom.
 */
export function isShortLeadLine(line: string): boolean {
  const ws = line
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return ws.length === 1 && [...ws[0].replace(/[^\p{L}\p{N}\p{M}]/gu, '')].length <= SHORT_LEAD_LETTERS;
}

/** A piece of a paragraph for balancing: a word with its spaces, or part of a word ending at a hyphenation point. */
interface Piece {
  text: string;
  /** Ends inside a word, at a dictionary point: a line ending here draws a hyphen. */
  inWord: boolean;
  /** The cost of a break at that point, as a share of an ordinary point's (lower at a compound's joint, see `breakCost`). */
  cost?: number;
}

/** Words at least this long may be hyphenated by the balancing to avoid a widow (shorter ones only when overlong). */
export const BALANCE_HYPHEN_MIN_LETTERS = 12;

/** A last line of one word (a widow) when no arrangement avoids it, in units of an ordinary hyphenation's penalty. */
const WIDOW_LAST = 2;
/**
 * The last line is the tail of a word broken on the line before, that word wider than a line (no second word can join
 * it there): costs as much as a widow when shorter than this share of the line ("…kapitänsmüt- / ze"), nothing when
 * at least as long ("…veranstaltungs- / kalender").
 */
const SHORT_TAIL = 0.4;
/** One line more than the greedy breaking takes, to break words at their joints or avoid a short last line. */
const EXTRA_LINE = 1;

interface Even {
  lines: string[];
  hyphens: number;
  cost: number;
}

/**
 * One paragraph's pieces in exactly `count` lines of at most `maxWidth`, with the least sum of squared slack
 * (lines of even length, as CSS `text-wrap: balance`) plus a penalty per hyphenated line (less at a compound's joint);
 * null when none fits. `noWidow`: the last line holds two words or more and the first is not a short word alone
 * (`isShortLeadLine`); otherwise a short first word alone costs a widow's penalty, and so does a one-word last line,
 * unless it is a long enough tail of a word too wide for a line (then nothing else could share it).
 */
function evenLines(pieces: Piece[], m: (t: string) => number, maxWidth: number, count: number, noWidow: boolean): Even | null {
  const N = pieces.length;
  if (count > N) return null;
  const text = (i: number, j: number) => {
    let t = '';
    for (let x = i; x < j; x++) t += pieces[x].text;
    t = t.trimEnd();
    return pieces[j - 1].inWord ? t + HYPHEN : t;
  };
  const penalty = (maxWidth * 0.5) ** 2;
  const lastLine = (i: number, t: string, w: number) => {
    if (wordCount(t) >= 2) return 0;
    // The tail of a word broken on the line before: when the whole word is wider than a line, nothing could share
    // its last line, and only a short tail is a widow.
    if (i > 0 && pieces[i - 1].inWord) {
      let s = i - 1;
      while (s > 0 && pieces[s - 1].inWord) s--;
      if (m(text(s, N)) > maxWidth + 0.01) return w >= SHORT_TAIL * maxWidth ? 0 : WIDOW_LAST * penalty;
    }
    return WIDOW_LAST * penalty;
  };
  // cost[k][j]: the best k lines holding the first j pieces; from[k][j]: where its last line starts.
  const cost: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(N + 1).fill(Infinity));
  const from: number[][] = Array.from({ length: count + 1 }, () => new Array<number>(N + 1).fill(-1));
  cost[0][0] = 0;
  for (let k = 1; k <= count; k++)
    for (let j = k; j <= N; j++) {
      if (k === count && j !== N) continue;
      for (let i = j - 1; i >= k - 1; i--) {
        const t = text(i, j);
        const w = m(t);
        if (w > maxWidth + 0.01) break;
        if (cost[k - 1][i] === Infinity) continue;
        if (noWidow && k === count && count >= 2 && wordCount(t) <= 1) continue;
        // A short word alone on the first line weighs as a widow does (and is refused with it).
        const lead = k === 1 && count >= 2 && !pieces[j - 1].inWord && isShortLeadLine(t);
        if (noWidow && lead) continue;
        const hyphen = pieces[j - 1].inWord ? penalty * (pieces[j - 1].cost ?? 1) : 0;
        const widow = !noWidow && k === count && count >= 2 ? lastLine(i, t, w) : 0;
        const c = cost[k - 1][i] + (maxWidth - w) ** 2 + hyphen + widow + (lead ? WIDOW_LAST * penalty : 0);
        if (c < cost[k][j]) {
          cost[k][j] = c;
          from[k][j] = i;
        }
      }
    }
  if (cost[count][N] === Infinity) return null;
  const lines: string[] = [];
  let hyphens = 0;
  for (let k = count, j = N; k > 0; k--) {
    const i = from[k][j];
    lines.unshift(text(i, j));
    if (pieces[j - 1].inWord) hyphens++;
    j = i;
  }
  return { lines, hyphens, cost: cost[count][N] };
}

/**
 * A headline paragraph in balanced lines: as many lines as the greedy breaking takes, of even length and with two
 * words or more on the last line; else one line more if the box holds it ("Kuchen am / Sonntag" → "Kuchen / am
 * Sonntag"; "Cold brew / season is / here" → "Cold brew / season / is here"); else the same with a long word
 * hyphenated at a dictionary point ("Gastronomía / extraordinariamente / mediterránea" → "Gastronomía extraordina- /
 * riamente mediterránea"); else the least bad of the even lines in as many lines or one more: a word wider than a
 * line broken at its compound's joints first ("Buchhandlungs- / herbstlesungs-", not "Buchhandlungsherbstle- /
 * sungs…"), and a one-word last line only when it is a long tail of such a word, else as short a widow as the box
 * allows. Words wider than a line are always broken at their dictionary points. Null when no arrangement fits (the
 * greedy lines stay).
 */
function balancedParagraph(
  tokens: string[],
  m: (t: string) => number,
  maxWidth: number,
  lang: string,
  greedyCount: number,
  extra: boolean,
): { lines: string[]; hyphens: number } | null {
  // Spaces belong to the word before them.
  const toks: string[] = [];
  for (const t of tokens) {
    if (/^\s+$/.test(t) && toks.length) toks[toks.length - 1] += t;
    else if (!/^\s+$/.test(t)) toks.push(t);
  }
  if (greedyCount < 2 || toks.length > 60) return null;
  const fitsAlone = (t: string) => m(t.trimEnd()) <= maxWidth + 0.01;
  const pieces = (hyphenateLong: boolean): Piece[] | null => {
    const out: Piece[] = [];
    for (const t of toks) {
      const core = WORD_CORE.exec(t);
      const overlong = !fitsAlone(t);
      const letters = core ? [...core[2]].length : 0;
      const at = core && (overlong || (hyphenateLong && letters >= BALANCE_HYPHEN_MIN_LETTERS)) ? hyphenationPoints(core[2], lang) : [];
      if (overlong && !at.length) return null;
      const lead = core ? core[1].length : 0;
      let start = 0;
      for (const p of at) {
        out.push({ text: t.slice(start, p + lead), inWord: true, cost: breakCost(core![2], p, lang) });
        start = p + lead;
      }
      out.push({ text: t.slice(start), inWord: false });
    }
    return out;
  };
  const whole = pieces(false);
  if (!whole) return null;
  const long = pieces(true)!;
  const plain = whole.every((p) => !p.inWord);
  const found =
    (plain ? evenLines(whole, m, maxWidth, greedyCount, true) : null) ??
    (plain && extra ? evenLines(whole, m, maxWidth, greedyCount + 1, true) : null) ??
    evenLines(long, m, maxWidth, greedyCount, true) ??
    (extra ? evenLines(long, m, maxWidth, greedyCount + 1, true) : null);
  if (found) return found;
  // No arrangement keeps two words on the last line: the least bad one, in as many lines or (at a cost) one more.
  const same = evenLines(whole, m, maxWidth, greedyCount, false);
  const more = extra ? evenLines(whole, m, maxWidth, greedyCount + 1, false) : null;
  if (more && (!same || more.cost + EXTRA_LINE * (maxWidth * 0.5) ** 2 < same.cost)) return more;
  return same;
}

function ellipsize(face: Face, line: TextLine, font: string, ls: number, lang: string, maxWidth: number | undefined): TextLine {
  const m = widthTable(face, font, ls, lang);
  const parts = [...graphemes.segment(line.text)].map((s) => s.segment);
  let t = line.text.trimEnd();
  let n = parts.length;
  while (n >= 0) {
    t =
      parts
        .slice(0, n)
        .join('')
        .replace(/[\s.,;:!?\-–—]+$/u, '') + '…';
    if (maxWidth === undefined || m(t) <= maxWidth + 0.01 || n === 0) break;
    n--;
  }
  return { text: t, width: m(t), paragraphEnd: true };
}

interface Resolved {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  lang: string;
  ls: number;
  direction: 'ltr' | 'rtl';
  text: string;
}

function resolve(input: TextLayoutInput): Resolved {
  const lang = input.lang ?? 'en';
  const text = applyTransform(input.text, input.textTransform, lang);
  return {
    family: resolveFontFamily(input.fontFamily),
    weight: input.fontWeight ?? 400,
    style: input.fontStyle ?? 'normal',
    lang,
    ls: input.letterSpacing ?? 0,
    direction: !input.direction || input.direction === 'auto' ? detectDirection(text) : input.direction,
    text,
  };
}

export function lineHeightPx(lineHeight: number | undefined, fontSize: number): number {
  const lh = lineHeight ?? 1.2;
  return lh <= 10 ? lh * fontSize : lh;
}

function layoutAt(r: Resolved, input: TextLayoutInput, fontSize: number): TextLayout {
  const font = canvasFont(r.family, r.weight, r.style, fontSize);
  const ls = r.ls;
  const lh = lineHeightPx(input.lineHeight, fontSize);
  let limit = input.maxLines ?? Infinity;
  if (input.maxHeight !== undefined && input.fit !== 'grow') {
    limit = Math.min(limit, Math.max(1, Math.floor((input.maxHeight + 0.5) / lh)));
  }
  const { lines: all, brokeWords, hyphens } = breakLines(r, r.text, font, ls, r.lang, input.maxWidth, input.textWrap === 'balance' ? { limit } : undefined);
  let lines = all;
  let truncated = false;
  if (all.length > limit) {
    truncated = true;
    lines = all.slice(0, limit);
    if (input.ellipsis !== false) lines[lines.length - 1] = ellipsize(r, lines[lines.length - 1], font, ls, r.lang, input.maxWidth);
    else lines[lines.length - 1] = { ...lines[lines.length - 1], paragraphEnd: true };
  }
  const { ascent, descent } = fontMetrics(font);
  const height = lines.length * lh;
  return {
    family: r.family,
    weight: r.weight,
    style: r.style,
    fontSize,
    letterSpacing: ls,
    lineHeight: lh,
    baseline: (lh - (ascent + descent)) / 2 + ascent,
    ascent,
    descent,
    direction: r.direction,
    lines,
    width: lines.reduce((w, l) => Math.max(w, l.width), 0),
    height,
    truncated,
    totalLines: all.length,
    brokeWords,
    hyphenated: hyphens > 0,
    overflow: input.maxHeight !== undefined && input.fit !== 'grow' && height > input.maxHeight + 0.5,
    font,
  };
}

/**
 * Lays text out: breaks lines at word boundaries (explicit newlines kept; a word too long for the box
 * broken at its language's hyphenation points with a hyphen drawn, or between graphemes when no point
 * fits, which `brokeWords` reports), balances headlines (`textWrap: 'balance'`), applies maxLines / box height with an ellipsis, and for
 * `fit: 'shrink'` picks the largest font size in [minFontSize, maxFontSize] (0.5 px steps) that
 * fits without cutting or breaking words between graphemes.
 */
export function layoutText(input: TextLayoutInput): TextLayout {
  checkGeneration();
  const r = resolve(input);
  const size = input.fontSize ?? 16;
  if (input.fit !== 'shrink') return layoutAt(r, input, size);
  const hi = input.maxFontSize ?? size;
  const lo = Math.min(input.minFontSize ?? Math.max(6, Math.round(hi / 4)), hi);
  const fits = (l: TextLayout) => !l.truncated && !l.brokeWords && !l.overflow;
  const top = layoutAt(r, input, hi);
  if (fits(top)) return top;
  let a = Math.round(lo * 2);
  let b = Math.round(hi * 2) - 1;
  let best: TextLayout | undefined;
  while (a <= b) {
    const mid = (a + b) >> 1;
    const l = layoutAt(r, input, mid / 2);
    if (fits(l)) {
      best = l;
      a = mid + 1;
    } else b = mid - 1;
  }
  return best ?? layoutAt(r, input, lo);
}

/** Width of the longest unwrapped line (for `hug` sizing). */
export function naturalTextWidth(input: TextLayoutInput): number {
  return layoutText({ ...input, maxWidth: undefined, fit: input.fit === 'shrink' ? 'none' : input.fit, maxHeight: undefined }).width;
}

/** How many entries the text caches hold now (each is bounded: a process that lays out new text forever stays flat). */
export function textCacheSizes(): { widths: number; metrics: number; layouts: number } {
  return { widths: cached, metrics: metricsCache.size, layouts: layouts.size };
}

export function clearTextCache(): void {
  cache.clear();
  cached = 0;
  metricsCache.clear();
  layouts.clear();
}

/**
 * The distinct characters of a text that no face draws (its family, then the fallback chain): they
 * appear as missing-glyph boxes, on every host (see `pinGlyphs`). Chinese, Japanese and Korean have
 * no bundled face; a document brings one in `fonts[]`. Read from the faces' cmap tables.
 */
export function missingGlyphs(input: TextLayoutInput): string[] {
  // Before resolving: a case transform can leave Latin-1 (ÿ → Ÿ), so transformed text is resolved first.
  if (!input.textTransform && drawnByEveryChain(input.text)) return [];
  checkGeneration();
  const r = resolve(input);
  return missingCharacters(r.family, r.weight, r.style, r.text);
}

/**
 * Line layouts by their complete input, for `materialize`: the same text in the same box is laid
 * out once, not on every render (a layout is a pure function of its input and the registered fonts).
 * Returned layouts are frozen, as they are shared between documents.
 */
const layouts = new Map<string, TextLayout>();
const LAYOUTS_MAX = 2_000;

const LAYOUT_KEYS = [
  'text',
  'fontFamily',
  'fontWeight',
  'fontStyle',
  'fontSize',
  'lineHeight',
  'letterSpacing',
  'textTransform',
  'direction',
  'lang',
  'maxLines',
  'ellipsis',
  'fit',
  'minFontSize',
  'maxFontSize',
  'textWrap',
] as const;
// Compile-time check that the key (with the box, maxWidth and maxHeight) covers every input field.
const everyField: Exclude<keyof TextLayoutInput, (typeof LAYOUT_KEYS)[number] | 'maxWidth' | 'maxHeight'> extends never ? true : never = true;
void everyField;

/**
 * Shared layouts of one text at any box size: the fields other than the box are keyed once (JSON
 * keeps them apart whatever characters they contain), so yoga's repeated measurements of a node
 * cost a map lookup each. Results are frozen and shared with every other caller of the same input.
 */
export function sharedTextLayouts(input: TextLayoutInput): (maxWidth: number | undefined, maxHeight: number | undefined) => TextLayout {
  const prefix = JSON.stringify(LAYOUT_KEYS.map((k) => input[k]));
  return (maxWidth, maxHeight) => {
    checkGeneration();
    const key = `${prefix}${maxWidth}|${maxHeight}`;
    let l = layouts.get(key);
    if (!l) {
      l = layoutText({ ...input, maxWidth, maxHeight });
      for (const line of l.lines) Object.freeze(line);
      Object.freeze(l.lines);
      Object.freeze(l);
      if (layouts.size >= LAYOUTS_MAX) layouts.clear();
      layouts.set(key, l);
    }
    return l;
  };
}
