import { contrastRatio } from '../color/color';
import { chooseTemplate, getTemplate } from '../templates/catalogue';
import { isNamedFormat, resolveFormat, type BrandKit, type Brief, type FormatSize } from '../templates/brief';
import { givenFields } from '../warnings';

/** The named format a brief's `format` gives (`instagram_post`), normalized as `resolveFormat` reads it; null for a size. */
function presetOf(format: Brief['format'] | FormatSize | undefined): string | null {
  const name = typeof format === 'string' ? format : format && !(format.width && format.height) ? format.name : null;
  if (!name || !isNamedFormat(name)) return null;
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
import { paletteFrom } from '../templates/engine';
import { missingGlyphs } from '../text/text-layout';

export interface FieldReport {
  field: string;
  /** Length in columns (`textColumns`): Chinese, Japanese, Korean and emoji count two, combining marks nothing. */
  length: number;
  /** Recommended maximum columns for this format. */
  limit: number;
  status: 'ok' | 'long' | 'missing' | 'empty';
}

export interface Readability {
  /** Flesch reading ease 0..100 (higher is easier); null when the text is not in the Latin script, which the formula is for. */
  score: number | null;
  level: string;
  words: number;
  sentences: number;
  language: string;
}

export interface BriefAnalysis {
  /** 0..100, higher is better: what the template (`template`) will show of the brief. */
  score: number;
  grade: 'excellent' | 'good' | 'fair' | 'poor';
  /** The template judged: the one asked for, else the one a design without a template would get (`chooseTemplate`). */
  template: string;
  templateChosen: boolean;
  /** The size, its orientation class (`name`, which the length limits are for) and the named format asked for (`preset`), if any. */
  format: FormatSize & { preset: string | null };
  fields: FieldReport[];
  readability: Readability;
  palette: { colors: string[]; source: string; bestTextContrast: number; lowContrastPairs: { a: string; b: string; ratio: number }[]; ok: boolean };
  missing: string[];
  /** Content fields the brief gives that the template has no place for (the design will not show them). */
  unused: string[];
  /** Content fields the template will show (those it uses that the brief gives). */
  shown: string[];
  suggestions: string[];
}

const LIMITS: Record<string, Record<string, number>> = {
  square: { eyebrow: 32, title: 60, subtitle: 110, body: 220, cta: 24, insight: 40, author: 40, role: 50, source: 60 },
  portrait: { eyebrow: 32, title: 70, subtitle: 130, body: 260, cta: 24, insight: 40, author: 40, role: 50, source: 60 },
  story: { eyebrow: 32, title: 80, subtitle: 140, body: 280, cta: 24, insight: 40, author: 40, role: 50, source: 60 },
  landscape: { eyebrow: 32, title: 50, subtitle: 90, body: 140, cta: 22, insight: 32, author: 40, role: 50, source: 60 },
  wide: { eyebrow: 28, title: 40, subtitle: 70, body: 100, cta: 20, insight: 28, author: 36, role: 40, source: 50 },
};

function syllables(word: string, lang: string): number {
  const w = word.toLowerCase().replace(/[^a-zà-ÿ]/g, '');
  if (!w) return 0;
  if (lang.startsWith('pt') || lang.startsWith('es')) return Math.max(1, (w.match(/[aeiouáéíóúâêôãõàü]+/g) ?? []).length);
  const trimmed = w.length > 3 ? w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '') : w;
  return Math.max(1, (trimmed.match(/[aeiouy]{1,2}/g) ?? []).length);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** East Asian wide and fullwidth characters (CJK, kana, Hangul, fullwidth forms) and emoji. */
const WIDE =
  /^[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]|^\p{Extended_Pictographic}/u;

/**
 * Length of a text in columns: one per grapheme (a letter with its combining marks, an emoji
 * sequence), two for Chinese, Japanese and Korean characters, fullwidth forms and emoji, which take
 * about twice the width of a Latin letter.
 */
export function textColumns(text: string): number {
  let n = 0;
  for (const { segment } of graphemes.segment(text)) n += WIDE.test(segment) ? 2 : 1;
  return n;
}

/** Word segmentation for a language tag (ICU's dictionaries for Thai, Chinese, Japanese...); English rules for a tag it does not accept. */
function wordsOf(text: string, lang: string): string[] {
  let seg: Intl.Segmenter;
  try {
    seg = new Intl.Segmenter(lang, { granularity: 'word' });
  } catch {
    seg = new Intl.Segmenter('en', { granularity: 'word' });
  }
  return [...seg.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);
}

/**
 * Flesch reading ease (English) or its Portuguese adaptation (Martins et al.), clamped to 0..100.
 * Both count syllables of Latin-script words; text mostly in another script (Thai, Chinese, Hindi,
 * Arabic...) is not scored (`score: null`, level "not measured"), though its words are counted.
 */
export function readability(text: string, language = 'en'): Readability {
  const lang = language.toLowerCase();
  const words = wordsOf(text, lang).filter((w) => /\p{L}/u.test(w));
  const sentences = Math.max(1, (text.match(/[.!?…。！？।]+(\s|$)|[。！？।]/g) ?? []).length || (words.length ? 1 : 0));
  if (!words.length) return { score: 100, level: 'n/a', words: 0, sentences: 0, language: lang };
  const letters = text.match(/\p{L}/gu) ?? [];
  const latin = letters.filter((l) => /\p{Script=Latin}/u.test(l)).length;
  if (latin * 2 < letters.length) return { score: null, level: 'not measured', words: words.length, sentences, language: lang };
  const syl = words.reduce((s, w) => s + syllables(w, lang), 0);
  const asl = words.length / sentences;
  const asw = syl / words.length;
  const raw = lang.startsWith('pt') ? 248.835 - 1.015 * asl - 84.6 * asw : 206.835 - 1.015 * asl - 84.6 * asw;
  const score = Math.round(Math.max(0, Math.min(100, raw)));
  const level = score >= 80 ? 'very easy' : score >= 60 ? 'easy' : score >= 50 ? 'fairly difficult' : score >= 30 ? 'difficult' : 'very difficult';
  return { score, level, words: words.length, sentences, language: lang };
}

/**
 * Scores a brief for a format: length of each field against what fits, readability, contrast
 * of the palette, missing fields (for the template when given); returns concrete suggestions.
 */
export function analyzeBrief(brief: Brief, options: { format?: Brief['format'] | FormatSize; brand?: BrandKit; template?: string } = {}): BriefAnalysis {
  const format = resolveFormat((options.format as never) ?? brief.format);
  const limits = LIMITS[format.name] ?? LIMITS.square;
  const suggestions: string[] = [];
  let score = 100;
  const fields: FieldReport[] = [];
  for (const [field, limit] of Object.entries(limits)) {
    const v = brief[field as keyof Brief];
    if (v === undefined || v === null) {
      fields.push({ field, length: 0, limit, status: 'missing' });
      continue;
    }
    const s = String(v).trim();
    if (!s) {
      fields.push({ field, length: 0, limit, status: 'empty' });
      continue;
    }
    const length = textColumns(s);
    const long = length > limit;
    fields.push({ field, length, limit, status: long ? 'long' : 'ok' });
    if (long) {
      score -= field === 'title' ? 15 : 8;
      suggestions.push(
        `Shorten ${field} to at most ${limit} characters for a ${format.name} format (now ${length}; Chinese, Japanese, Korean characters and emoji count as two); the layout will otherwise shrink the type.`,
      );
    }
  }

  const missing: string[] = [];
  const template = (options.template ? getTemplate(options.template) : undefined) ?? chooseTemplate(brief);
  const required = template.required;
  // What the template will show: every content field it has a place for and the brief gives.
  const given = givenFields(brief);
  const uses = (f: string) => template.fields.includes(f) || (f === 'images' && template.fields.includes('image'));
  const shown = given.filter(uses);
  const unused = given.filter((f) => !uses(f));
  for (const f of unused) {
    score -= 6;
    suggestions.push(`The ${template.name} template (${template.id}) does not show ${f}: leave it out or choose a template that uses it.`);
  }
  // Optional places of the template the brief leaves empty: a design with only a headline is thin.
  const optional = template.fields.filter((f) => !required.includes(f));
  const emptyOptional = optional.filter((f) => !shown.includes(f as never) && !(f === 'image' && shown.includes('images')));
  if (optional.length) score -= Math.round((12 * emptyOptional.length) / optional.length);
  if (optional.length && emptyOptional.length * 2 >= optional.length)
    suggestions.push(`The ${template.id} template also has places for ${emptyOptional.join(', ')}: the brief leaves them empty.`);
  const titleText = brief.title?.trim() ?? '';
  if (titleText && textColumns(titleText) < 3) {
    score -= 10;
    suggestions.push(`The title "${titleText}" is too short to carry a design: say what it is about in a few words.`);
  }
  for (const f of required) {
    const v = brief[f as keyof Brief];
    const empty = v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);
    if (empty) missing.push(f);
  }
  if (!brief.cta?.trim() && /sell|buy|sign|regist|download|book|promo|launch|lanç|compr|inscr|vend/i.test(`${brief.intent ?? ''} ${brief.title ?? ''}`)) {
    missing.push('cta');
    suggestions.push('Add a call to action (cta), e.g. "Shop now" or "Register today": the intent asks the reader to act.');
  }
  for (const f of missing) {
    score -= 12;
    if (f !== 'cta') suggestions.push(`Add ${f}: the ${template.name} template (${template.id}) needs it.`);
  }
  if (brief.slide_index != null && brief.slide_total != null && brief.slide_index > brief.slide_total) {
    score -= 10;
    suggestions.push(`slide_index (${brief.slide_index}) is greater than slide_total (${brief.slide_total}).`);
  }

  const language = brief.language ?? 'en';
  const text = [brief.title, brief.subtitle, brief.body].filter(Boolean).join('. ');
  const read = readability(text, language);
  if (read.words >= 8 && read.score !== null && read.score < 50) {
    score -= 10;
    suggestions.push(`Readability is ${read.level} (${read.score}/100): use shorter sentences and simpler words.`);
  }
  if (brief.title && wordsOf(brief.title, language.toLowerCase()).length > 12) {
    score -= 5;
    suggestions.push('Keep the title under 12 words; move details to the subtitle or body.');
  }
  if (brief.title && brief.title === brief.title.toUpperCase() && /[A-Z]{6,}/.test(brief.title))
    suggestions.push('Avoid an all-caps title; templates already style eyebrows in capitals.');

  // Characters no bundled face draws (Chinese, Japanese, Korean, Ethiopic...) render as boxes.
  const fieldsText = Object.keys(limits)
    .map((f) => brief[f as keyof Brief])
    .filter((v): v is string => typeof v === 'string');
  const boxes = [...new Set(fieldsText.flatMap((t) => missingGlyphs({ text: t, fontFamily: options.brand?.fonts?.body ?? undefined, lang: language })))];
  if (boxes.length) {
    score -= 20;
    suggestions.push(
      `No bundled font draws ${boxes.length} of the brief's characters (${boxes.slice(0, 5).join(' ')}${boxes.length > 5 ? ' …' : ''}): they would render as boxes. Chinese, Japanese and Korean need a font of your own in the design's fonts.`,
    );
  }

  const seed = brief.seed ?? 7;
  const pal = paletteFrom(brief, options.brand, seed);
  const pairs: { a: string; b: string; ratio: number }[] = [];
  let best = 1;
  for (let i = 0; i < pal.colors.length; i++) {
    for (let j = i + 1; j < pal.colors.length; j++) {
      const ratio = +contrastRatio(pal.colors[i], pal.colors[j]).toFixed(2);
      best = Math.max(best, ratio);
      if (ratio < 3) pairs.push({ a: pal.colors[i], b: pal.colors[j], ratio });
    }
  }
  const withNeutrals = Math.max(...pal.colors.map((c) => Math.max(contrastRatio('#ffffff', c), contrastRatio('#000000', c))));
  const paletteOk = best >= 4.5 || pal.colors.length === 1;
  if (pal.source !== 'default' && !paletteOk) {
    score -= 8;
    suggestions.push(
      `No two palette colors reach 4.5:1 contrast (best ${best.toFixed(2)}:1); text will use black or white (best ${withNeutrals.toFixed(2)}:1). Add a dark or light color to the palette.`,
    );
  }
  if (brief.palette && pal.source === 'default')
    suggestions.push(
      `Palette "${brief.palette}" was not understood: give colors as hex (#1d4ed8, #f59e0b) or a name (ocean, sunset, forest, mono, pastel, earth, neon, corporate, candy, midnight).`,
    );

  // Nothing to show: the design would be the template's placeholder text.
  if (!shown.length) {
    score = Math.min(score, 15);
    suggestions.push(`The brief gives nothing the ${template.id} template shows: add ${required.join(' and ')}.`);
  }
  score = Math.max(0, Math.min(100, Math.round(score)));
  return {
    score,
    grade: score >= 90 ? 'excellent' : score >= 75 ? 'good' : score >= 50 ? 'fair' : 'poor',
    template: template.id,
    templateChosen: !options.template,
    format: { ...format, preset: presetOf((options.format as never) ?? brief.format) },
    fields,
    readability: read,
    palette: { colors: pal.colors, source: pal.source, bestTextContrast: +best.toFixed(2), lowContrastPairs: pairs, ok: paletteOk },
    missing,
    unused,
    shown,
    suggestions,
  };
}
