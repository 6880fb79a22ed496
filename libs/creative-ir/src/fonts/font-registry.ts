import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getTextRenderer, GlobalFonts, setTextRenderer, type FontKey } from '@napi-rs/canvas';
import { fontCodePoints } from './coverage';

/**
 * Bundled open fonts, all shipped as TTF by npm packages (SIL Open Font License), so the
 * renderer, the HTML export and satori (bench) use the very same files.
 */
export type FontCategory = 'sans' | 'serif' | 'display' | 'mono';

export interface BundledFontFamily {
  family: string;
  category: FontCategory;
  description: string;
  aliases: string[];
  pkg: string;
  /** weight -> file stem inside the package, e.g. 400 -> '400Regular/Inter_400Regular' */
  normal: Record<number, string>;
  italic: Record<number, string>;
}

const face = (prefix: string, weights: [number, string][], italic = false): Record<number, string> =>
  Object.fromEntries(weights.map(([w, n]) => [w, `${w}${n}${italic ? '_Italic' : ''}/${prefix}_${w}${n}${italic ? '_Italic' : ''}`]));

export const BUNDLED_FONT_FAMILIES: BundledFontFamily[] = [
  {
    family: 'Inter',
    category: 'sans',
    description: 'Neutral grotesque sans for UI and body text.',
    aliases: ['sans', 'sans-serif', 'system-ui', 'inter', 'helvetica', 'arial'],
    pkg: '@expo-google-fonts/inter',
    normal: face('Inter', [
      [400, 'Regular'],
      [500, 'Medium'],
      [600, 'SemiBold'],
      [700, 'Bold'],
      [800, 'ExtraBold'],
      [900, 'Black'],
    ]),
    italic: face(
      'Inter',
      [
        [400, 'Regular'],
        [700, 'Bold'],
      ],
      true,
    ),
  },
  {
    family: 'Lora',
    category: 'serif',
    description: 'Contemporary text serif with calligraphic roots.',
    aliases: ['serif', 'lora', 'georgia', 'times', 'times new roman'],
    pkg: '@expo-google-fonts/lora',
    normal: face('Lora', [
      [400, 'Regular'],
      [500, 'Medium'],
      [600, 'SemiBold'],
      [700, 'Bold'],
    ]),
    italic: face(
      'Lora',
      [
        [400, 'Regular'],
        [700, 'Bold'],
      ],
      true,
    ),
  },
  {
    family: 'Playfair Display',
    category: 'display',
    description: 'High-contrast display serif for headlines.',
    aliases: ['display', 'playfair', 'playfair display'],
    pkg: '@expo-google-fonts/playfair-display',
    normal: face('PlayfairDisplay', [
      [400, 'Regular'],
      [700, 'Bold'],
      [900, 'Black'],
    ]),
    italic: face(
      'PlayfairDisplay',
      [
        [400, 'Regular'],
        [700, 'Bold'],
      ],
      true,
    ),
  },
  {
    family: 'JetBrains Mono',
    category: 'mono',
    description: 'Monospace for code, figures and data.',
    aliases: ['mono', 'monospace', 'jetbrains mono', 'courier', 'courier new'],
    pkg: '@expo-google-fonts/jetbrains-mono',
    normal: face('JetBrainsMono', [
      [400, 'Regular'],
      [700, 'Bold'],
    ]),
    italic: face('JetBrainsMono', [[400, 'Regular']], true),
  },
];

/**
 * Noto faces (regular and bold) for scripts the bundled families lack, with the script each covers
 * (the HTML export embeds a face when the page has text in its script). Thai, Lao, Khmer and Burmese
 * are also broken into lines at dictionary word boundaries (`text-layout.ts`). Not CJK: one Noto CJK
 * family is 50–80 MB of npm package; documents can bring their own CJK fonts (`fonts[]`).
 */
export const SCRIPT_FALLBACKS: { family: string; pkg: string; script: RegExp }[] = [
  { family: 'Noto Sans Hebrew', pkg: '@expo-google-fonts/noto-sans-hebrew', script: /\p{Script=Hebrew}/u },
  { family: 'Noto Sans Arabic', pkg: '@expo-google-fonts/noto-sans-arabic', script: /\p{Script=Arabic}/u },
  { family: 'Noto Sans Devanagari', pkg: '@expo-google-fonts/noto-sans-devanagari', script: /\p{Script=Devanagari}/u },
  { family: 'Noto Sans Bengali', pkg: '@expo-google-fonts/noto-sans-bengali', script: /\p{Script=Bengali}/u },
  { family: 'Noto Sans Tamil', pkg: '@expo-google-fonts/noto-sans-tamil', script: /\p{Script=Tamil}/u },
  { family: 'Noto Sans Thai', pkg: '@expo-google-fonts/noto-sans-thai', script: /\p{Script=Thai}/u },
  { family: 'Noto Sans Lao', pkg: '@expo-google-fonts/noto-sans-lao', script: /\p{Script=Lao}/u },
  { family: 'Noto Sans Khmer', pkg: '@expo-google-fonts/noto-sans-khmer', script: /\p{Script=Khmer}/u },
  { family: 'Noto Sans Myanmar', pkg: '@expo-google-fonts/noto-sans-myanmar', script: /\p{Script=Myanmar}/u },
];

/** Fallback fonts loaded as a directory so Skia uses them for glyphs the primary face lacks. */
const FALLBACKS: { family: string; pkg: string; dir: string }[] = [
  { family: 'Twemoji Mozilla', pkg: 'twemoji-colr-font', dir: '' },
  ...SCRIPT_FALLBACKS.flatMap(({ family, pkg }) => ['400Regular', '700Bold'].map((dir) => ({ family, pkg, dir }))),
  { family: 'Noto Emoji', pkg: '@expo-google-fonts/noto-emoji', dir: '400Regular' },
];

export const FALLBACK_FAMILIES = ['Twemoji Mozilla', ...SCRIPT_FALLBACKS.map((f) => f.family), 'Noto Emoji'];
export const DEFAULT_FONT_FAMILY = 'Inter';

export interface FontOptions {
  /** Directory holding node_modules packages, when the default resolution cannot find them (e.g. bundled apps). */
  nodeModulesDir?: string;
}

let loaded = false;
let pkgRoots: Map<string, string> | undefined;
const customFamilies = new Map<string, string>(); // lower-case name -> family
const customHashes = new Set<string>();
let generation = 0;

/** Changes whenever a font is registered, so that measurement caches know to start over. */
export function fontGeneration(): number {
  return generation;
}

function packageRoot(pkg: string, options: FontOptions): string {
  const candidates: string[] = [];
  if (options.nodeModulesDir) candidates.push(join(options.nodeModulesDir, pkg));
  const bases: string[] = [];
  if (typeof __filename === 'string' && __filename.startsWith('/')) bases.push(__filename);
  bases.push(join(process.cwd(), 'package.json'));
  for (const base of bases) {
    try {
      candidates.push(dirname(createRequire(base).resolve(`${pkg}/package.json`)));
    } catch {
      /* try the next base */
    }
  }
  const found = candidates.find((c) => existsSync(join(c, 'package.json')));
  if (!found) throw new Error(`creative-ir: font package ${pkg} not found (install it or pass nodeModulesDir)`);
  return found;
}

/**
 * The npm packages whose font files the library reads at run time (by path, not by import, so a
 * bundler or Nx's generated package.json does not see them): an app that bundles the library must
 * install these next to it.
 */
export const FONT_PACKAGES: readonly string[] = [...new Set([...BUNDLED_FONT_FAMILIES.map((f) => f.pkg), ...FALLBACKS.map((f) => f.pkg)])];

function roots(options: FontOptions = {}): Map<string, string> {
  if (!pkgRoots) {
    pkgRoots = new Map();
    for (const pkg of FONT_PACKAGES) {
      pkgRoots.set(pkg, packageRoot(pkg, options));
    }
  }
  return pkgRoots;
}

/** Registers the bundled fonts and fallbacks once per process. Cheap after the first call. */
export function ensureFonts(options: FontOptions = {}): void {
  if (loaded) return;
  // Skia's portable text renderer (FreeType, one gamma, no LCD text) gives the same pixels on every host.
  if (getTextRenderer() !== 'portable') setTextRenderer('portable');
  const r = roots(options);
  for (const fam of BUNDLED_FONT_FAMILIES) {
    for (const stem of [...Object.values(fam.normal), ...Object.values(fam.italic)]) {
      const key = GlobalFonts.registerFromPath(join(r.get(fam.pkg)!, `${stem}.ttf`), fam.family);
      if (!key) throw new Error(`creative-ir: could not register ${stem}`);
    }
  }
  for (const fb of FALLBACKS) GlobalFonts.loadFontsFromDir(join(r.get(fb.pkg)!, fb.dir));
  loaded = true;
}

/** Canonical family for a requested name (bundled family, alias, or registered custom family); Inter otherwise. */
export function resolveFontFamily(name: string | undefined): string {
  if (!name) return DEFAULT_FONT_FAMILY;
  const first = name
    .split(',')[0]
    .trim()
    .replace(/^["']|["']$/g, '');
  const lower = first.toLowerCase();
  const custom = customFamilies.get(lower);
  if (custom) return custom;
  if (documentFamilies.has(first)) return first;
  for (const fam of BUNDLED_FONT_FAMILIES) {
    if (fam.family.toLowerCase() === lower || fam.aliases.includes(lower)) return fam.family;
  }
  return DEFAULT_FONT_FAMILY;
}

export function isKnownFontFamily(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return customFamilies.has(lower) || BUNDLED_FONT_FAMILIES.some((f) => f.family.toLowerCase() === lower || f.aliases.includes(lower));
}

const q = (f: string) => (/^[A-Za-z-]+$/.test(f) ? f : `"${f}"`);

/**
 * A family followed by the faces that draw what it lacks: emoji (Twemoji, in color), then Inter
 * (Latin, Greek, Cyrillic and symbols, for document fonts that lack them and for the bundled families'
 * gaps), then one Noto face per script, then monochrome emoji. Whatever none of them has would be
 * drawn by a font installed on the host; `pinGlyphs` keeps that from happening.
 */
export function fontChain(family: string): string[] {
  const [emoji, ...rest] = FALLBACK_FAMILIES;
  return family === DEFAULT_FONT_FAMILY ? [family, ...FALLBACK_FAMILIES] : [family, emoji, DEFAULT_FONT_FAMILY, ...rest];
}

/** Canvas `font` shorthand with the fallback chain. */
export function canvasFont(family: string, weight: number, style: 'normal' | 'italic', size: number): string {
  const fams = fontChain(family).map(q).join(', ');
  return `${style === 'italic' ? 'italic ' : ''}${weight} ${size}px ${fams}`;
}

/** CSS font-family list for HTML export. */
export function cssFontFamily(family: string): string {
  return fontChain(family)
    .map((f) => `'${f.replace(/'/g, '')}'`)
    .join(', ');
}

function nearestWeight(available: number[], wanted: number): number {
  return available.reduce(
    (best, w) => (Math.abs(w - wanted) < Math.abs(best - wanted) || (Math.abs(w - wanted) === Math.abs(best - wanted) && w > best) ? w : best),
    available[0],
  );
}

/** TTF file of a bundled family closest to the requested weight and style (for embedding / satori). */
export function bundledFontFile(
  family: string,
  weight = 400,
  style: 'normal' | 'italic' = 'normal',
  options: FontOptions = {},
): { path: string; weight: number; style: 'normal' | 'italic' } | undefined {
  const fam = BUNDLED_FONT_FAMILIES.find((f) => f.family === family);
  if (!fam) return undefined;
  const table = style === 'italic' && Object.keys(fam.italic).length ? fam.italic : fam.normal;
  const actualStyle = table === fam.italic ? 'italic' : 'normal';
  const w = nearestWeight(Object.keys(table).map(Number), weight);
  return { path: join(roots(options).get(fam.pkg)!, `${table[w]}.ttf`), weight: w, style: actualStyle };
}

/** A fallback face's folder (as `loadFontsFromDir` takes it), its weight and its font files. */
export interface FallbackFontDir {
  family: string;
  path: string;
  weight: number;
  files: string[];
}
let fallbackDirs: FallbackFontDir[] | undefined;

export function fallbackFontFiles(options: FontOptions = {}): FallbackFontDir[] {
  if (!fallbackDirs) {
    const r = roots(options);
    fallbackDirs = FALLBACKS.map((f) => {
      const path = join(r.get(f.pkg)!, f.dir);
      return { family: f.family, path, weight: parseInt(f.dir, 10) || 400, files: fontFilesIn(path) };
    });
  }
  return fallbackDirs;
}

const fontFilesIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /\.(ttf|otf)$/i.test(f))
    .sort()
    .map((f) => join(dir, f));

/** Registers a font given as bytes under `family` (deduplicated by content). */
export function registerFontBytes(family: string, data: Buffer): void {
  ensureFonts();
  const hash = createHash('sha256').update(family).update(data).digest('hex');
  customFamilies.set(family.toLowerCase(), family);
  if (customHashes.has(hash)) return;
  if (!GlobalFonts.register(data, family)) throw new Error(`creative-ir: could not load font for family "${family}"`);
  customHashes.add(hash);
  addFamilyCoverage(family, [data]);
  generation++;
}

/** Documents' own families (`registerDocumentFamily`): internal name -> Skia's keys of its faces, least recently used first. */
const documentFamilies = new Map<string, FontKey[]>();
/** Document families kept registered; the least recently used beyond this are removed from Skia. */
const MAX_DOCUMENT_FAMILIES = 64;

/**
 * Registers the faces a document brings for `family` (IR `fonts[]`) under an internal name derived
 * from the family and the faces' bytes, and returns that name, or undefined when no face could be
 * read (`failed` lists those). Documents are isolated: two tenants' "Brand" fonts never replace one
 * another, and a document that brings no font for "Brand" never draws with someone else's. The same
 * faces give the same name (registered once); at most MAX_DOCUMENT_FAMILIES are kept, the least
 * recently used are removed.
 */
export function registerDocumentFamily(family: string, faces: Buffer[]): { name?: string; failed: number[] } {
  ensureFonts();
  const h = createHash('sha256').update(family);
  for (const f of faces) h.update(createHash('sha256').update(f).digest());
  const name = `${family.replace(/["'\\,;]/g, '')} ${h.digest('hex').slice(0, 16)}`;
  if (touchDocumentFamily(name)) return { name, failed: [] };
  const failed = registerDocumentFaces(name, faces);
  return failed.length === faces.length ? { failed } : { name, failed };
}

/**
 * Makes sure a document family registered earlier (`registerDocumentFamily`: its internal name and
 * the faces that could be read) is registered now, as the most recently used. Drawing calls it
 * right before drawing (`drawDocument`), with nothing awaited in between: a render lays out, may
 * await its images, and draws, and meanwhile other documents can register more families than are
 * kept and remove this one, whose text would then be drawn with the default face.
 */
export function keepDocumentFamily(name: string, faces: Buffer[]): void {
  if (!touchDocumentFamily(name)) registerDocumentFaces(name, faces);
}

/** Moves a registered document family to the most recently used end; false when it is not registered. */
function touchDocumentFamily(name: string): boolean {
  const keys = documentFamilies.get(name);
  if (!keys) return false;
  documentFamilies.delete(name);
  documentFamilies.set(name, keys);
  return true;
}

/** Registers faces under a document family's internal name, removing the least recently used families beyond the limit; returns the indexes of faces that could not be read. */
function registerDocumentFaces(name: string, faces: Buffer[]): number[] {
  ensureFonts();
  const keys: FontKey[] = [];
  const failed: number[] = [];
  faces.forEach((f, i) => {
    const key = GlobalFonts.register(f, name);
    if (key) keys.push(key);
    else failed.push(i);
  });
  if (!keys.length) return failed;
  documentFamilies.set(name, keys);
  familyCoverage.delete(name);
  addFamilyCoverage(
    name,
    faces.filter((_, i) => !failed.includes(i)),
  );
  while (documentFamilies.size > MAX_DOCUMENT_FAMILIES) {
    const [oldest, oldKeys] = documentFamilies.entries().next().value as [string, FontKey[]];
    GlobalFonts.removeBatch(oldKeys);
    documentFamilies.delete(oldest);
    familyCoverage.delete(oldest);
  }
  generation++;
  return failed;
}

/** Families that can be named in the IR. */
export function listFontFamilies(): { family: string; category: FontCategory; description: string; aliases: string[]; weights: number[]; italic: boolean }[] {
  return BUNDLED_FONT_FAMILIES.map((f) => ({
    family: f.family,
    category: f.category,
    description: f.description,
    aliases: f.aliases,
    weights: Object.keys(f.normal).map(Number),
    italic: Object.keys(f.italic).length > 0,
  }));
}

// ---------------------------------------------------------------------------------------------
// Which characters the registered faces draw.
//
// @napi-rs/canvas draws a character that no family of the font list has with any font installed on
// the host (it scans the system font directories whatever DISABLE_SYSTEM_FONTS_LOAD says), so the
// same document would render and measure differently from one machine to the next: Chinese drawn on
// a host with a CJK font, boxes on another. Text is therefore measured and drawn "pinned": every
// character that no face of its chain maps (read from the fonts' cmap tables) is replaced by an
// unassigned code point, which every engine draws as the family's own missing-glyph box.

/** Drawn as the first face's missing-glyph box: unassigned, so no font maps it. */
export const MISSING_GLYPH = '\u0378';
/** Text that every chain draws (Inter, in every chain, has all of Latin-1). */
const LATIN1 = /^[\t\n\r\u0020-\u00ff]*$/;
/** Never replaced: spaces, controls, format characters, variation selectors and tags (drawn as nothing, not as boxes). */
const NO_GLYPH = /[\s\p{Cc}\p{Cf}\u{fe00}-\u{fe0f}\u{e0100}-\u{e01ef}\u{e0020}-\u{e007f}]/u;

/** Code points of font files, by path. */
const fileCoverage = new Map<string, Set<number> | null>();
/** Code points of families registered from bytes (custom and document families): the union of their faces; null when a face could not be read. */
const familyCoverage = new Map<string, Set<number> | null>();
/** The coverage of each face of a chain, by family, weight and style (cleared when fonts change). */
const chains = new Map<string, (Set<number> | null)[]>();
let chainsGeneration = -1;

function addFamilyCoverage(family: string, faces: Buffer[]): void {
  let set = familyCoverage.get(family);
  if (set === null) return;
  for (const data of faces) {
    const cps = fontCodePoints(data);
    if (!cps) {
      familyCoverage.set(family, null);
      return;
    }
    if (!set) familyCoverage.set(family, (set = new Set()));
    for (const cp of cps) set.add(cp);
  }
}

function filesCodePoints(paths: string[]): Set<number> | null {
  const key = paths.join('\n');
  let set = fileCoverage.get(key);
  if (set !== undefined) return set;
  set = new Set<number>();
  for (const path of paths) {
    const cps = fontCodePoints(readFileSync(path));
    if (!cps) {
      set = null;
      break;
    }
    for (const cp of cps) set.add(cp);
  }
  fileCoverage.set(key, set);
  return set;
}

/**
 * Code points of the face Skia draws `family` with at this weight and style: the nearest bundled
 * file, the nearest of a script fallback's two weights, or every face of a family registered from
 * bytes. Null when unknown (a face that could not be read): that family is taken to draw everything.
 */
function faceCodePoints(family: string, weight: number, style: 'normal' | 'italic'): Set<number> | null {
  const fromBytes = familyCoverage.get(family);
  const bundled = bundledCodePoints(family, weight, style);
  if (fromBytes === undefined) return bundled === undefined ? null : bundled;
  if (bundled === undefined) return fromBytes;
  // Faces registered from bytes under a bundled family's name join its own.
  return fromBytes && bundled ? new Set([...bundled, ...fromBytes]) : null;
}

/** Code points of the bundled or fallback face Skia picks for the family (undefined: not one of ours). */
function bundledCodePoints(family: string, weight: number, style: 'normal' | 'italic'): Set<number> | null | undefined {
  const file = bundledFontFile(family, weight, style);
  if (file) return filesCodePoints([file.path]);
  const dirs = fallbackFontFiles().filter((d) => d.family === family);
  if (!dirs.length) return undefined;
  const w = nearestWeight(
    dirs.map((d) => d.weight),
    weight,
  );
  return filesCodePoints(dirs.filter((d) => d.weight === w).flatMap((d) => d.files));
}

function chainCodePoints(family: string, weight: number, style: 'normal' | 'italic'): (Set<number> | null)[] {
  if (chainsGeneration !== generation) {
    chains.clear();
    chainsGeneration = generation;
  }
  const key = `${family}|${weight}|${style}`;
  let chain = chains.get(key);
  if (!chain) {
    ensureFonts();
    chain = fontChain(family).map((f) => faceCodePoints(f, weight, style));
    chains.set(key, chain);
  }
  return chain;
}

const drawn = (chain: (Set<number> | null)[], cp: number) => chain.some((set) => set === null || set.has(cp));

/**
 * Whether some face of the chain draws `ch` (after `prev`): it maps it, or it is a mark the shaper
 * composes with the character before it into one the faces map (a + ̑ → ȃ: Inter has ȃ, not ̑).
 */
function drawnCharacter(chain: (Set<number> | null)[], ch: string, prev: string): boolean {
  const cp = ch.codePointAt(0)!;
  if (cp <= 0xff || drawn(chain, cp) || NO_GLYPH.test(ch)) return true;
  if (!prev) return false;
  const composed = [...(prev + ch).normalize('NFC')];
  return composed.length === 1 && drawn(chain, composed[0].codePointAt(0)!);
}

/** The characters of `text` in order, each with whether some face of the family's chain draws it. */
function* characters(family: string, weight: number, style: 'normal' | 'italic', text: string): Generator<[string, boolean]> {
  const chain = chainCodePoints(family, weight, style);
  let prev = '';
  for (const ch of text) {
    yield [ch, drawnCharacter(chain, ch, prev)];
    prev = ch;
  }
}

/** Text that every chain draws as it is (Inter, in every chain, has all of Latin-1): nothing to check. */
export const drawnByEveryChain = (text: string) => LATIN1.test(text);

/**
 * The distinct characters of `text` that no face of the family's chain draws (they come out as
 * missing-glyph boxes). Latin-1, spaces and invisible characters are never listed.
 */
export function missingCharacters(family: string, weight: number, style: 'normal' | 'italic', text: string): string[] {
  if (drawnByEveryChain(text)) return [];
  const out = new Set<string>();
  for (const [ch, drawn] of characters(family, weight, style, text)) if (!drawn) out.add(ch);
  return [...out];
}

/**
 * `text` as measured and drawn: each character that no face of the chain draws replaced by
 * MISSING_GLYPH, so that no font installed on the host can stand in for it. Text that every face
 * draws is returned as it is (the same string).
 */
export function pinGlyphs(family: string, weight: number, style: 'normal' | 'italic', text: string): string {
  if (drawnByEveryChain(text)) return text;
  let out = '';
  let changed = false;
  for (const [ch, drawn] of characters(family, weight, style, text)) {
    out += drawn ? ch : MISSING_GLYPH;
    changed ||= !drawn;
  }
  return changed ? out : text;
}
