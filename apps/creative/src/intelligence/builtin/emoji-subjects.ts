import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { newStemmer } from 'snowball-stemmers';
import { MODIFIERS, PREFERRED_ART, RELATED, ROMANCE_WORDS, SCENE_TILES, STOP_WORDS, TRANSLATIONS } from './subject-words';

/**
 * The subject a prompt names, as an illustration of Fluent Emoji Flat (MIT, © Microsoft; the Iconify JSON package
 * @iconify-json/fluent-emoji-flat) found by its name and emojilib's keywords (MIT). The prompt's words are matched in
 * English, Portuguese and Spanish (subject-words.ts translates), stemmed (snowball, English). Only the index (names and
 * keywords, ~0.5 MB) stays in memory; an illustration's SVG is read from the icon set on demand and a bounded number kept.
 */

/** The npm packages read by path at run time (the build adds them to dist's package.json; see apps/creative/webpack.config.js). */
export const EMOJI_PACKAGES = ['@iconify-json/fluent-emoji-flat', 'emojilib'] as const;

export interface EmojiMatch {
  /** The word(s) of the prompt that named it ("xícara", "running shoes"). */
  keyword: string;
  /** The icon's name in the set ("ringed-planet"). */
  name: string;
  /** The emoji character. */
  emoji: string;
}

export interface SubjectChoice extends EmojiMatch {
  /** Up to two smaller companions for words the subject does not show ("woman barista" → hot-beverage). */
  props: EmojiMatch[];
}

interface Entry {
  name: string;
  emoji: string;
  category: string;
  names: Set<string>;
  keywords: Set<string>;
  tile: boolean;
}

interface Concept {
  /** The prompt's own word(s). */
  source: string;
  /** The English words, as written (translated, related). */
  words: string[];
  terms: string[];
  weight: number;
  /** A describing word (MODIFIERS): never a subject or a prop by itself. */
  modifier: boolean;
}

const english = newStemmer('english');
const stems = new Map<string, string>();
/** Snowball's English stem, remembered (the index has ~4,000 distinct words, each stemmed once). */
const stem = (w: string) => {
  let s = stems.get(w);
  if (s === undefined) stems.set(w, (s = english.stem(w)));
  return s;
};
const STOP = new Set(STOP_WORDS);
const ROMANCE = new Set(ROMANCE_WORDS);
const MODIFIER = new Set(MODIFIERS);
const TILES = new Set(SCENE_TILES);
const NAME_STOP = new Set(['with', 'of', 'the', 'and', 'in', 'on', 'over', 'at', 'a', 'without', 'button']);
/** Categories that never give a subject (flags, keycaps, signs) and those that never give a prop (faces, people). */
const NEVER = new Set(['Flags', 'Symbols']);
const NOT_PROPS = new Set(['Flags', 'Symbols', 'Smileys & Emotion', 'People & Body']);

/** Lower-case words without accents ("Pôr-do-sol" → ["por", "do", "sol"]). */
export function fold(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function packageFile(pkg: string, file: string): string {
  const bases: string[] = [];
  if (typeof __filename === 'string' && __filename.startsWith('/')) bases.push(__filename);
  bases.push(join(process.cwd(), 'package.json'));
  for (const base of bases) {
    try {
      return join(dirname(createRequire(base).resolve(`${pkg}/package.json`)), file);
    } catch {
      /* the next base */
    }
  }
  throw new Error(`image generator: package ${pkg} not found`);
}

let index: Entry[] | undefined;

/** The searchable emoji: every icon of the set with a character, its name words and emojilib's keywords, stemmed. */
function entries(): Entry[] {
  if (index) return index;
  const chars = JSON.parse(readFileSync(packageFile(EMOJI_PACKAGES[0], 'chars.json'), 'utf8')) as Record<string, string>;
  const meta = JSON.parse(readFileSync(packageFile(EMOJI_PACKAGES[0], 'metadata.json'), 'utf8')) as { categories: Record<string, string[]> };
  const keywords = JSON.parse(readFileSync(packageFile(EMOJI_PACKAGES[1], 'dist/emoji-en-US.json'), 'utf8')) as Record<string, string[]>;
  const category = new Map<string, string>();
  for (const [c, names] of Object.entries(meta.categories)) for (const n of names) category.set(n, c);
  const byCode = new Map<string, string[]>();
  for (const [ch, kws] of Object.entries(keywords)) byCode.set([...ch].map((c) => c.codePointAt(0)!.toString(16)).join('-'), kws);
  const out: Entry[] = [];
  for (const [code, name] of Object.entries(chars)) {
    const cat = category.get(name);
    if (!cat) continue;
    const kws = byCode.get(code) ?? byCode.get(`${code}-fe0f`) ?? byCode.get(code.replace(/-fe0f/g, '')) ?? [];
    const names = new Set(
      name
        .split('-')
        .filter((w) => !NAME_STOP.has(w))
        .map(stem),
    );
    const kw = new Set(kws.flatMap((k) => fold(k)).map(stem));
    out.push({ name, emoji: String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16))), category: cat, names, keywords: kw, tile: TILES.has(name) });
  }
  // One entry per icon (a character and its variation-selector twin name the same icon).
  const seen = new Set<string>();
  index = out.filter((e) => (seen.has(e.name) ? false : (seen.add(e.name), true))).sort((a, b) => a.name.localeCompare(b.name));
  return index;
}

/** A prompt's words as concepts: translated (pt, es → en, phrases first), stop words dropped, expanded by RELATED. */
export function concepts(prompt: string): { concepts: Concept[]; head: number } {
  const ws = fold(prompt);
  const out: Concept[] = [];
  let romance = ws.some((w) => ROMANCE.has(w));
  const lookup = (w: string) =>
    TRANSLATIONS[w] ?? (w.endsWith('s') ? (TRANSLATIONS[w.slice(0, -1)] ?? (w.endsWith('es') ? TRANSLATIONS[w.slice(0, -2)] : undefined)) : undefined);
  for (let i = 0; i < ws.length;) {
    let taken = 0;
    for (const n of [3, 2]) {
      const phrase = ws.slice(i, i + n).join(' ');
      if (n <= ws.length - i && TRANSLATIONS[phrase]) {
        out.push({ source: phrase, words: fold(TRANSLATIONS[phrase]), terms: fold(TRANSLATIONS[phrase]).map(stem), weight: 1, modifier: false });
        romance = true;
        taken = n;
        break;
      }
    }
    if (taken) {
      i += taken;
      continue;
    }
    const w = ws[i++];
    if (STOP.has(w) || /^\d+$/.test(w)) continue;
    const en = lookup(w);
    if (en && en !== w) romance = true;
    const words = fold(en ?? w);
    const modifier = MODIFIER.has(w);
    out.push({ source: w, words, terms: words.map(stem), weight: modifier ? 0.5 : 1, modifier });
    for (const x of words) for (const r of RELATED[x] ?? []) out.push({ source: w, words: fold(r), terms: fold(r).map(stem), weight: 0.6, modifier: false });
  }
  // The head noun: an English noun phrase ends with it ("iced coffee cup"), a Portuguese or Spanish one starts with it.
  const primary = out.filter((c) => c.weight === 1 && !c.modifier);
  const head = primary.length ? out.indexOf(romance ? primary[0] : primary[primary.length - 1]) : -1;
  return { concepts: out, head };
}

/** The English words a prompt's words translate and relate to ("café gelado" → coffee, hot, beverage, iced). */
export function promptWords(prompt: string): string[] {
  return concepts(prompt).concepts.flatMap((c) => c.words);
}

interface Scored {
  entry: Entry;
  score: number;
  nameHits: number;
  hit: Set<number>;
}

function score(e: Entry, cs: Concept[], head: number): Scored {
  let s = 0;
  let nameHits = 0; // of words that are not modifiers
  const hit = new Set<number>();
  const matchedNames = new Set<string>();
  cs.forEach((c, i) => {
    const w = c.weight * (i === head ? 1.5 : 1);
    const inName = c.terms.filter((t) => e.names.has(t));
    if (inName.length) {
      s += 3 * w * (inName.length / c.terms.length);
      if (!c.modifier) nameHits++;
      inName.forEach((t) => matchedNames.add(t));
      hit.add(i);
    } else if (c.terms.some((t) => e.keywords.has(t))) {
      s += w;
      hit.add(i);
    }
  });
  // Name words the prompt did not ask for ("woman-office-worker" for "woman"), scene tiles and faces count against.
  if (hit.size) s -= [...e.names].filter((n) => !matchedNames.has(n)).length + (e.tile || e.category === 'Smileys & Emotion' ? 1.5 : 0);
  return { entry: e, score: s, nameHits, hit };
}

const better = (a: Scored, b: Scored) => b.score - a.score || a.entry.names.size - b.entry.names.size || a.entry.name.localeCompare(b.entry.name);

/** The subject of a prompt and up to two props, or null when no emoji is named by it. */
export function chooseSubject(prompt: string): SubjectChoice | null {
  const { concepts: cs, head } = concepts(prompt);
  if (!cs.length) return null;
  const all = entries().map((e) => score(e, cs, head));
  const best = all.filter((s) => s.nameHits > 0 && s.score >= 2 && !NEVER.has(s.entry.category)).sort(better)[0];
  if (!best) return null;
  const preferred = PREFERRED_ART[best.entry.name] ? all.find((s) => s.entry.name === PREFERRED_ART[best.entry.name]) : undefined;
  const main = preferred ? { ...preferred, hit: best.hit } : best;
  const source = (hit: Set<number>) => {
    const i = [...hit].sort((a, b) => (b === head ? 1 : 0) - (a === head ? 1 : 0) || cs[b].weight - cs[a].weight || a - b)[0];
    return cs[i].source;
  };
  const props: EmojiMatch[] = [];
  const covered = new Set(main.hit);
  const sources = new Set([...main.hit].map((i) => cs[i].source));
  for (let i = 0; i < cs.length && props.length < 2; i++) {
    if (covered.has(i) || sources.has(cs[i].source) || cs[i].modifier) continue;
    const best = all
      .filter(
        (s) =>
          s.hit.has(i) &&
          s.score >= 0.5 &&
          !NOT_PROPS.has(s.entry.category) &&
          !s.entry.tile &&
          s.entry !== main.entry &&
          !props.some((p) => p.name === s.entry.name),
      )
      .sort(better)[0];
    if (!best) continue;
    best.hit.forEach((k) => covered.add(k));
    sources.add(cs[i].source);
    props.push({ keyword: cs[i].source, name: best.entry.name, emoji: best.entry.emoji });
  }
  return { keyword: source(main.hit), name: main.entry.name, emoji: main.entry.emoji, props };
}

// ---------------------------------------------------------------------------------------------------------------
// The illustrations: SVG bodies read from the icon set's icons.json on demand, the last 64 kept.

const BODY_CACHE_MAX = 64;
const bodies = new Map<string, { body: string; width: number; height: number }>();

/** One icon's object out of icons.json without parsing the whole 9 MB file (it is pretty-printed, one key a line). */
function readIcon(name: string): { body: string; width: number; height: number } {
  const raw = readFileSync(packageFile(EMOJI_PACKAGES[0], 'icons.json'));
  const key = Buffer.from(`\n\t\t${JSON.stringify(name)}: {`);
  const at = raw.indexOf(key);
  let icon: { body?: string; parent?: string; width?: number; height?: number } | undefined;
  let size = { width: 32, height: 32 };
  if (at >= 0) {
    const end = raw.indexOf('\n\t\t}', at + key.length);
    icon = JSON.parse(`{${raw.subarray(at + key.length, end).toString('utf8')}}`);
  } else {
    // Another layout than the pinned version's: parse it all (slow, rare).
    const set = JSON.parse(raw.toString('utf8')) as {
      icons: Record<string, typeof icon>;
      aliases?: Record<string, typeof icon>;
      width?: number;
      height?: number;
    };
    icon = set.icons[name] ?? set.aliases?.[name];
    size = { width: set.width ?? 32, height: set.height ?? 32 };
  }
  if (!icon?.body) throw new Error(`image generator: icon ${name} not in the set`);
  return { body: icon.body, width: icon.width ?? size.width, height: icon.height ?? size.height };
}

function icon(name: string) {
  let got = bodies.get(name);
  if (got) bodies.delete(name);
  else got = readIcon(name);
  bodies.set(name, got);
  while (bodies.size > BODY_CACHE_MAX) bodies.delete(bodies.keys().next().value as string);
  return got;
}

/**
 * The icon as a standalone SVG of `px` pixels a side (so it is rasterized at the size it is drawn), as a data URL.
 * `silhouette`: every paint turned to black (a shadow's shape).
 */
export function emojiSvg(name: string, px: number, silhouette = false): string {
  const { body, width, height } = icon(name);
  const paint = silhouette ? body.replace(/(fill|stroke|stop-color)="(?!none)[^"]*"/g, '$1="#000"') : body;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${Math.round(px)}" height="${Math.round(px)}" viewBox="0 0 ${width} ${height}">${paint}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** How many SVG bodies are held (for tests of the bound). */
export const cachedIcons = () => bodies.size;
