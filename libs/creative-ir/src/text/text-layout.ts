import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
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
  /** A word had to be broken inside because it was wider than the box. */
  brokeWords: boolean;
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

const metricsCache = new Map<string, { ascent: number; descent: number }>();
function fontMetrics(font: string): { ascent: number; descent: number } {
  let m = metricsCache.get(font);
  if (!m) {
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

function tokenize(paragraph: string): string[] {
  const tokens = (paragraph.match(TOKEN) ?? []).filter((t) => t.length > 0);
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
  brokeWords: boolean;
}

function breakLines(face: Face, text: string, font: string, ls: number, lang: string, maxWidth: number | undefined): BreakResult {
  const m = widthTable(face, font, ls, lang);
  const out: TextLine[] = [];
  let brokeWords = false;
  const paragraphs = text.replace(/\r\n?/g, '\n').split('\n');
  for (const para of paragraphs) {
    if (maxWidth === undefined) {
      const t = para.trimEnd();
      out.push({ text: t, width: m(t), paragraphEnd: true });
      continue;
    }
    const tokens = tokenize(para);
    let line = '';
    const flush = (paragraphEnd: boolean) => {
      const t = line.trimEnd();
      out.push({ text: t, width: m(t), paragraphEnd });
      line = '';
    };
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i];
      const candidate = line + tok;
      if (m(candidate.trimEnd()) <= maxWidth + 0.01) {
        line = candidate;
        continue;
      }
      if (line.trim().length > 0) {
        flush(false);
        if (/^\s+$/.test(tok)) continue;
      } else {
        line = '';
      }
      if (m(tok.trimEnd()) <= maxWidth + 0.01) {
        line = tok;
        continue;
      }
      // A word wider than the box: break between graphemes.
      brokeWords = true;
      let chunk = '';
      for (const { segment } of graphemes.segment(tok)) {
        if (chunk && m((chunk + segment).trimEnd()) > maxWidth + 0.01) {
          line = chunk;
          flush(false);
          chunk = '';
        }
        chunk += segment;
      }
      line = chunk;
    }
    flush(true);
  }
  return { lines: out, brokeWords };
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
  const { lines: all, brokeWords } = breakLines(r, r.text, font, ls, r.lang, input.maxWidth);
  const lh = lineHeightPx(input.lineHeight, fontSize);
  let limit = input.maxLines ?? Infinity;
  if (input.maxHeight !== undefined && input.fit !== 'grow') {
    limit = Math.min(limit, Math.max(1, Math.floor((input.maxHeight + 0.5) / lh)));
  }
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
    overflow: input.maxHeight !== undefined && input.fit !== 'grow' && height > input.maxHeight + 0.5,
    font,
  };
}

/**
 * Lays text out: breaks lines at word boundaries (explicit newlines kept, words too long for
 * the box broken between graphemes), applies maxLines / box height with an ellipsis, and for
 * `fit: 'shrink'` picks the largest font size in [minFontSize, maxFontSize] (0.5 px steps) that
 * fits without cutting or breaking words.
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
