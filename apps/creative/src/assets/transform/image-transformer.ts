import { initCreativeIr, materialize, rasterize } from '@platform/creative-ir';
import { DomainException, ErrorDetail, ValidationError } from '@platform/errors';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { imageTooLarge, transformTimeout, unsupportedFile } from '../asset-errors';
import type { OutputFormat } from '../dto/transform-asset.dto';
import { MAX_SIDE, Operation, OperationOf, Placement } from '../dto/transform-operations.dto';
import { parseAspectRatio } from './operation-rules';

export interface TransformOptions {
  outputFormat: OutputFormat;
  quality: number;
  background: string;
  maxPixels: number;
  /** The whole transform's time budget (TRANSFORM_TIMEOUT_MS). */
  timeoutMs: number;
  /** Bytes of another image asset of the account (overlay); null when there is none. */
  imageAsset(id: string): Promise<Buffer | null>;
  /** Bytes of a font asset of the account (text); null when there is none. */
  fontAsset(id: string): Promise<{ bytes: Buffer; family: string } | null>;
}

export interface TransformResult {
  data: Buffer;
  width: number;
  height: number;
}

interface Size {
  width: number;
  height: number;
}

/** Each stage ends in raw pixels handed to the next: no encoding between operations. */
interface RawImage extends Size {
  data: Buffer;
  channels: 1 | 2 | 3 | 4;
}

const GRAVITY: Record<Placement, string> = {
  top_left: 'northwest',
  top_center: 'north',
  top_right: 'northeast',
  center_left: 'west',
  center: 'centre',
  center_right: 'east',
  bottom_left: 'southwest',
  bottom_center: 'south',
  bottom_right: 'southeast',
};

/**
 * The time left of a transform's budget. sharp's `timeout` (whole seconds, checked by libvips as it works: a pipeline
 * past it is killed and its CPU freed) is set on every pipeline to what is left, rounded up; the budget is checked
 * between pipelines too. `expired` tells a sharp timeout from other failures.
 */
class Deadline {
  private readonly end: number;
  constructor(readonly ms: number) {
    this.end = Date.now() + ms;
  }
  get expired(): boolean {
    return Date.now() >= this.end;
  }
  /** Seconds for sharp's `timeout` (at least 1: 0 would mean none); throws once the budget is spent. */
  seconds(): number {
    if (this.expired) throw transformTimeout(this.ms);
    return Math.max(1, Math.ceil((this.end - Date.now()) / 1000));
  }
  apply(img: Sharp): Sharp {
    return img.timeout({ seconds: this.seconds() });
  }
}

/** The object without its undefined values. */
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const loc = (i: number, field?: string) => (field ? ['operations', i, field] : ['operations', i]);

/** Error text from libvips without anything that looks like a path. */
function vipsMessage(err: unknown): string {
  const text = String((err as Error)?.message ?? err)
    .split('\n')[0]
    .replace(/\/[^\s:]+/g, '…');
  return text.slice(0, 200);
}

/** Where a box of `inner` size goes inside `outer` at `placement`, `margin` pixels from the edges it touches. */
export function place(outer: Size, inner: Size, placement: Placement, margin: number): { left: number; top: number } {
  const [v, h] = placement === 'center' ? ['center', 'center'] : placement.split('_');
  const x = h === 'left' ? margin : h === 'right' ? outer.width - inner.width - margin : (outer.width - inner.width) / 2;
  const y = v === 'top' ? margin : v === 'bottom' ? outer.height - inner.height - margin : (outer.height - inner.height) / 2;
  return {
    left: Math.round(Math.min(Math.max(0, x), Math.max(0, outer.width - inner.width))),
    top: Math.round(Math.min(Math.max(0, y), Math.max(0, outer.height - inner.height))),
  };
}

/** The size an operation makes from an image of `size` (an upper bound where the result depends on the pixels). */
export function predictSize(op: Operation, size: Size): Size {
  const { width: w, height: h } = size;
  switch (op.type) {
    case 'resize': {
      const tw = op.width ?? Math.max(1, Math.round((w * op.height!) / h));
      const th = op.height ?? Math.max(1, Math.round((h * op.width!) / w));
      let out: Size = { width: tw, height: th };
      if (op.width !== undefined && op.height !== undefined && (op.fit === 'inside' || op.fit === 'outside')) {
        const s = op.fit === 'inside' ? Math.min(tw / w, th / h) : Math.max(tw / w, th / h);
        out = { width: Math.max(1, Math.round(w * s)), height: Math.max(1, Math.round(h * s)) };
      }
      if (op.without_enlargement && (out.width > w || out.height > h)) {
        return op.fit === 'contain' || op.fit === 'cover' || op.fit === undefined
          ? { width: Math.min(out.width, w), height: Math.min(out.height, h) }
          : { width: w, height: h };
      }
      return out;
    }
    case 'crop':
      return { width: op.width, height: op.height };
    case 'smart_crop': {
      const ratio = parseAspectRatio(op.aspect_ratio);
      if (op.width) return { width: op.width, height: Math.max(1, Math.round(op.width / ratio)) };
      return w / h > ratio ? { width: Math.max(1, Math.round(h * ratio)), height: h } : { width: w, height: Math.max(1, Math.round(w / ratio)) };
    }
    case 'rotate': {
      const a = (((op.angle % 360) + 360) % 360) * (Math.PI / 180);
      if (op.angle % 90 === 0) return Math.round(op.angle / 90) % 2 ? { width: h, height: w } : size;
      return {
        width: Math.ceil(Math.abs(w * Math.cos(a)) + Math.abs(h * Math.sin(a))),
        height: Math.ceil(Math.abs(w * Math.sin(a)) + Math.abs(h * Math.cos(a))),
      };
    }
    case 'extend':
      return { width: w + (op.left ?? 0) + (op.right ?? 0), height: h + (op.top ?? 0) + (op.bottom ?? 0) };
    case 'border':
      return { width: w + 2 * op.width, height: h + 2 * op.width };
    default:
      return size;
  }
}

/**
 * Where sharp runs each operation inside one pipeline (its own fixed order, src/pipeline.cc):
 * operations whose places increase can share a pipeline and still run in the order given.
 * Operations not listed (trim, crop, extend, rotate, flip, flop, flatten, gamma, grayscale,
 * border) run in a pipeline of their own: sharp moves some of them before the resize.
 */
const PIPELINE_PLACE: Partial<Record<Operation['type'], number>> = {
  resize: 10,
  smart_crop: 10,
  threshold: 16,
  blur: 17,
  modulate: 18,
  sharpen: 19,
  round_corners: 20,
  overlay: 20,
  text: 20,
  normalize: 22,
  tint: 23,
  negate: 24,
};
const COMPOSITES = new Set<Operation['type']>(['round_corners', 'overlay', 'text']);

/** A resize whose output size is known exactly beforehand (composites placed after it need that). */
function exactSize(op: Operation): boolean {
  if (op.type === 'smart_crop') return true;
  return (
    op.type === 'resize' &&
    op.width !== undefined &&
    op.height !== undefined &&
    ['cover', 'fill', 'contain', undefined].includes(op.fit) &&
    !op.without_enlargement
  );
}

/**
 * How many operations from `start` run in one sharp pipeline: a run whose places in sharp's
 * order strictly increase, a resize only at its head, at most one composite (sharp keeps one
 * composite list per pipeline), and a composite only where every size before it is exact.
 */
export function planStage(operations: Operation[], start: number): number {
  const head = operations[start];
  let place = PIPELINE_PLACE[head.type];
  if (place === undefined) return 1;
  const exact = head.type === 'resize' || head.type === 'smart_crop' ? exactSize(head) : true;
  let composite = COMPOSITES.has(head.type);
  let n = 1;
  for (let j = start + 1; j < operations.length; j++) {
    const op = operations[j];
    const p = PIPELINE_PLACE[op.type];
    if (p === undefined || p <= place || op.type === 'resize' || op.type === 'smart_crop') break;
    if (COMPOSITES.has(op.type) && (composite || !exact)) break;
    composite ||= COMPOSITES.has(op.type);
    place = p;
    n++;
  }
  return n;
}

/**
 * Applies operations in the order given, with sharp. sharp runs the operations of one pipeline
 * in its own fixed order (resize before rotate before blur...), so the operations are cut into
 * stages that each keep the order given (`planStage`; at worst one operation each): the first
 * reads the source (with JPEG shrink-on-load and the pixel limit), each hands raw pixels to the
 * next, and the last one encodes. Sizes are predicted before each operation so that none can
 * make an image over the pixel limit.
 */
export class ImageTransformer {
  /** `fuse: false` runs one pipeline per operation (the reference the fused plan is tested against). */
  constructor(private readonly options: { fuse: boolean } = { fuse: true }) {}

  async run(source: string | Buffer, operations: Operation[], options: TransformOptions): Promise<TransformResult> {
    const deadline = new Deadline(options.timeoutMs);
    try {
      return await this.runWithin(source, operations, options, deadline);
    } catch (err) {
      // A pipeline sharp stopped at the deadline failed with `timeout: N% complete` (reported as its operation's 422).
      if (deadline.expired && !(err instanceof DomainException && err.kind === 'timeout')) throw transformTimeout(options.timeoutMs);
      throw err;
    }
  }

  private async runWithin(source: string | Buffer, operations: Operation[], options: TransformOptions, deadline: Deadline): Promise<TransformResult> {
    let meta: Metadata;
    try {
      meta = await sharp(source, { limitInputPixels: options.maxPixels }).metadata();
    } catch (err) {
      throw unsupportedFile(`The source image could not be read: ${vipsMessage(err)}`, ['asset_id']);
    }
    const swap = (meta.orientation ?? 1) >= 5;
    let size: Size = { width: swap ? meta.height! : meta.width!, height: swap ? meta.width! : (meta.pageHeight ?? meta.height!) };
    let current: RawImage | null = null;

    for (let i = 0; i < operations.length;) {
      const stage = this.options.fuse ? planStage(operations, i) : 1;
      let img: Sharp = current
        ? sharp(current.data, { raw: { width: current.width, height: current.height, channels: current.channels } })
        : sharp(source, { limitInputPixels: options.maxPixels, failOn: 'none' }).autoOrient();
      img = deadline.apply(img);
      // Within a stage the sizes are exact (see planStage): each operation is placed on the size the one before makes.
      let at = size;
      for (let j = i; j < i + stage; j++) {
        const op = operations[j];
        const next = predictSize(op, at);
        if (next.width * next.height > options.maxPixels || next.width > MAX_SIDE || next.height > MAX_SIDE) {
          throw imageTooLarge(
            `This operation would make a ${next.width} x ${next.height} px image; the limits are ${options.maxPixels} pixels and ${MAX_SIDE} px a side`,
            loc(j),
          );
        }
        try {
          img = await this.apply(img, op, j, at, options, deadline);
        } catch (err) {
          if (err instanceof DomainException) throw err;
          throw new ValidationError([{ loc: loc(j), msg: `${op.type} could not be applied: ${vipsMessage(err)}`, type: 'value_error' }]);
        }
        at = next;
      }
      const lastOp = i + stage - 1;
      try {
        if (lastOp === operations.length - 1 && options.outputFormat !== 'jpeg') return await this.encode(deadline.apply(img), options);
        const out: { data: Buffer; info: OutputInfo } = await img.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
        const { data, info } = out;
        current = { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
        size = { width: info.width, height: info.height };
      } catch (err) {
        if (i === 0 && /Input|VipsJpeg|VipsPng|vipspng|gifload|heif|tiff|webp|svgload/i.test(String((err as Error)?.message))) {
          throw unsupportedFile(`The source image could not be decoded: ${vipsMessage(err)}`, ['asset_id']);
        }
        throw new ValidationError([{ loc: loc(lastOp), msg: `${operations[lastOp].type} could not be applied: ${vipsMessage(err)}`, type: 'value_error' }]);
      }
      i += stage;
    }
    // JPEG has no transparency: what is transparent after the last operation shows `background`.
    const final = current!;
    return this.encode(
      deadline.apply(
        sharp(final.data, { raw: { width: final.width, height: final.height, channels: final.channels } }).flatten({ background: options.background }),
      ),
      options,
    );
  }

  private async encode(img: Sharp, options: TransformOptions): Promise<TransformResult> {
    const q = options.quality;
    const encoders: Record<OutputFormat, (s: Sharp) => Sharp> = {
      png: (s) => s.png({ compressionLevel: 6 }),
      jpeg: (s) => s.jpeg({ quality: q }),
      webp: (s) => s.webp({ quality: q }),
      avif: (s) => s.avif({ quality: q }),
      gif: (s) => s.gif(),
      tiff: (s) => s.tiff({ compression: 'lzw' }),
    };
    const { data, info } = await encoders[options.outputFormat](img).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }

  private async apply(img: Sharp, op: Operation, i: number, size: Size, o: TransformOptions, deadline: Deadline): Promise<Sharp> {
    const { width: w, height: h } = size;
    switch (op.type) {
      case 'resize': {
        const position = op.position ?? 'center';
        return img.resize({
          width: op.width,
          height: op.height,
          fit: op.fit ?? 'cover',
          position: position === 'attention' ? sharp.strategy.attention : position === 'entropy' ? sharp.strategy.entropy : GRAVITY[position],
          withoutEnlargement: op.without_enlargement ?? false,
          background: o.background,
        });
      }
      case 'crop': {
        const problems: ErrorDetail[] = [];
        if (op.left + op.width > w)
          problems.push({ loc: loc(i, 'width'), msg: `left + width (${op.left + op.width}) is beyond the image width (${w} px)`, type: 'value_error' });
        if (op.top + op.height > h)
          problems.push({ loc: loc(i, 'height'), msg: `top + height (${op.top + op.height}) is beyond the image height (${h} px)`, type: 'value_error' });
        if (problems.length) throw new ValidationError(problems);
        return img.extract({ left: op.left, top: op.top, width: op.width, height: op.height });
      }
      case 'smart_crop': {
        const target = predictSize(op, size);
        return img.resize({
          width: target.width,
          height: target.height,
          fit: 'cover',
          position: op.strategy === 'entropy' ? sharp.strategy.entropy : sharp.strategy.attention,
        });
      }
      case 'rotate':
        return img.rotate(op.angle, { background: op.background ?? o.background });
      case 'flip':
        return img.flip();
      case 'flop':
        return img.flop();
      case 'blur':
        return img.blur(op.sigma);
      case 'sharpen':
        return op.sigma === undefined && op.flat === undefined && op.jagged === undefined
          ? img.sharpen()
          : img.sharpen(defined({ sigma: op.sigma ?? 1, m1: op.flat, m2: op.jagged }));
      case 'grayscale':
        return img.grayscale();
      case 'tint':
        return img.tint(op.color);
      case 'modulate':
        // sharp checks which keys are present, not their values: pass only the given ones.
        return img.modulate(defined({ brightness: op.brightness, saturation: op.saturation, hue: op.hue, lightness: op.lightness }));
      case 'gamma':
        return img.gamma(op.gamma ?? 2.2, op.gamma_out);
      case 'negate':
        return img.negate({ alpha: op.alpha ?? false });
      case 'normalize':
        return img.normalise({ lower: op.lower ?? 1, upper: op.upper ?? 99 });
      case 'threshold':
        return img.threshold(op.value ?? 128, { grayscale: op.grayscale ?? true });
      case 'trim':
        return img.trim({ threshold: op.threshold ?? 10, background: op.background });
      case 'extend':
        return img.extend({
          top: op.top ?? 0,
          right: op.right ?? 0,
          bottom: op.bottom ?? 0,
          left: op.left ?? 0,
          extendWith: op.mode ?? 'background',
          background: op.background ?? o.background,
        });
      case 'flatten':
        return img.flatten({ background: op.background ?? o.background });
      case 'round_corners': {
        const r = Math.min(op.radius, Math.floor(Math.min(w, h) / 2));
        const mask = Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${r}" ry="${r}" fill="#fff"/></svg>`,
        );
        return img.ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]);
      }
      case 'border':
        return img.extend({ top: op.width, right: op.width, bottom: op.width, left: op.width, background: op.color ?? '#000000' });
      case 'overlay':
        return this.overlay(img, op, i, size, o, deadline);
      case 'text':
        return this.text(img, op, i, size, o, deadline);
    }
  }

  private async overlay(img: Sharp, op: OperationOf<'overlay'>, i: number, size: Size, o: TransformOptions, deadline: Deadline): Promise<Sharp> {
    const bytes = await o.imageAsset(op.asset_id);
    if (!bytes) throw new ValidationError([{ loc: loc(i, 'asset_id'), msg: 'asset_id must be an image asset of yours', type: 'value_error' }]);
    const margin = op.margin ?? 0;
    let layer = deadline.apply(sharp(bytes, { limitInputPixels: o.maxPixels, failOn: 'none' }).autoOrient());
    const meta = await sharp(bytes, { limitInputPixels: o.maxPixels }).metadata();
    const natural = (meta.orientation ?? 1) >= 5 ? meta.height! : meta.width!;
    const room = { width: Math.max(1, size.width - 2 * margin), height: Math.max(1, size.height - 2 * margin) };
    const wanted = op.width ?? (op.scale !== undefined ? Math.max(1, Math.round(size.width * op.scale)) : natural);
    // Never larger than the image (less the margins): sharp cannot composite a larger layer.
    layer = layer.resize({ width: Math.min(wanted, room.width), height: room.height, fit: 'inside' });
    if ((op.opacity ?? 1) < 1) {
      const alpha = Math.round((op.opacity ?? 1) * 255);
      const faded = await layer.ensureAlpha().png({ compressionLevel: 0 }).toBuffer();
      layer = deadline
        .apply(sharp(faded))
        .composite([{ input: Buffer.from([255, 255, 255, alpha]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }]);
    }
    const { data, info } = await layer.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = place(size, info, op.position ?? 'bottom_right', margin);
    return img.composite([{ input: data, raw: { width: info.width, height: info.height, channels: info.channels }, ...at }]);
  }

  private async text(img: Sharp, op: OperationOf<'text'>, i: number, size: Size, o: TransformOptions, deadline: Deadline): Promise<Sharp> {
    await initCreativeIr();
    const fontSize = op.font_size ?? Math.max(12, Math.round(size.width * 0.04));
    const margin = op.margin ?? fontSize;
    const placement = op.position ?? 'bottom_right';
    let family = op.font_family ?? 'Inter';
    const fonts: { family: string; src: string }[] = [];
    let font: { bytes: Buffer; family: string } | null = null;
    if (op.font_asset_id) {
      font = await o.fontAsset(op.font_asset_id);
      if (!font) throw new ValidationError([{ loc: loc(i, 'font_asset_id'), msg: 'font_asset_id must be a font asset of yours', type: 'value_error' }]);
      family = font.family;
      fonts.push({ family, src: `asset:${op.font_asset_id}` });
    }
    const assets = font ? { [op.font_asset_id!]: font.bytes } : undefined;
    const [v, hz] = placement === 'center' ? ['center', 'center'] : placement.split('_');
    const align = hz === 'left' ? 'left' : hz === 'right' ? 'right' : 'center';
    const textNode = {
      type: 'text' as const,
      id: 'watermark',
      text: op.text,
      fontFamily: family,
      fontWeight: op.font_weight ?? 700,
      fontSize,
      color: op.color ?? '#FFFFFF',
      opacity: op.opacity ?? 0.8,
      textAlign: align as 'left' | 'right' | 'center',
    };
    const maxWidth = Math.max(1, size.width - 2 * margin);
    // 1. Lay the text out within the image width, to learn its box.
    const laid = await materialize(
      {
        version: 1,
        width: size.width,
        height: size.height,
        ...(fonts.length ? { fonts } : {}),
        root: { type: 'frame', layoutMode: 'vertical', children: [{ ...textNode, layoutSizingHorizontal: 'hug', layoutSizingVertical: 'hug', maxWidth }] },
      },
      { assets },
    );
    const box = laid.root.children[0];
    const inner = { width: Math.max(1, Math.ceil(box.width)), height: Math.max(1, Math.ceil(box.height)) };
    if (inner.width > size.width || inner.height > size.height) {
      throw new ValidationError([
        {
          loc: loc(i, 'text'),
          msg: `The text (${inner.width} x ${inner.height} px at ${fontSize} px) does not fit the ${size.width} x ${size.height} px image`,
          type: 'value_error',
        },
      ]);
    }
    // 2. Draw only that box, on a transparent page, and lay it over the image.
    const raster = await rasterize(
      {
        version: 1,
        width: inner.width,
        height: inner.height,
        ...(fonts.length ? { fonts } : {}),
        root: { type: 'frame', width: inner.width, height: inner.height, children: [{ ...textNode, x: 0, y: 0, width: box.width, height: box.height }] },
      },
      { transparent: true, assets, budget: { stop: () => deadline.expired } },
    );
    const at = place(size, inner, placement, v === 'center' && hz === 'center' ? 0 : margin);
    return img.composite([{ input: raster.pixels, raw: { width: raster.width, height: raster.height, channels: 4, premultiplied: true }, ...at }]);
  }
}
