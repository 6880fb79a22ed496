import type { LayoutWarning } from '../warnings';
import { createHash } from 'node:crypto';
import { createCanvas, loadImage, PDFDocument, SvgExportFlag, type Canvas, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import { resolveAsset, type AssetBytes, type AssetResolver } from '../assets';
import { parseColor } from '../color/color';
import { RenderAbortedError, RenderCostError, RenderOptionsError } from '../errors';
import type { DocumentFonts } from '../fonts/document-fonts';
import { materializeWithFonts, type MaterializedDocument, type MaterializedNode } from '../layout/materialize';
import { MAX_PAGE_SIDE } from '../schema/ir-schema';
import { parseIr } from '../schema/validate';
import { describeCost, estimateDrawCost } from './cost';
import { drawDocument, drawInterrupt, type Ctx, type DrawInterrupt } from './draw';
import { keepJpegInPdf, keepJpegInSvg, rememberJpeg } from './embedded-jpeg';
import { compactSvgPaths } from './svg-paths';
import { encodePng, pngEncodingFor, pngWithSharp, type PngEncoding, type PngSettings } from './png';

export type { AssetBytes, AssetResolver };
export type RasterFormat = 'png' | 'jpeg' | 'webp' | 'avif';
export type RenderFormat = RasterFormat | 'svg' | 'pdf';

export interface RenderOptions {
  format?: RenderFormat;
  /** 1..100 for JPEG, WebP and AVIF. Default 90 (JPEG/WebP), 60 (AVIF). */
  quality?: number;
  /** Pixel density for raster output (2 gives a 2x image). Default 1. */
  scale?: number;
  /** Resize the raster output to this width (keeps aspect ratio), e.g. previews. */
  resizeWidth?: number;
  assets?: AssetResolver;
  /**
   * PNG encoding. `auto` (default) picks by content from the IR: `photo` when visible image or
   * procedural nodes cover at least a quarter of the page (rows "up"-filtered with run-length deflate,
   * or unfiltered at zlib 3 for textures that repeat along the row, by a trial on sampled rows: small
   * and fast for photographic pixels), `flat` otherwise (no row filter, zlib level 4: best for
   * shapes, text and gradients). Lossless and deterministic either way; see `pngEncodingFor`.
   */
  pngEncoding?: 'auto' | PngEncoding;
  /**
   * zlib level 0..9 for PNG. `flat`: default 4. `photo`: by default the trial above; a level here
   * switches to "up" rows with full deflate at that level (smaller files, several times slower).
   */
  pngCompressionLevel?: number;
  /** Leave the page transparent (PNG/WebP/AVIF) instead of painting `background`. */
  transparent?: boolean;
  /** PDF document title. */
  title?: string;
  /** Limits of this render (a service's time budget): see `RenderBudget`. */
  budget?: RenderBudget;
}

/**
 * How much a render may cost and how it is stopped. The document's drawing cost is estimated once it is laid out
 * (`estimateDrawCost`, before anything is drawn): past `maxCostMs` it is refused with `RenderCostError`. A document
 * estimated above `chunkMs` is drawn in chunks of about that much work, with `stop` asked between nodes (and before
 * encoding): once it returns true the render throws `RenderAbortedError` (see `DrawInterrupt`). Lighter documents are
 * drawn in one go, as without a budget: their whole drawing is shorter than a chunk.
 */
export interface RenderBudget {
  maxCostMs?: number;
  stop?: () => boolean;
  /** Default 200. */
  chunkMs?: number;
}

export const DEFAULT_CHUNK_MS = 200;

/**
 * Checks `doc` against `budget` (throws `RenderCostError`) and gives the interrupt its drawing uses: undefined
 * without a `stop`, or for a document lighter than a chunk.
 */
export function budgetFor(doc: MaterializedDocument, budget: RenderBudget | undefined, scale: number, vector: boolean): DrawInterrupt | undefined {
  if (!budget || (budget.maxCostMs === undefined && !budget.stop)) return undefined;
  const cost = estimateDrawCost(doc, { scale, vector });
  if (budget.maxCostMs !== undefined && cost.ms > budget.maxCostMs) throw new RenderCostError(cost.ms, budget.maxCostMs, describeCost(cost, vector));
  const chunkMs = budget.chunkMs ?? DEFAULT_CHUNK_MS;
  if (!budget.stop || cost.ms <= chunkMs) return undefined;
  return drawInterrupt(budget.stop, chunkMs, vector ? 1 : scale, cost.width * cost.height);
}

export interface RenderResult {
  data: Buffer;
  format: RenderFormat;
  mime: string;
  width: number;
  height: number;
  warnings: LayoutWarning[];
  materialized: MaterializedDocument;
}

export const MIME: Record<RenderFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

const imageCache = new Map<string, Image>();
const IMAGE_CACHE_MAX = 32;
/** At most ~128 MiB of decoded RGBA kept for reuse. */
const IMAGE_CACHE_PIXELS = 32_000_000;

/** The `src` of every visible image node. */
function imageSources(root: MaterializedNode): Set<string> {
  const srcs = new Set<string>();
  const walk = (n: MaterializedNode) => {
    if (n.node.type === 'image' && n.node.visible !== false) srcs.add(n.node.src);
    n.children.forEach(walk);
  };
  walk(root);
  return srcs;
}

/** Most pixels an image is decoded to (as the cache holds at most): larger ones are scaled down first. */
const MAX_IMAGE_PIXELS = IMAGE_CACHE_PIXELS;
/** Largest image sharp is asked to read at all (its own default, 16384 x 16384). */
const MAX_INPUT_PIXELS = 2 ** 28;

/**
 * Decodes an image asset. Its header is read first (sharp, no decoding): an image over
 * MAX_IMAGE_PIXELS is scaled down by sharp before the canvas decodes it, because a 446 KB PNG of
 * 12000 x 12000 px decodes to 576 MB of RGBA (and stays in the cache); one over MAX_INPUT_PIXELS is
 * refused (the drawer then warns that it could not be loaded).
 */
async function decodeImage(buf: Buffer): Promise<Image> {
  const meta = await sharp(buf, { limitInputPixels: false })
    .metadata()
    // An unreadable header: no size to check here; the canvas's decode below fails with its own error (a drawer warning).
    .catch(() => undefined);
  const pixels = (meta?.width ?? 0) * (meta?.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) throw new Error(`image of ${meta!.width} x ${meta!.height} px is too large`);
  if (pixels > MAX_IMAGE_PIXELS) {
    const s = Math.sqrt(MAX_IMAGE_PIXELS / pixels);
    const smaller = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: Math.max(1, Math.floor(meta!.width! * s)), height: Math.max(1, Math.floor(meta!.height! * s)), fit: 'fill' })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return loadImage(smaller);
  }
  const img = await loadImage(buf);
  rememberJpeg(img, buf, meta);
  return img;
}

async function loadImages(srcs: Set<string>, assets: AssetResolver | undefined): Promise<Map<string, Image>> {
  const out = new Map<string, Image>();
  await Promise.all(
    [...srcs].map(async (src) => {
      try {
        const buf = await resolveAsset(src, assets);
        if (!buf) return;
        // Decoded images are cached by content, so repeated renders skip decoding.
        const key = createHash('sha1').update(buf).digest('base64');
        let img = imageCache.get(key);
        if (img) imageCache.delete(key);
        else img = await decodeImage(buf);
        imageCache.set(key, img);
        let pixels = 0;
        for (const v of imageCache.values()) pixels += v.width * v.height;
        while (imageCache.size > 1 && (imageCache.size > IMAGE_CACHE_MAX || pixels > IMAGE_CACHE_PIXELS)) {
          const oldest = imageCache.keys().next().value as string;
          const o = imageCache.get(oldest)!;
          pixels -= o.width * o.height;
          imageCache.delete(oldest);
        }
        out.set(src, img);
      } catch {
        /* reported as a warning by the drawer */
      }
    }),
  );
  return out;
}

/** Largest raster the library draws or writes: the largest page at scale 1 (8192 x 8192, 256 MB of RGBA). */
export const MAX_RASTER_PIXELS = MAX_PAGE_SIDE * MAX_PAGE_SIDE;
/** Longest raster side (WebP's own limit is 16383). */
export const MAX_RASTER_SIDE = 16383;

/**
 * Checks render options against a page of `width` x `height` before anything is drawn: a NaN scale
 * threw from the canvas, a scale of 20 on a 1080 page drew a raster of gigabytes for seconds
 * (docs/performance.md), and a resizeWidth of 1e6 asked sharp for a terapixel image.
 */
export function checkRenderOptions(width: number, height: number, o: RenderOptions): void {
  const fail = (field: string, reason: string) => {
    throw new RenderOptionsError(field, reason);
  };
  if (o.format !== undefined && !Object.hasOwn(MIME, o.format)) fail('format', `must be one of ${Object.keys(MIME).join(', ')}`);
  if (o.scale !== undefined && !(typeof o.scale === 'number' && Number.isFinite(o.scale) && o.scale > 0)) fail('scale', 'must be a positive number');
  if (o.quality !== undefined && !(typeof o.quality === 'number' && o.quality >= 1 && o.quality <= 100)) fail('quality', 'must be a number from 1 to 100');
  if (o.pngCompressionLevel !== undefined && !(Number.isInteger(o.pngCompressionLevel) && o.pngCompressionLevel >= 0 && o.pngCompressionLevel <= 9))
    fail('pngCompressionLevel', 'must be an integer from 0 to 9');
  if (o.pngEncoding !== undefined && !['auto', 'flat', 'photo'].includes(o.pngEncoding)) fail('pngEncoding', 'must be auto, flat or photo');
  if (o.format === 'svg' || o.format === 'pdf') return;
  const fits = (w: number, h: number) => w <= MAX_RASTER_SIDE && h <= MAX_RASTER_SIDE && w * h <= MAX_RASTER_PIXELS;
  const w = Math.max(1, Math.round(width * (o.scale ?? 1)));
  const h = Math.max(1, Math.round(height * (o.scale ?? 1)));
  if (!fits(w, h)) fail('scale', `gives a ${w} x ${h} px raster; at most ${MAX_RASTER_SIDE} px a side and ${MAX_RASTER_PIXELS} px in all`);
  if (o.resizeWidth !== undefined) {
    if (!(Number.isInteger(o.resizeWidth) && o.resizeWidth >= 1)) fail('resizeWidth', 'must be a positive integer');
    const rh = Math.max(1, Math.round((h * o.resizeWidth!) / w));
    if (!fits(o.resizeWidth!, rh))
      fail('resizeWidth', `gives a ${o.resizeWidth} x ${rh} px image; at most ${MAX_RASTER_SIDE} px a side and ${MAX_RASTER_PIXELS} px in all`);
  }
}

/** Validates, loads fonts, images and yoga, and materializes. */
export async function prepare(
  ir: unknown,
  options: RenderOptions = {},
): Promise<{ doc: MaterializedDocument; images: Map<string, Image>; fonts: DocumentFonts }> {
  const parsed = parseIr(ir);
  checkRenderOptions(parsed.width, parsed.height, options);
  const { doc, fonts } = await materializeWithFonts(parsed, options.assets);
  // No await for a page without images (see `materializeWithFonts`).
  const srcs = imageSources(doc.root);
  const images = srcs.size ? await loadImages(srcs, options.assets) : new Map<string, Image>();
  return { doc, images, fonts };
}

export interface RasterResult {
  canvas: Canvas;
  /** Premultiplied RGBA pixels. */
  pixels: Buffer;
  width: number;
  height: number;
  materialized: MaterializedDocument;
  warnings: LayoutWarning[];
}

/** Canvases at most this many pixels are kept for the next render of the same size (a 4K page; 33 MB). */
export const SPARE_CANVAS_MAX_PIXELS = 3840 * 2160;

/**
 * One canvas kept between renders of this thread (`renderIr` hands its canvas back once the pixels are copied out).
 * Every @napi-rs/canvas surface is native memory that V8 only learns about as external memory: in a worker thread a
 * new 1080x1080 canvas per render set off a full mark-compact about every render, which nearly doubled
 * the CPU a render costs (docs/performance.md). `reset()` clears the pixels and the whole 2D state, so a reused canvas
 * draws the same bytes as a new one.
 */
let spareCanvas: Canvas | undefined;

function canvasOf(width: number, height: number, reuse: boolean): Canvas {
  const spare = spareCanvas;
  if (reuse && spare && spare.width === width && spare.height === height) {
    spareCanvas = undefined;
    (spare.getContext('2d') as unknown as { reset(): void }).reset();
    return spare;
  }
  return createCanvas(width, height);
}

function keepCanvas(canvas: Canvas): void {
  if (canvas.width * canvas.height <= SPARE_CANVAS_MAX_PIXELS) spareCanvas = canvas;
}

/**
 * Draws a materialized document. `reuse` (for callers that drop the canvas once they have the pixels and hand it back
 * with `keepCanvas`) takes the thread's spare canvas when it has the size.
 */
export function rasterizeMaterialized(doc: MaterializedDocument, images: Map<string, Image>, options: RenderOptions = {}, reuse = false): RasterResult {
  const scale = options.scale ?? 1;
  const width = Math.max(1, Math.round(doc.width * scale));
  const height = Math.max(1, Math.round(doc.height * scale));
  const interrupt = budgetFor(doc, options.budget, scale, false);
  const canvas = canvasOf(width, height, reuse);
  const ctx = canvas.getContext('2d') as unknown as Ctx;
  const warnings = [...doc.warnings];
  drawDocument(ctx, doc, { images, deviceScale: scale, interrupt }, warnings, scale, options.transparent);
  return { canvas, pixels: canvas.data(), width, height, materialized: doc, warnings };
}

/** IR to pixels (premultiplied RGBA) without encoding. */
export async function rasterize(ir: unknown, options: RenderOptions = {}): Promise<RasterResult> {
  const { doc, images } = await prepare(ir, options);
  return rasterizeMaterialized(doc, images, options);
}

function paintOpaque(bg: MaterializedDocument['background']): boolean {
  if (typeof bg === 'string') return parseColor(bg).a >= 1;
  if (bg.type === 'solid') return parseColor(bg.color).a >= 1 && (bg.opacity ?? 1) >= 1;
  return (bg.opacity ?? 1) >= 1 && bg.stops.every((s) => parseColor(s.color).a >= 1);
}

/** True when every pixel is known to be opaque (opaque page background, not transparent). */
export function isOpaqueDocument(doc: MaterializedDocument, options: RenderOptions = {}): boolean {
  return !options.transparent && paintOpaque(doc.background);
}

/** The PNG settings `renderIr` uses for a document with these options. */
export function pngSettingsFor(doc: MaterializedDocument, options: RenderOptions = {}): PngSettings {
  const encoding = options.pngEncoding && options.pngEncoding !== 'auto' ? options.pngEncoding : pngEncodingFor(doc);
  return { encoding, level: options.pngCompressionLevel };
}

/**
 * Encodes premultiplied RGBA (the library's own PNG writer for opaque PNGs, sharp otherwise; both much
 * faster than the canvas encoder, and smaller). `opaque` drops the alpha channel (smaller files);
 * pass it when known, e.g. from `isOpaqueDocument`. Without a document, `pngEncoding: 'auto'` means `flat`.
 */
export async function encodeRaster(
  pixels: Buffer,
  width: number,
  height: number,
  format: RasterFormat,
  options: RenderOptions = {},
  opaque = false,
): Promise<Buffer> {
  checkRenderOptions(width, height, { ...options, format, scale: undefined });
  const resize = !!options.resizeWidth && options.resizeWidth !== width;
  const png: PngSettings = { encoding: options.pngEncoding === 'photo' ? 'photo' : 'flat', level: options.pngCompressionLevel };
  if (format === 'png' && !resize) return encodePng(pixels, width, height, png, opaque);
  let img = sharp(pixels, { raw: { width, height, channels: 4, premultiplied: !opaque } });
  if (opaque || format === 'jpeg') img = img.removeAlpha();
  if (resize) img = img.resize({ width: options.resizeWidth, kernel: 'lanczos3' });
  switch (format) {
    case 'png':
      return pngWithSharp(img, png);
    case 'jpeg':
      return img.jpeg({ quality: options.quality ?? 90, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer();
    case 'webp':
      return img.webp({ quality: options.quality ?? 90, effort: 4 }).toBuffer();
    case 'avif':
      return img.avif({ quality: options.quality ?? 60, effort: 2 }).toBuffer();
  }
}

function renderSvg(doc: MaterializedDocument, images: Map<string, Image>, warnings: LayoutWarning[], interrupt?: DrawInterrupt): Promise<Buffer> {
  const canvas = createCanvas(doc.width, doc.height, SvgExportFlag.ConvertTextToPaths);
  const ctx = canvas.getContext('2d') as unknown as Ctx;
  drawDocument(ctx, doc, { images, vector: true, interrupt }, warnings, 1);
  return keepJpegInSvg(compactSvgPaths(canvas.getContent()), images);
}

function renderPdf(
  doc: MaterializedDocument,
  images: Map<string, Image>,
  warnings: LayoutWarning[],
  title?: string,
  interrupt?: DrawInterrupt,
): Promise<Buffer> {
  const pdf = new PDFDocument({ title: title ?? 'Creative', creator: 'creative-ir', producer: 'creative-ir (Skia/PDF)', compressionLevel: 6 });
  const ctx = pdf.beginPage(doc.width, doc.height) as unknown as Ctx;
  drawDocument(ctx, doc, { images, vector: true, interrupt }, warnings, 1);
  pdf.endPage();
  return keepJpegInPdf(pdf.close(), images);
}

/**
 * Renders an IR document to PNG (default), JPEG, WebP, AVIF, SVG or PDF. Validates first
 * (throws `IrValidationError`). The same IR and fonts give byte-identical PNGs on one platform.
 */
export async function renderIr(ir: unknown, options: RenderOptions = {}): Promise<RenderResult> {
  const format = options.format ?? 'png';
  const { doc, images } = await prepare(ir, options);
  if (format === 'svg' || format === 'pdf') {
    const warnings = [...doc.warnings];
    const interrupt = budgetFor(doc, options.budget, 1, true);
    const data = format === 'svg' ? await renderSvg(doc, images, warnings, interrupt) : await renderPdf(doc, images, warnings, options.title, interrupt);
    return { data, format, mime: MIME[format], width: doc.width, height: doc.height, warnings, materialized: doc };
  }
  const r = rasterizeMaterialized(doc, images, options, true);
  // The pixels are a copy: the canvas serves the next render of this size.
  keepCanvas(r.canvas);
  if (options.budget?.stop?.()) throw new RenderAbortedError();
  const data = await encodeRaster(
    r.pixels,
    r.width,
    r.height,
    format,
    { ...options, pngEncoding: pngSettingsFor(doc, options).encoding },
    isOpaqueDocument(doc, options),
  );
  const width = options.resizeWidth ?? r.width;
  const height = options.resizeWidth ? Math.round((r.height * options.resizeWidth) / r.width) : r.height;
  return { data, format, mime: MIME[format], width, height, warnings: r.warnings, materialized: doc };
}

/** A small preview (PNG or WebP) of at most `maxSize` px on the long side. */
export async function renderPreview(ir: unknown, maxSize = 512, format: 'png' | 'webp' | 'jpeg' = 'webp', options: RenderOptions = {}): Promise<RenderResult> {
  const doc = parseIr(ir);
  const scale = Math.min(1, maxSize / Math.max(doc.width, doc.height));
  return renderIr(doc, { ...options, format, scale, quality: options.quality ?? 80 });
}
