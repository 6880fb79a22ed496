import { readFileSync } from 'node:fs';
import { createCanvas, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import subsetFont from 'subset-font';
import { join } from 'node:path';
import { bundledFontFile, cssFontFamily, fallbackFontFiles, SCRIPT_FALLBACKS } from '../fonts/font-registry';
import type { MaterializedDocument, MaterializedNode } from '../layout/materialize';
import type { CornerRadius, IrNode, Paint, TextNode } from '../schema/ir-schema';
import { parseColor, toCss } from '../color/color';
import { prepare, type RenderOptions } from './render';
import { proceduralRaster } from './draw';
import { jpegSourceOf } from './embedded-jpeg';
import { imageBox } from './image-box';

/**
 * Standalone HTML export: one absolutely positioned element per node, at the boxes and line
 * breaks that `materialize` computed (so it matches the raster render), with the used fonts
 * embedded as base64 @font-face rules. Procedural backgrounds are embedded as images.
 */
export interface HtmlOptions extends RenderOptions {
  /** Page title. */
  title?: string;
  /** Embed the bundled fonts used by the document (default true). */
  embedFonts?: boolean;
  /**
   * Embed only the glyphs the page draws (default true): each face is cut to the characters of its
   * lines with HarfBuzz's subsetter (layout closure kept: kerning, ligatures), which makes a page's
   * fonts a small fraction of whole faces (docs/performance.md). `false` embeds
   * whole faces (for a page whose text will be edited afterwards).
   */
  subsetFonts?: boolean;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const px = (n: number) => `${+n.toFixed(3)}px`;

function cssPaint(p: Paint, w: number, h: number): string {
  if (p.type === 'solid') {
    const c = parseColor(p.color);
    const col = toCss({ ...c, a: c.a * (p.opacity ?? 1) });
    return `linear-gradient(${col}, ${col})`;
  }
  const op = p.opacity ?? 1;
  const stops = p.stops.map((s) => `${toCss({ ...parseColor(s.color), a: parseColor(s.color).a * op })} ${+(s.offset * 100).toFixed(3)}%`).join(', ');
  if (p.type === 'linear-gradient') return `linear-gradient(${p.angle ?? 180}deg, ${stops})`;
  const c = p.center ?? { x: 0.5, y: 0.5 };
  const r = (p.radius ?? 1) * (Math.hypot(w, h) / 2);
  return `radial-gradient(circle ${px(r)} at ${+(c.x * 100).toFixed(3)}% ${+(c.y * 100).toFixed(3)}%, ${stops})`;
}

function radius(r: CornerRadius | undefined, w: number, h: number): string | undefined {
  if (r === undefined) return undefined;
  const max = Math.min(w, h) / 2;
  const arr = typeof r === 'number' ? [r, r, r, r] : r;
  return arr.map((v) => px(Math.min(v, max))).join(' ');
}

function baseStyle(m: MaterializedNode, parent: MaterializedNode | undefined): string[] {
  const n = m.node;
  const s = [`left:${px(m.x - (parent?.x ?? 0))}`, `top:${px(m.y - (parent?.y ?? 0))}`, `width:${px(m.width)}`, `height:${px(m.height)}`];
  if (n.rotation) s.push(`transform:rotate(${n.rotation}deg)`);
  if (n.opacity !== undefined) s.push(`opacity:${n.opacity}`);
  if (n.blendMode && n.blendMode !== 'normal') s.push(`mix-blend-mode:${n.blendMode}`);
  if (n.blur) s.push(`filter:blur(${px(n.blur)})`);
  return s;
}

function shapeStyle(n: IrNode, w: number, h: number): string[] {
  const s: string[] = [];
  if (n.fills?.length)
    s.push(
      `background:${[...n.fills]
        .reverse()
        .map((f) => cssPaint(f, w, h))
        .join(', ')}`,
    );
  if (n.type === 'ellipse') s.push('border-radius:50%');
  else if ('cornerRadius' in n) {
    const r = radius(n.cornerRadius as CornerRadius | undefined, w, h);
    if (r) s.push(`border-radius:${r}`);
  }
  // An image's shadow is cast by what it draws (a cut-out's outline): `filter: drop-shadow` (see `nodeHtml`), not its box.
  const shadows = n.type === 'image' ? [] : (n.shadows ?? []).map((sh) => `${px(sh.x)} ${px(sh.y)} ${px(sh.blur)} ${sh.color}`);
  for (const st of n.strokes ?? []) {
    const align = st.align ?? 'inside';
    const style = st.dash?.length ? 'dashed' : 'solid';
    if (align === 'inside') shadows.push(`inset 0 0 0 ${px(st.width)} ${st.color}`);
    else s.push(`outline:${px(st.width)} ${style} ${st.color}`, `outline-offset:${px(align === 'center' ? -st.width / 2 : 0)}`);
  }
  if (shadows.length) s.push(`box-shadow:${shadows.join(', ')}`);
  return s;
}

function textHtml(m: MaterializedNode): string {
  const n = m.node as TextNode;
  const t = m.text;
  if (!t) return '';
  const va = n.verticalAlign ?? 'top';
  const top = va === 'middle' ? (m.height - t.height) / 2 : va === 'bottom' ? m.height - t.height : 0;
  let align = n.textAlign ?? 'start';
  if (align === 'start') align = t.direction === 'rtl' ? 'right' : 'left';
  if (align === 'end') align = t.direction === 'rtl' ? 'left' : 'right';
  const gradient = !n.color && n.fills?.find((p) => p.type !== 'solid');
  const color = n.color ?? (n.fills?.find((p) => p.type === 'solid') as { color: string } | undefined)?.color ?? '#000000';
  const common = [
    `font-family:${cssFontFamily(t.family)}`,
    `font-weight:${t.weight}`,
    `font-style:${t.style}`,
    `font-size:${px(t.fontSize)}`,
    `line-height:${px(t.lineHeight)}`,
    `letter-spacing:${px(t.letterSpacing)}`,
    `direction:${t.direction}`,
    gradient ? `background:${cssPaint(gradient, m.width, m.height)};-webkit-background-clip:text;background-clip:text;color:transparent` : `color:${color}`,
  ];
  if (n.textDecoration && n.textDecoration !== 'none') common.push(`text-decoration:${n.textDecoration}`);
  if (n.shadows?.length) common.push(`text-shadow:${n.shadows.map((s) => `${px(s.x)} ${px(s.y)} ${px(s.blur)} ${s.color}`).join(', ')}`);
  return t.lines
    .map((line, i) => {
      const justify = align === 'justify' && !line.paragraphEnd;
      const a = align === 'justify' ? (justify ? 'justify;text-align-last:justify' : t.direction === 'rtl' ? 'right' : 'left') : align;
      return `<div class="l" style="top:${px(top + i * t.lineHeight)};width:${px(m.width)};height:${px(t.lineHeight)};text-align:${a};${common.join(';')}">${esc(line.text)}</div>`;
    })
    .join('');
}

/** A procedural node as a WebP data URL (`proceduralRaster`: at most the page's size; the page stretches it to the node's box). */
async function proceduralDataUrl(m: MaterializedNode, pageSide: number): Promise<string> {
  const c = proceduralRaster(m.node as Extract<IrNode, { type: 'procedural' }>, m.width, m.height, pageSide);
  const webp = await sharp(c.data(), { raw: { width: c.width, height: c.height, channels: 4, premultiplied: true } })
    .webp({ quality: 92 })
    .toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

async function imageHtml(m: MaterializedNode, img: Image | undefined, options: RenderOptions): Promise<string> {
  const n = m.node;
  if (n.type !== 'image') return '';
  if (!img) return '';
  let src = n.src;
  if (src.startsWith('asset:')) {
    const c = createCanvas(img.width, img.height);
    c.getContext('2d').drawImage(img, 0, 0);
    const webp = await sharp(c.data(), { raw: { width: img.width, height: img.height, channels: 4, premultiplied: true } })
      .webp({ quality: options.quality ?? 90 })
      .toBuffer();
    // A JPEG asset goes in as itself when it is no larger than its WebP: no second lossy encoding.
    const jpeg = jpegSourceOf(img);
    src = jpeg && jpeg.length <= webp.length ? `data:image/jpeg;base64,${jpeg.toString('base64')}` : `data:image/webp;base64,${webp.toString('base64')}`;
  }
  const w = m.width;
  const h = m.height;
  const box = imageBox(n.fit ?? 'cover', n.focalPoint, w, h, img.width, img.height);
  return `<img alt="" src="${src}" style="position:absolute;left:${px(box.x)};top:${px(box.y)};width:${px(box.w)};height:${px(box.h)};max-width:none">`;
}

function svgShape(m: MaterializedNode): string {
  const n = m.node;
  const stroke = n.strokes?.[0];
  const fill = n.fills?.find((f) => f.type === 'solid') as { color: string } | undefined;
  const attrs = `fill="${n.type === 'line' ? 'none' : (fill?.color ?? 'none')}"${stroke ? ` stroke="${stroke.color}" stroke-width="${stroke.width}"${stroke.dash ? ` stroke-dasharray="${stroke.dash.join(' ')}"` : ''}${stroke.cap ? ` stroke-linecap="${stroke.cap}"` : n.type === 'line' ? ' stroke-linecap="round"' : ''}` : ''}`;
  if (n.type === 'line') {
    const [a, b] = n.points ?? [
      { x: 0, y: 0 },
      { x: m.width, y: m.height },
    ];
    return `<svg width="${Math.max(1, m.width)}" height="${Math.max(1, m.height)}" style="overflow:visible;position:absolute;left:0;top:0"><line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" ${attrs}/></svg>`;
  }
  if (n.type === 'path') {
    const vb = n.viewBox ?? [0, 0, m.width || 1, m.height || 1];
    return `<svg width="${m.width}" height="${m.height}" style="position:absolute;left:0;top:0" viewBox="${vb.join(' ')}" preserveAspectRatio="none" overflow="visible"><path d="${esc(n.d)}" fill-rule="${n.fillRule ?? 'nonzero'}" ${attrs}/></svg>`;
  }
  return '';
}

async function nodeHtml(
  m: MaterializedNode,
  parent: MaterializedNode | undefined,
  images: Map<string, Image>,
  options: RenderOptions,
  pageSide: number,
): Promise<string> {
  const n = m.node;
  if (n.visible === false) return '';
  const style = baseStyle(m, parent);
  let inner = '';
  if (n.type === 'text') inner = textHtml(m);
  else if (n.type === 'line' || n.type === 'path') inner = svgShape(m);
  else if (n.type !== 'group') style.push(...shapeStyle(n, m.width, m.height));
  if (n.type === 'image') {
    style.push('overflow:hidden');
    inner = await imageHtml(m, images.get(n.src), options);
    if (n.shadows?.length) {
      // drop-shadow() takes a box-shadow's <shadow> (its blur, a blur radius), cast by the image's alpha.
      const drops = n.shadows.map((sh) => `drop-shadow(${px(sh.x)} ${px(sh.y)} ${px(sh.blur)} ${sh.color})`).join(' ');
      const i = style.findIndex((d) => d.startsWith('filter:'));
      if (i >= 0) style[i] = `${style[i]} ${drops}`;
      else style.push(`filter:${drops}`);
    }
  }
  if (n.type === 'procedural') {
    style.push('overflow:hidden', `background-image:url(${await proceduralDataUrl(m, pageSide)})`, 'background-size:100% 100%');
  }
  if ((n.type === 'frame' || n.type === 'group') && n.clipContent) style.push('overflow:hidden');
  if (n.type === 'frame' || n.type === 'group') {
    for (const c of m.children) inner += await nodeHtml(c, m, images, options, pageSide);
  }
  return `<div class="n" data-id="${esc(m.id)}" data-type="${n.type}" style="${style.join(';')}">${inner}</div>`;
}

function hasEmoji(root: MaterializedNode): boolean {
  const re = /\p{Extended_Pictographic}/u;
  const walk = (m: MaterializedNode): boolean => (!!m.text && m.text.lines.some((l) => re.test(l.text))) || m.children.some(walk);
  return walk(root);
}

interface Face {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  /** Every character the page draws in this face. */
  chars: Set<string>;
}

function collectFaces(root: MaterializedNode): Map<string, Face> {
  const out = new Map<string, Face>();
  const walk = (m: MaterializedNode) => {
    if (m.text && m.node.visible !== false) {
      const key = `${m.text.family}|${m.text.weight}|${m.text.style}`;
      let face = out.get(key);
      if (!face) out.set(key, (face = { family: m.text.family, weight: m.text.weight, style: m.text.style, chars: new Set() }));
      for (const line of m.text.lines) for (const ch of line.text) face.chars.add(ch);
    }
    m.children.forEach(walk);
  };
  walk(root);
  return out;
}

export function documentToHtml(doc: MaterializedDocument, body: string, fontCss: string, title = 'Creative'): string {
  const bg = doc.background;
  const bgCss = typeof bg === 'string' ? bg : cssPaint(bg, doc.width, doc.height);
  return `<!doctype html>
<html lang="${esc(doc.lang)}"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=${doc.width}">
<style>
${fontCss}
html,body{margin:0;padding:0}
.page{position:relative;width:${doc.width}px;height:${doc.height}px;overflow:hidden;background:${bgCss}}
.n,.l{position:absolute;box-sizing:border-box;margin:0;padding:0}
.l{left:0;white-space:pre;overflow:visible;font-kerning:normal;text-rendering:geometricPrecision}
</style></head>
<body><div class="page">${body}</div></body></html>
`;
}

/** Exports the IR as a standalone HTML page that looks like the render. */
export async function renderHtml(ir: unknown, options: HtmlOptions = {}): Promise<string> {
  const { doc, images, fonts } = await prepare(ir, options);
  const body = await nodeHtml(doc.root, undefined, images, options, Math.max(doc.width, doc.height));
  let fontCss = '';
  if (options.embedFonts !== false) {
    // The characters in both normalization forms: a shaper decomposes some (Bengali's two-part
    // vowel sign o, U+09CB, is U+09C7 U+09BE) and looks the parts up in the font's character map;
    // without them in the subset, Chromium drew a dotted circle in "হ্যালো".
    const subset = async (data: Buffer, chars: Set<string>) => {
      if (options.subsetFonts === false) return data;
      const text = [...chars].join('');
      return subsetFont(data, text + text.normalize('NFD') + text.normalize('NFC'), { targetFormat: 'truetype' });
    };
    const fontFace = (family: string, weight: number, style: string, data: Buffer) =>
      `@font-face{font-family:"${family}";font-weight:${weight};font-style:${style};src:url(data:font/ttf;base64,${data.toString('base64')})}\n`;
    // The document's own families: every face once, with the characters of all their lines.
    const documentChars = new Map<string, Set<string>>();
    const faces = [...collectFaces(doc.root).values()];
    for (const f of faces) {
      if (f.chars.size === 0) continue;
      if (fonts.faces.has(f.family)) {
        const chars = documentChars.get(f.family) ?? new Set<string>();
        for (const ch of f.chars) chars.add(ch);
        documentChars.set(f.family, chars);
        continue;
      }
      const file = bundledFontFile(f.family, f.weight, f.style);
      if (file) fontCss += fontFace(f.family, f.weight, f.style, await subset(readFileSync(file.path), f.chars));
    }
    for (const [family, chars] of documentChars) {
      for (const face of fonts.faces.get(family)!) {
        // A face HarfBuzz cannot cut (the canvas read it) is embedded whole.
        const data = await subset(face.data, chars).catch(() => face.data);
        fontCss += fontFace(family, face.weight, face.style, data);
      }
    }
    // The script fallbacks the renderer draws Hebrew, Arabic, Indic and Southeast Asian scripts
    // with, cut to the page's letters of that script; without them a browser takes whatever the
    // system has, and lines change width.
    const pageChars = new Set(faces.flatMap((f) => [...f.chars]));
    for (const { family, script } of SCRIPT_FALLBACKS) {
      const chars = new Set([...pageChars].filter((ch) => script.test(ch)));
      if (!chars.size) continue;
      for (const dir of fallbackFontFiles().filter((x) => x.family === family)) {
        const file = dir.files.find((n) => n.endsWith('.ttf'));
        if (file) fontCss += fontFace(family, dir.weight, 'normal', await subset(readFileSync(file), chars));
      }
    }
    if (hasEmoji(doc.root)) {
      const dir = fallbackFontFiles().find((x) => x.family === 'Twemoji Mozilla');
      if (dir)
        fontCss += `@font-face{font-family:"Twemoji Mozilla";src:url(data:font/woff2;base64,${readFileSync(join(dir.path, 'twemoji.woff2')).toString('base64')}) format("woff2")}\n`;
    }
  }
  return documentToHtml(doc, body, fontCss, options.title);
}
