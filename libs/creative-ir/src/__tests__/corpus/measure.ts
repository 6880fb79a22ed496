/**
 * The measuring functions of the issue-35 layout checks (layout-corpus.spec.ts), kept pure so that each can be
 * shown to catch a constructed violation (measure.spec.ts). They read laid-out lines and boxes (materializeSync)
 * and rendered pixels (rasterize), never the templates' intentions.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const LETTER = /[\p{L}\p{N}\p{M}]/u;
const HYPHENS = /[-\u00AD\u2010\u2011]$/;

/** Lower-cased, NFC, with typographic variants folded, for comparing laid-out lines with the brief's copy. */
function fold(s: string): string {
  return s.normalize('NFC').toLocaleLowerCase('und');
}

/**
 * (a) Words broken without a hyphen: walks the laid-out lines through the source text and reports each line
 * that ends inside a word (a letter on both sides of the break in the source) without a trailing hyphen, as
 * `fragment|rest`. A line that cannot be found in the source (ellipsis, substituted text) ends the walk.
 */
export function brokenWords(source: string, lines: string[]): string[] {
  const src = fold(source);
  const found: string[] = [];
  let pos = 0;
  for (let i = 0; i < lines.length - 1; i++) {
    let t = fold(lines[i]).trim();
    if (!t) continue;
    const hyphenated = HYPHENS.test(t);
    const idx = src.indexOf(t, pos);
    if (idx < 0) {
      if (!hyphenated) break;
      // A hyphen the layout added: the line without it must be in the source.
      t = t.slice(0, -1);
      const j = src.indexOf(t, pos);
      if (j < 0) break;
      pos = j + t.length;
      continue;
    }
    const end = idx + t.length;
    pos = end;
    if (hyphenated) continue;
    if (end < src.length && LETTER.test(src[end - 1]) && LETTER.test(src[end])) {
      const before = /[\p{L}\p{N}\p{M}]+$/u.exec(src.slice(0, end))?.[0] ?? '';
      const after = /^[\p{L}\p{N}\p{M}]+/u.exec(src.slice(end))?.[0] ?? '';
      found.push(`${before}|${after}`);
    }
  }
  return found;
}

/** Letters a tail keeps to be the end of a word rather than a scrap of one ("…kapitäns- / mütze", not "…müt- / ze"). */
const TAIL_MIN_LETTERS = 4;

/**
 * (b) A multi-line headline whose last line is a single word. Not counted, given the headline's copy (`source`): a
 * last line that is the tail of a word the layout hyphenated on the line before, when that line holds nothing but the
 * word's piece and the tail keeps TAIL_MIN_LETTERS letters or more ("Der neue / Buchhandlungs- / herbstlesungs- /
 * veranstaltungskalender", "Sommernachts- / flohmarkt"). Such a word is wider than the line: it does not end the
 * headline alone, it is the headline's last word, and no arrangement can put a second word beside its end.
 */
export function isWidowHeadline(lines: string[], source?: string): boolean {
  const ls = lines.map((l) => l.trim()).filter(Boolean);
  if (ls.length < 2) return false;
  const last = ls[ls.length - 1];
  if (last.split(/\s+/).filter((w) => LETTER.test(w)).length !== 1) return false;
  const before = ls[ls.length - 2];
  if (source !== undefined && HYPHENS.test(before) && !/\s/.test(before)) {
    const head = before.slice(0, -1);
    const tail = /^[\p{L}\p{N}\p{M}]+/u.exec(last)?.[0] ?? '';
    // The hyphen is the layout's (the copy has the two pieces joined), and the tail is more than a scrap.
    if ([...tail].length >= TAIL_MIN_LETTERS && fold(source).includes(fold(head + tail))) return false;
  }
  return true;
}

/** (c) Title size over the largest secondary text size beside it; null when there is no secondary text. */
export function titleRatio(titleSize: number, otherSizes: number[]): number | null {
  if (!otherSizes.length) return null;
  return titleSize / Math.max(...otherSizes);
}

/**
 * (d) What a text node says that the brief did not: every brief string (longest first, case-insensitive) is
 * taken out of the node's text; the rest, if it has letters, is returned trimmed of separators, else ''.
 */
export function templateAddedText(content: string, briefStrings: string[]): string {
  let rest = fold(content);
  const strings = [...new Set(briefStrings.map(fold).filter((s) => s.trim()))].sort((a, b) => b.length - a.length);
  // A badge or button shortened to fit keeps the first words of its copy ("Neu in Version 4.0" → "Neu in Version"):
  // still the brief's words, not the template's.
  const words = (t: string) => t.split(/[\s·•|,;:]+/u).filter(Boolean);
  const shown = words(rest);
  if (shown.length && strings.some((s) => words(s).length > shown.length && words(s).slice(0, shown.length).join(' ') === shown.join(' '))) return '';
  for (const s of strings) rest = rest.split(s).join(' ');
  if (!/\p{L}/u.test(rest)) return '';
  return rest
    .replace(/[\s·•|,;:→←↑↓★☆“”"'()[\]/\\-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * English words a template could add by itself (labels, counters, prompts). A template-added word in this
 * list inside a design whose brief is not English is an English label.
 */
export const ENGLISH_LABEL_WORDS = new Set(
  (
    'source sources new tip tips swipe next previous prev more read learn shop buy now today free sale off limited ' +
    'offer offers only new featured feature quote stat stats data chart note step steps slide page of by from and ' +
    'the with your you our for to in on at see view get start join book order call contact follow save share ' +
    'sign up download watch listen try explore discover details info about why how what when where who list ' +
    'top best vs item items agenda schedule date time venue location tickets ticket speaker speakers event ' +
    'testimonial review reviews rating did know fact facts insight insights highlight highlights key takeaway'
  ).split(' '),
);

/**
 * Words of that list that are also the right word in another language (French "Source :", "Date", "Note"): in a
 * design in that language they are its own label, not an English one.
 */
const HOMOGRAPHS: Record<string, Set<string>> = {
  fr: new Set(['source', 'sources', 'date', 'note', 'page', 'info', 'article', 'question']),
};

/** (d) English words among a template-added string (`language`, the design's, to pass its homographs). */
export function englishLabelWords(added: string, language = 'en'): string[] {
  const own = HOMOGRAPHS[language.toLowerCase().split(/[-_]/)[0]];
  return added.split(/\s+/).filter((w) => ENGLISH_LABEL_WORDS.has(w.toLowerCase()) && !own?.has(w.toLowerCase()));
}

/** sRGB relative luminance of an 8-bit RGB triple (WCAG 2). */
export function luminance(r: number, g: number, b: number): number {
  const c = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}

export function contrastOf(a: [number, number, number], b: [number, number, number]): number {
  const l1 = luminance(...a),
    l2 = luminance(...b);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/**
 * (e) Contrast of a logo's ink against what is under it, on rendered pixels: `withLogo` and `withoutLogo`
 * are the same page drawn with and without the logo (RGBA, `width` px wide); `alpha` gives the logo's own
 * opacity per page pixel (0–1, same size). Over the pixels where the mark is (nearly) opaque, the per-pixel
 * ratio of the drawn ink to the ground beneath it; the median is returned (null when the mark has no
 * opaque pixel on the page).
 */
export function logoInkContrast(withLogo: Uint8Array | Buffer, withoutLogo: Uint8Array | Buffer, alpha: Float32Array, minAlpha = 0.85): number | null {
  const ratios: number[] = [];
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i] < minAlpha) continue;
    const p = i * 4;
    ratios.push(contrastOf([withLogo[p], withLogo[p + 1], withLogo[p + 2]], [withoutLogo[p], withoutLogo[p + 1], withoutLogo[p + 2]]));
  }
  if (!ratios.length) return null;
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)];
}

/** Area of the intersection of two boxes (0 when they only touch). */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * (e) Whether a logo box overlaps a node: a filled node by its box; a node drawn only as an outline (stroke,
 * no fill) by the band its stroke draws along the box edges.
 */
export function overlapsNode(logo: Box, node: Box & { strokeOnly?: boolean; strokeWidth?: number; ellipse?: boolean }, minArea = 4): boolean {
  if (node.ellipse) return overlapsEllipse(logo, node, node.strokeOnly ? Math.max(1, node.strokeWidth ?? 1) : undefined);
  if (!node.strokeOnly) return overlapArea(logo, node) >= minArea;
  const s = Math.max(1, node.strokeWidth ?? 1);
  const bands: Box[] = [
    { x: node.x - s / 2, y: node.y - s / 2, width: node.width + s, height: s },
    { x: node.x - s / 2, y: node.y + node.height - s / 2, width: node.width + s, height: s },
    { x: node.x - s / 2, y: node.y - s / 2, width: s, height: node.height + s },
    { x: node.x + node.width - s / 2, y: node.y - s / 2, width: s, height: node.height + s },
  ];
  return bands.some((b) => overlapArea(logo, b) >= minArea);
}

/**
 * (e) Whether a box meets the ellipse inscribed in `e` (its filled area, or with `ring` the band of that
 * width along its outline): the box's nearest point to the centre lies inside the ellipse and, for a ring,
 * its farthest corner lies beyond the inner edge.
 */
export function overlapsEllipse(b: Box, e: Box, ring?: number): boolean {
  const rx = e.width / 2,
    ry = e.height / 2,
    cx = e.x + rx,
    cy = e.y + ry;
  if (rx <= 0 || ry <= 0) return false;
  const inset = 1; // a shared edge pixel is not an overlap
  const bx0 = b.x + inset,
    by0 = b.y + inset,
    bx1 = b.x + b.width - inset,
    by1 = b.y + b.height - inset;
  const nx = Math.min(Math.max(cx, bx0), bx1),
    ny = Math.min(Math.max(cy, by0), by1);
  if (((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 >= 1) return false;
  if (ring === undefined) return true;
  const far = Math.max(
    ...[
      [bx0, by0],
      [bx1, by0],
      [bx0, by1],
      [bx1, by1],
    ].map(([x, y]) => ((x - cx) / Math.max(1e-6, rx - ring)) ** 2 + ((y - cy) / Math.max(1e-6, ry - ring)) ** 2),
  );
  return far > 1;
}

/**
 * (f) The inked extent of a text node: its box narrowed to the widest line, placed by the alignment (start
 * and end follow the direction).
 */
export function textInkBox(box: Box, textWidth: number, align: string | undefined, direction: 'ltr' | 'rtl' = 'ltr'): Box {
  const w = Math.min(box.width, textWidth);
  const a = align === 'start' || !align ? (direction === 'rtl' ? 'right' : 'left') : align === 'end' ? (direction === 'rtl' ? 'left' : 'right') : align;
  const x = a === 'center' ? box.x + (box.width - w) / 2 : a === 'right' ? box.x + box.width - w : box.x;
  return { x, y: box.y, width: w, height: box.height };
}

/** (f) Whether a box comes within `share` of the page's width (left/right) or height (top/bottom) of an edge. */
export function nearEdge(box: Box, pageWidth: number, pageHeight: number, share = 0.04): boolean {
  const mx = pageWidth * share,
    my = pageHeight * share;
  return box.x < mx - 0.01 || box.y < my - 0.01 || box.x + box.width > pageWidth - mx + 0.01 || box.y + box.height > pageHeight - my + 0.01;
}

/**
 * (g) The tallest band of a page, between `top` and `bottom` (its safe area), that no box reaches, as a share of
 * the page's height: how much of a tall page is left empty in one piece. Boxes are the drawn content (text,
 * images, cards, shapes), not the page's ground.
 */
export function largestEmptyBand(boxes: Box[], top: number, bottom: number, pageHeight: number): number {
  const spans = boxes
    .map((b) => [Math.max(top, b.y), Math.min(bottom, b.y + b.height)] as const)
    .filter(([a, b]) => b > a)
    .sort((p, q) => p[0] - q[0]);
  let largest = 0;
  let reached = top;
  for (const [a, b] of spans) {
    largest = Math.max(largest, a - reached);
    reached = Math.max(reached, b);
  }
  largest = Math.max(largest, bottom - reached);
  return Math.max(0, largest) / pageHeight;
}
