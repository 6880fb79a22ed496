import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import {
  buildTemplate,
  flattenMaterialized,
  initCreativeIr,
  listTemplates,
  materializeSync,
  rasterize,
  type IrDocument,
  type MaterializedNode,
  type TextNode,
} from '../index';
import { DEV_CORPUS } from './corpus/dev';
import { HELD_OUT_CORPUS } from './corpus/held-out';
import {
  brokenWords,
  englishLabelWords,
  isWidowHeadline,
  largestEmptyBand,
  logoInkContrast,
  nearEdge,
  overlapsNode,
  templateAddedText,
  textInkBox,
  titleRatio,
  type Box,
} from './corpus/measure';
import { BRAND_KIT_COLORS, type CorpusBrief } from './corpus/types';
import { FORMATS } from './template-samples';

/**
 * Issue 35: the measure that typesetting, labels, logos and banners are judged by. Every template x the 9
 * formats x 4 media variants (none, photo, logo, photo+logo) is laid out with corpus briefs (a deterministic
 * rotating subset: BRIEFS_PER_CELL briefs per template x format x variant, so every brief meets every template
 * and the run stays within a few minutes on one worker), with the issue's brand kit (teal, amber, cream;
 * Playfair Display + Inter), real photos and real logos (corpus/assets). Measured on laid-out lines and boxes,
 * and for the logo on rendered pixels:
 * (a) words broken without a hyphen; (b) multi-line titles ending on one word; (c) titles under 1.4x the
 * largest subtitle/body/list text beside them; (d) English words a template adds itself in non-English designs;
 * (e) the logo's ink against what is drawn under it (page rendered with and without the logo) under 3:1, and
 * the logo's box overlapping another node's (text, image, frame, decoration; full-page grounds excepted);
 * (f) text within 4% of an edge at 728x90 and 300x250, and eyebrow badges / buttons wrapping to 2+ lines.
 *
 * It prints one table (dev and the frozen held-out set separately) and writes contact sheets of the long-copy
 * and logo cases to tmp/layout-corpus/. The assertions are a ratchet: each share may not rise above what was
 * measured before the fixes (RATCHET below); lower the constants as the fixes land, down to the issue's targets.
 */

/** Share of designs (or of the check's population) at most; measured on 2026-11-27 before any issue-35 fix. */
const RATCHET: Record<Metric, { dev: number; heldOut: number }> = {
  // issue 35 target 0, reached by dictionary hyphenation (i35-type; was 23/1008 and 14/1008)
  brokenWords: { dev: 0, heldOut: 0 },
  // issue 35 target 0.05 (<= 5% of multi-line headlines end on one word) reached (i35-widows: compounds broken at their
  // joints, a title a step smaller before a widow, the long tail of a word wider than its line not counted); was 324/635
  // and 274/631, then 54/632 and 50/641. Left: whole words alone at 160x600 (Arabic, "mediterránea") and a 48-letter
  // compound alone on the last line of a 728x90.
  widowTitles: { dev: 11 / 635, heldOut: 8 / 646 },
  // issue 35 target is 0.05 (<= 5% of titles under 1.4x their secondary copy); was 34/480 and 33/479
  smallTitles: { dev: 0, heldOut: 1 / 480 },
  // issue 35 target reached (i35-labels): 136/856 and 136/854 before (118 and 117 with French "Source :" counted as French)
  englishLabels: { dev: 0, heldOut: 0 },
  // issue 35 target reached (i35-logo: plates decided on rendered pixels, plate colour by contrast); 37/252 and 36/252 before
  logoContrast: { dev: 0, heldOut: 0 },
  // issue 35 target reached (i35-logo: the logo moves to a clear corner, pastel blobs keep off it); 111/504 and 112/504 before
  logoOverlap: { dev: 0, heldOut: 0 },
  // issue 35 target reached (i35-labels: no text within 4% of an edge at 728x90 and 300x250): 81/224 and 83/224 before
  edgeText: { dev: 0, heldOut: 0 },
  // issue 35 target 0, reached by one-line badges shortened at word boundaries (i35-type; was 83/793 and 80/795)
  wrappedBadges: { dev: 0, heldOut: 0 },
  // ratchet: issue 35 item 5 (tall layouts use their height): 9:16 pages with a fifth of their height empty in one
  // band; 13/112 and 16/112 before the fixes, 4 and 9 after i35-labels; dev rose to 6 when the typesetting merge
  // (secondary copy dropped before the title shrinks) left two more pages with an empty band; 3 on dev (all
  // announcement, 21-22%) after i35-rest centred the 9:16 announcement's headline, grew its disc and moved the
  // testimonial's heading and the big number (3/112 on held-out, its constant left to the lead); 0 on dev after
  // i35-finish put the 9:16 announcement's tag at the head of its column (the headline between it and the button)
  // and grew its disc when there is no button; held-out stays at 2
  tallEmpty: { dev: 0, heldOut: 2 / 112 },
};

const BRIEFS_PER_CELL = 2;
/** (g) Tall pages, and the share of a page's height that may stay empty in one band. */
const TALL_FORMATS = new Set(['story-9x16']);
const TALL_EMPTY = 0.2;
/** Long side of the pages drawn for the logo check and the contact sheets. */
const RENDER_LONG_SIDE = 360;
/** Strip banners (728x90, 160x600) are drawn at full size: at 360 px their copy is unreadable on a sheet. */
const renderScale = (f: { width: number; height: number }) =>
  Math.min(1, (Math.max(f.width, f.height) / Math.min(f.width, f.height) > 3 ? 728 : RENDER_LONG_SIDE) / Math.max(f.width, f.height));
const OUT = join(__dirname, '../../../../tmp/layout-corpus');

type Metric = 'brokenWords' | 'widowTitles' | 'smallTitles' | 'englishLabels' | 'logoContrast' | 'logoOverlap' | 'edgeText' | 'wrappedBadges' | 'tallEmpty';
const METRICS: { key: Metric; label: string }[] = [
  { key: 'brokenWords', label: '(a) designs with a word broken without a hyphen' },
  { key: 'widowTitles', label: '(b) multi-line titles ending on one word' },
  { key: 'smallTitles', label: '(c) titles < 1.4x subtitle/body/list beside them' },
  { key: 'englishLabels', label: '(d) non-English designs with English template labels' },
  { key: 'logoContrast', label: '(e) logos under 3:1 on rendered pixels' },
  { key: 'logoOverlap', label: '(e) logos overlapped by another node' },
  { key: 'edgeText', label: '(f) 728x90/300x250 with text within 4% of an edge' },
  { key: 'wrappedBadges', label: '(f) designs whose eyebrow/CTA wraps to 2+ lines' },
  { key: 'tallEmpty', label: `(g) 9:16 pages with >= ${TALL_EMPTY * 100}% of the height empty in one band` },
];

interface Variant {
  name: string;
  photo: boolean;
  logo: boolean;
}
const VARIANTS: Variant[] = [
  { name: 'none', photo: false, logo: false },
  { name: 'photo', photo: true, logo: false },
  { name: 'logo', photo: false, logo: true },
  { name: 'photo+logo', photo: true, logo: true },
];

const ASSETS = join(__dirname, 'corpus/assets');
const PHOTOS = ['coffee', 'astronaut', 'chelsea', 'rocket'];
const LOGOS = ['teal-wordmark', 'multicolour-mark', 'black-wordmark', 'white-wordmark', 'debian'];
const LOGO_POSITIONS = ['bottom_right', 'top_left', 'top_right', 'bottom_left'] as const;
const SMALL_BANNERS = new Set(['banner-728x90', 'banner-300x250']);
const SECONDARY_IDS = new Set(['subtitle', 'body', 'venue']);
const LIST_ID = /^(item|agenda|feature)-\d+-text$/;

interface Design {
  set: 'dev' | 'heldOut';
  template: string;
  format: string;
  variant: string;
  brief: CorpusBrief;
  logoName?: string;
  broken: string[];
  /** Title lines, when the title is laid out on 2+ lines. */
  multiLineTitle?: string[];
  widow: boolean;
  ratio: number | null;
  englishLabels: string[];
  addedText: string[];
  logo: boolean;
  logoContrast: number | null;
  logoOverlaps: string[];
  edgeTexts: string[];
  badges: number;
  wrappedBadges: string[];
  /** (g) On tall pages: the largest share of the page's height left empty in one band. */
  emptyBand: number | null;
  render?: { pixels: Buffer; width: number; height: number };
}

function briefStrings(c: CorpusBrief): string[] {
  const b = c.brief;
  const out: string[] = [];
  for (const v of Object.values(b)) if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
  for (const i of b.items ?? []) out.push(i);
  for (const d of b.data ?? []) out.push(d.label, String(d.value));
  if (b.brand) out.push(...[b.brand.name, b.brand.website, b.brand.tagline].filter((s): s is string => !!s));
  return out;
}

const texts = (root: MaterializedNode) =>
  flattenMaterialized(root).filter((n) => n.type === 'text' && n.text && n.node.visible !== false && n.text.lines.some((l) => l.text.trim()));
const box = (n: MaterializedNode): Box => ({ x: n.x, y: n.y, width: n.width, height: n.height });

/** The logo's opacity per pixel of a page drawn at `scale` (the mark is fitted `contain` in its box). */
async function logoAlpha(logo: Buffer, n: MaterializedNode, scale: number, pw: number, ph: number): Promise<Float32Array> {
  const alpha = new Float32Array(pw * ph);
  const w = Math.max(1, Math.round(n.width * scale)),
    h = Math.max(1, Math.round(n.height * scale));
  const { data } = await sharp(logo)
    .resize(w, h, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x0 = Math.round(n.x * scale),
    y0 = Math.round(n.y * scale);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const px = x0 + x,
        py = y0 + y;
      if (px >= 0 && py >= 0 && px < pw && py < ph) alpha[py * pw + px] = data[y * w + x] / 255;
    }
  return alpha;
}

/** Nodes the logo may not overlap: text, images, filled or outlined frames and shapes; not full-page grounds or its plate. */
function obstacles(root: MaterializedNode, page: number): (MaterializedNode & { strokeOnly: boolean; strokeWidth: number; ellipse: boolean })[] {
  return flattenMaterialized(root)
    .filter((n) => n.id !== 'root' && n.id !== 'logo' && n.id !== 'logo-plate' && n.node.visible !== false && (n.node.opacity ?? 1) > 0)
    .filter((n) => {
      if (n.type === 'text') return !!n.text?.lines.some((l) => l.text.trim());
      const fills = (n.node.fills ?? []).length > 0;
      const strokes = (n.node.strokes ?? []).length > 0;
      if (n.type === 'frame' && !fills && !strokes) return false; // a layout container draws nothing
      // A ground (page fill, full-bleed photo or texture, scrim) is judged by the contrast check, not as an overlap.
      return n.width * n.height < 0.5 * page;
    })
    .map((n) => {
      const fills = (n.node.fills ?? []).length > 0 || n.type === 'image' || n.type === 'text' || n.type === 'procedural';
      return Object.assign(n, { strokeOnly: !fills, strokeWidth: Math.max(1, ...(n.node.strokes ?? []).map((s) => s.width)), ellipse: n.type === 'ellipse' });
    });
}

async function measure(
  set: 'dev' | 'heldOut',
  template: string,
  f: (typeof FORMATS)[number],
  v: Variant,
  c: CorpusBrief,
  k: number,
  assets: Record<string, Buffer>,
  render: boolean,
): Promise<Design> {
  const logoName = v.logo ? LOGOS[k % LOGOS.length] : undefined;
  const logo = logoName ? assets[`logo-${logoName}`] : undefined;
  const photo = PHOTOS[k % PHOTOS.length];
  const brief = { ...c.brief, ...(v.photo ? { image: { src: `asset:${photo}` } } : {}) };
  const brand = {
    colors: BRAND_KIT_COLORS,
    fonts: { heading: 'Playfair Display', body: 'Inter' },
    ...(logo ? { logo, logo_position: LOGO_POSITIONS[k % LOGO_POSITIONS.length] } : {}),
  };
  // The photos' bytes go with the brief, as a caller holding them gives them (templates read a cut-out's transparency).
  const r = await buildTemplate(template, { brief: brief as never, brand: brand as never, format: { width: f.width, height: f.height }, assets });
  const m = materializeSync(r.ir);
  const ts = texts(m.root);
  const d: Design = {
    set,
    template,
    format: f.name,
    variant: v.name,
    brief: c,
    logoName,
    broken: [],
    widow: false,
    ratio: null,
    englishLabels: [],
    addedText: [],
    logo: false,
    logoContrast: null,
    logoOverlaps: [],
    edgeTexts: [],
    badges: 0,
    wrappedBadges: [],
    emptyBand: null,
  };
  const strings = briefStrings(c);
  const nonEnglish = !/^en\b/i.test(c.brief.language);
  for (const t of ts) {
    const node = t.node as TextNode;
    const lines = t.text!.lines.map((l) => l.text);
    const content = String(node.text ?? '');
    // (a) against the node's own copy (laid-out lines are that copy, wrapped).
    for (const b of brokenWords(content, lines)) d.broken.push(`${t.id}: ${b}`);
    // (d) what the node says beyond the brief.
    const added = templateAddedText(content, strings);
    if (added) {
      d.addedText.push(`${t.id}: ${content}`);
      if (nonEnglish && englishLabelWords(added, c.brief.language).length) d.englishLabels.push(`${added} | ${content}`);
    }
    // (f) margins on the two small banners; badges and buttons on two lines.
    if (SMALL_BANNERS.has(f.name)) {
      const ink = textInkBox(box(t), t.text!.width, node.textAlign, t.text!.direction);
      if (nearEdge(ink, f.width, f.height))
        d.edgeTexts.push(`${t.id} at ${Math.round(ink.x)},${Math.round(ink.y)} ${Math.round(ink.width)}x${Math.round(ink.height)}`);
    }
    if (t.id === 'eyebrow' || t.id === 'cta-text') {
      d.badges++;
      if (lines.filter((l) => l.trim()).length >= 2) d.wrappedBadges.push(`${t.id}: ${lines.join(' / ')}`);
    }
  }
  // (g) Tall pages: what is drawn (text, photos and textures of any size, cards, shapes; not a flat ground,
  // full-page frames or blurred blobs), within the safe area (the template's margin: 7.4% of the short side).
  if (TALL_FORMATS.has(f.name)) {
    const page = f.width * f.height;
    const drawn = flattenMaterialized(m.root).filter((n) => {
      if (n.id === 'root' || n.node.visible === false || (n.node.opacity ?? 1) === 0) return false;
      if (n.type === 'image' || n.type === 'procedural') return true;
      if (n.width * n.height >= 0.5 * page) return false;
      if (n.type === 'text') return !!n.text?.lines.some((l) => l.text.trim());
      if ((n.node as { blur?: number }).blur) return false;
      return (n.node.fills ?? []).length > 0 || (n.node.strokes ?? []).length > 0;
    });
    const margin = Math.round(Math.min(f.width, f.height) * 0.074);
    d.emptyBand = largestEmptyBand(drawn.map(box), margin, f.height - margin, f.height);
  }
  // (b), (c): the brief's title.
  const title = ts.find((t) => t.id === 'title');
  if (title) {
    const lines = title.text!.lines.map((l) => l.text).filter((l) => l.trim());
    if (lines.length >= 2) {
      d.multiLineTitle = lines;
      d.widow = isWidowHeadline(lines, String((title.node as TextNode).text ?? ''));
    }
    const role = (title.node as TextNode).name ?? '';
    if (role === 'title' || role === 'display') {
      const others = ts.filter((t) => t !== title && (SECONDARY_IDS.has(t.id) || LIST_ID.test(t.id)));
      d.ratio = titleRatio(
        (title.node as TextNode).fontSize ?? 16,
        others.map((o) => (o.node as TextNode).fontSize ?? 16),
      );
    }
  }
  // (e) the logo.
  const logoNode = flattenMaterialized(m.root).find((n) => n.id === 'logo');
  if (logo && logoNode) {
    d.logo = true;
    for (const o of obstacles(m.root, f.width * f.height)) if (overlapsNode(box(logoNode), o)) d.logoOverlaps.push(`${o.type} ${o.id}`);
    if (render) {
      const scale = renderScale(f);
      const withLogo = await rasterize(r.ir, { scale, assets });
      const hidden = structuredClone(r.ir) as IrDocument;
      const hide = (n: { id?: string; opacity?: number; children?: unknown[] }) => {
        if (n.id === 'logo') n.opacity = 0;
        (n.children as (typeof n)[] | undefined)?.forEach(hide);
      };
      hide(hidden.root as never);
      const without = await rasterize(hidden, { scale, assets });
      const alpha = await logoAlpha(logo, logoNode, scale, withLogo.width, withLogo.height);
      d.logoContrast = logoInkContrast(withLogo.pixels, without.pixels, alpha);
      d.render = { pixels: Buffer.from(withLogo.pixels), width: withLogo.width, height: withLogo.height };
    }
  }
  return d;
}

interface Tally {
  count: number;
  of: number;
}
function tally(ds: Design[]): Record<Metric, Tally> {
  const t = (pred: (d: Design) => boolean, pop: (d: Design) => boolean): Tally => ({
    count: ds.filter((d) => pop(d) && pred(d)).length,
    of: ds.filter(pop).length,
  });
  return {
    brokenWords: t(
      (d) => d.broken.length > 0,
      () => true,
    ),
    widowTitles: t(
      (d) => d.widow,
      (d) => !!d.multiLineTitle,
    ),
    smallTitles: t(
      (d) => d.ratio !== null && d.ratio < 1.4,
      (d) => d.ratio !== null,
    ),
    englishLabels: t(
      (d) => d.englishLabels.length > 0,
      (d) => !/^en\b/i.test(d.brief.brief.language),
    ),
    logoContrast: t(
      (d) => d.logoContrast !== null && d.logoContrast < 3,
      (d) => d.logoContrast !== null,
    ),
    logoOverlap: t(
      (d) => d.logoOverlaps.length > 0,
      (d) => d.logo,
    ),
    edgeText: t(
      (d) => d.edgeTexts.length > 0,
      (d) => SMALL_BANNERS.has(d.format),
    ),
    wrappedBadges: t(
      (d) => d.wrappedBadges.length > 0,
      (d) => d.badges > 0,
    ),
    tallEmpty: t(
      (d) => d.emptyBand !== null && d.emptyBand >= TALL_EMPTY,
      (d) => d.emptyBand !== null,
    ),
  };
}
const share = (t: Tally) => (t.of ? t.count / t.of : 0);

async function label(text: string, width: number, height: number): Promise<Buffer> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const lines = text.split('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/>${lines
    .map((l, i) => `<text x="4" y="${13 + i * 13}" font-family="sans-serif" font-size="11" fill="#222">${esc(l)}</text>`)
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A grid of rendered pages (each fitted in a CELL box) with a caption under each. */
async function contactSheet(file: string, cells: { raw: { pixels: Buffer; width: number; height: number }; caption: string }[]) {
  if (!cells.length) return;
  // Cells sized to the format's drawings (one format per sheet), about 1,920 px wide in all.
  const CW = Math.max(170, Math.max(...cells.map((c) => c.raw.width)) + 8),
    CH = Math.max(...cells.map((c) => c.raw.height)) + 8,
    LH = 40;
  const columns = Math.max(1, Math.floor(1920 / CW));
  const rows = Math.ceil(cells.length / columns);
  const composites: OverlayOptions[] = [];
  for (let i = 0; i < cells.length; i++) {
    const { raw, caption } = cells[i];
    const thumb = await sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: 4 } })
      .png()
      .toBuffer();
    const left = (i % columns) * CW,
      top = Math.floor(i / columns) * (CH + LH);
    composites.push({ input: thumb, left: left + 4, top: top + 4 }, { input: await label(caption, CW, LH), left, top: top + CH });
  }
  await sharp({ create: { width: columns * CW, height: rows * (CH + LH), channels: 4, background: '#d8d8d8' } })
    .composite(composites)
    .png()
    .toFile(join(OUT, file));
}

/**
 * Knobs for the people fixing layouts (CI sets none): `LAYOUT_CORPUS_DEV=1` measures the dev set too (its table column,
 * its ratchets, and the findings file and contact sheets, which come from it; `npm test` and CI measure only the frozen
 * held-out set, half the run's time: CI has a time budget); `LAYOUT_CORPUS_SHEETS=1` also draws the contact sheets (most
 * of the run's time); `LAYOUT_CORPUS_TEMPLATES=quote,tip` measures only those templates (dev included), prints the table
 * and skips the ratchet (whose shares are over every template).
 */
const SHEETS = process.env.LAYOUT_CORPUS_SHEETS === '1';
const ONLY = (process.env.LAYOUT_CORPUS_TEMPLATES ?? '')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
const WITH_DEV = process.env.LAYOUT_CORPUS_DEV === '1' || SHEETS || ONLY.length > 0;

describe('layout corpus (issue 35): typesetting, hierarchy, labels, logos and banner margins', () => {
  const templates = listTemplates()
    .map((t) => t.id)
    .filter((t) => ONLY.length === 0 || ONLY.includes(t));
  const results: Record<'dev' | 'heldOut', Design[]> = { dev: [], heldOut: [] };
  let assets: Record<string, Buffer>;

  beforeAll(async () => {
    await initCreativeIr();
    assets = {};
    for (const p of PHOTOS) assets[p] = readFileSync(join(ASSETS, `photo-${p}.jpg`));
    for (const l of LOGOS) assets[`logo-${l}`] = readFileSync(join(ASSETS, `logo-${l}.png`));
    mkdirSync(OUT, { recursive: true });
    const sets = { dev: DEV_CORPUS, heldOut: HELD_OUT_CORPUS };
    for (const set of WITH_DEV ? (['dev', 'heldOut'] as const) : (['heldOut'] as const)) {
      const corpus = sets[set];
      let cell = 0;
      for (const template of templates)
        for (const f of FORMATS)
          for (const v of VARIANTS) {
            for (let j = 0; j < BRIEFS_PER_CELL; j++) {
              const k = cell * BRIEFS_PER_CELL + j;
              // Only the first brief of a logo cell is drawn (the pixels check); every one is laid out.
              results[set].push(await measure(set, template, f, v, corpus[k % corpus.length], k, assets, j === 0));
            }
            cell++;
          }
    }
  }, 1_500_000);

  it('prints the table and writes the contact sheets', async () => {
    const dev = tally(results.dev),
      ho = tally(results.heldOut);
    const pct = (t: Tally) => (t.of === 0 && !WITH_DEV ? 'not run' : `${t.count}/${t.of} (${(share(t) * 100).toFixed(1)}%)`);
    const rows = METRICS.map((m) => `| ${m.label.padEnd(55)} | ${pct(dev[m.key]).padEnd(18)} | ${pct(ho[m.key]).padEnd(18)} |`);
    const table = [
      `layout corpus: ${results.dev.length} dev and ${results.heldOut.length} held-out designs (${templates.length} templates x ${FORMATS.length} formats x ${VARIANTS.length} variants x ${BRIEFS_PER_CELL} briefs)`,
      `| ${'check'.padEnd(55)} | ${'dev'.padEnd(18)} | ${'held-out'.padEnd(18)} |`,
      ...rows,
    ].join('\n');
    console.log(table);
    // The details behind each figure, for the fixers (dev only; the held-out details stay out of the files).
    const detail = (d: Design) => `${d.template} ${d.format} ${d.variant} ${d.brief.id}${d.logoName ? ` logo=${d.logoName}` : ''}`;
    const lines: string[] = [table, ''];
    for (const d of results.dev) {
      for (const b of d.broken) lines.push(`(a) ${detail(d)}: ${b}`);
      if (d.widow) lines.push(`(b) ${detail(d)}: ${d.multiLineTitle!.join(' / ')}`);
      if (d.ratio !== null && d.ratio < 1.4) lines.push(`(c) ${detail(d)}: title ${d.ratio.toFixed(2)}x`);
      for (const l of d.englishLabels) lines.push(`(d) ${detail(d)}: "${l}"`);
      if (d.logoContrast !== null && d.logoContrast < 3) lines.push(`(e) ${detail(d)}: logo ${d.logoContrast.toFixed(2)}:1`);
      if (d.logoOverlaps.length) lines.push(`(e) ${detail(d)}: logo overlaps ${d.logoOverlaps.join(', ')}`);
      for (const e of d.edgeTexts) lines.push(`(f) ${detail(d)}: ${e}`);
      for (const w of d.wrappedBadges) lines.push(`(f) ${detail(d)}: ${w}`);
      if (d.emptyBand !== null && d.emptyBand >= TALL_EMPTY) lines.push(`(g) ${detail(d)}: ${(d.emptyBand * 100).toFixed(0)}% of the height empty`);
    }
    const count = (keyOf: (d: Design) => string[]) => {
      const m = new Map<string, number>();
      for (const d of results.dev) for (const k of keyOf(d)) m.set(k, (m.get(k) ?? 0) + 1);
      return [...m].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${n} x ${k}`);
    };
    lines.push('', 'English template labels (dev, by added text):', ...count((d) => d.englishLabels.map((l) => `"${l.split(' | ')[0]}" (${d.template})`)));
    lines.push('', 'Logo overlaps (dev, by template and node):', ...count((d) => d.logoOverlaps.map((o) => `${d.template}: ${o}`)));
    lines.push(
      '',
      'Logos under 3:1 (dev, by template and logo):',
      ...count((d) => (d.logoContrast !== null && d.logoContrast < 3 ? [`${d.template} ${d.logoName}`] : [])),
    );
    lines.push(
      '',
      'Logos drawn (dev, by logo and contrast):',
      ...count((d) => (d.logoContrast !== null ? [`${d.logoName} ${d.logoContrast < 3 ? 'under 3:1' : 'at least 3:1'}`] : [])),
    );
    for (const m of METRICS) {
      const byTemplate = templates.map((t) => {
        const tt = tally(results.dev.filter((d) => d.template === t))[m.key];
        return `${t} ${tt.count}/${tt.of}`;
      });
      lines.push('', `${m.label} (dev, by template): ${byTemplate.join(', ')}`);
    }

    expect(results.heldOut.length).toBeGreaterThan(0);
    if (!WITH_DEV) return;
    expect(results.dev.length).toBeGreaterThan(0);
    writeFileSync(join(OUT, 'dev-findings.txt'), lines.join('\n'));
    if (!SHEETS) return;
    // Contact sheets: the logo cases (dev, one per template x format x logo variant), by format.
    for (const f of FORMATS) {
      const cells = results.dev
        .filter((d) => d.format === f.name && d.render)
        .map((d) => ({
          raw: d.render!,
          caption:
            `${d.template} ${d.variant} ${d.logoName}\n${d.logoContrast?.toFixed(1) ?? '-'}:1${d.logoOverlaps.length ? ` over ${d.logoOverlaps.join(',')}` : ''}`.slice(
              0,
              90,
            ),
        }));
      await contactSheet(`logo-${f.name}.png`, cells);
    }
    // Long copy: the long, compound and long-word briefs of the dev set, every template, no media.
    const long = DEV_CORPUS.filter((c) => ['dev-01-cafe', 'dev-12-bookstore-de', 'dev-26-sale-ar'].includes(c.id));
    for (const f of FORMATS) {
      const cells: { raw: { pixels: Buffer; width: number; height: number }; caption: string }[] = [];
      for (const template of templates)
        for (const c of long) {
          const r = await buildTemplate(template, {
            brief: c.brief as never,
            brand: { colors: BRAND_KIT_COLORS, fonts: { heading: 'Playfair Display', body: 'Inter' } },
            format: { width: f.width, height: f.height },
          });
          const scale = renderScale(f);
          const raw = await rasterize(r.ir, { scale, assets });
          cells.push({ raw: { pixels: Buffer.from(raw.pixels), width: raw.width, height: raw.height }, caption: `${template}\n${c.id}` });
        }
      await contactSheet(`long-copy-${f.name}.png`, cells);
    }
  }, 1_500_000);

  (ONLY.length ? it.skip.each : it.each)(METRICS.map((m) => m.key))('%s stays at or under its ratchet on dev and held-out', (key) => {
    const dev = share(tally(results.dev)[key]),
      ho = share(tally(results.heldOut)[key]);
    if (WITH_DEV) expect(dev).toBeLessThanOrEqual(RATCHET[key].dev + 1e-9);
    expect(ho).toBeLessThanOrEqual(RATCHET[key].heldOut + 1e-9);
  });
});
