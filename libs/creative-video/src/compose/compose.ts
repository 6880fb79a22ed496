import { COMPOSE_WASM } from './compose-wasm';

/** RGBA pixels (premultiplied), rows `width * 4` bytes apart. `pixels` is read once each time the composer loads the raster (it may be a getter that reads a canvas back, so that no copy outlives the load). */
export interface Raster {
  readonly pixels: Uint8Array;
  width: number;
  height: number;
}

/** A raster placed on the frame, scaled and moved: raster pixel (u, v) lands at (x + scale * u, y + scale * v). */
export interface ScaledRaster {
  raster: Raster;
  scale: number;
  x: number;
  y: number;
}

/** A raster painted over the frame unscaled, at (x, y) (x whole, y any), faded to `alpha` (0..1). */
export interface Overlay {
  raster: Raster;
  x: number;
  y: number;
  alpha: number;
}

/**
 * A frame as the compositor plans it when it is rasters only: `base`, opaque and covering the frame (see
 * `coversFrame`), then `over` in order. `rasters` is every raster the scene may use (the same array from
 * frame to frame), loaded together.
 */
export interface Composition {
  rasters: readonly Raster[];
  base: ScaledRaster;
  over?: Overlay[];
}

/** A frame drawn by `FrameComposer.draw`: its pixels stay valid until `release` is called. */
export interface ComposedFrame {
  pixels: Buffer;
  release(): void;
}

/** As much of the WebAssembly JS API as is used here (the Node typings in use do not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
};

interface ComposeModule {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  resample(src: number, srcStride: number, dst: number, width: number, height: number, xoff: number, xw: number, ytab: number, tmp: number): void;
  over(dst: number, dstStride: number, width: number, rows: number, rowtab: number, alpha: number): void;
}

let compiled: object | undefined;

/** How far (in frame pixels) a raster may fall short of an edge and still count as covering it: edge pixels are then clamped. */
const EDGE_TOLERANCE = 1;

/** Whether `t` covers the whole `width` x `height` frame (every frame pixel comes from the raster). */
export function coversFrame(t: ScaledRaster, width: number, height: number): boolean {
  return (
    t.scale > 0 &&
    t.x <= EDGE_TOLERANCE &&
    t.y <= EDGE_TOLERANCE &&
    t.x + t.scale * t.raster.width >= width - EDGE_TOLERANCE &&
    t.y + t.scale * t.raster.height >= height - EDGE_TOLERANCE &&
    t.raster.width >= 2 &&
    t.raster.height >= 2
  );
}

/** Whether the composer can draw `plan` (otherwise the compositor draws the frame through Skia). */
export function composable(plan: Composition, width: number, height: number): boolean {
  // Layers at whole columns, inside the frame's width (rows may be cut at the top and bottom).
  const fits = (o: Overlay) =>
    Math.abs(o.x - Math.round(o.x)) < 1 / 256 && Math.round(o.x) >= 0 && Math.round(o.x) + o.raster.width <= width && o.raster.width > 0 && o.raster.height > 0;
  return coversFrame(plan.base, width, height) && (plan.over ?? []).every(fits);
}

/** Bytes of a raster's row as held in the module's memory: an even number of pixels (see `over` in compose.wat). */
const heldStride = (r: Raster) => (r.width + (r.width & 1)) * 4;

/**
 * Frames made of rasters only, composed in WebAssembly SIMD (`compose.wat`) into frame buffers this object
 * keeps and hands out in turn, instead of drawn through Skia and read back by `canvas.data()`, which makes a
 * new 4.7 MB buffer a frame (page faults and garbage collections). Two kinds of frame:
 *
 * - whole-frame motions (zoom, pan, Ken Burns; an image's rise and pop): one opaque raster scaled and moved,
 *   sampled bilinearly. Sample positions are floored to 1/16 pixel and near-whole unscaled offsets snapped,
 *   as Skia's bilinear filter does, so the frames match Skia's to rounding.
 * - entering layers (stagger, rise): an unscaled background, then layers source-over, faded and a
 *   fraction of a pixel down, covering and sampled as Skia does.
 *
 * A 1080x1080 zoom frame costs ~2-3 ms here against ~6-13 ms through Skia and `data()`. The rasters and the
 * frames live in the module's memory; a frame's `pixels` is a view of it, valid until released (after
 * ffmpeg's stdin has taken it). The memory grows only when no frame is out (growth moves it), so larger
 * rasters wait for the frames still being written.
 */
export class FrameComposer {
  private readonly mod: ComposeModule;
  private readonly frameBytes: number;
  private readonly xoff: number;
  private readonly xw: number;
  private readonly ytab: number;
  private readonly slots: number[] = [];
  private readonly out: number[];
  private readonly waiting: (() => void)[] = [];
  /** Where rasters start: after the tables and frame buffers. */
  private readonly src: number;
  private loaded?: readonly Raster[];
  /** Address of each loaded raster, and of the blend row `resample` uses after them. */
  private at = new Map<Raster, number>();
  private tmp = 0;

  /** `slots`: frames that may be out at once (drawn, not yet released). */
  constructor(
    readonly width: number,
    readonly height: number,
    slotCount = 3,
  ) {
    compiled ??= new WebAssembly.Module(Buffer.from(COMPOSE_WASM, 'base64'));
    this.mod = new WebAssembly.Instance(compiled).exports as unknown as ComposeModule;
    this.frameBytes = width * height * 4;
    let end = 0;
    const take = (bytes: number) => {
      const at = end;
      end = (end + bytes + 16 + 15) & ~15;
      return at;
    };
    this.xoff = take(width * 4);
    this.xw = take(width * 16);
    // resample: 2 i32 a row; over: 3.
    this.ytab = take(height * 12);
    for (let i = 0; i < slotCount; i++) this.slots.push(take(this.frameBytes));
    this.out = this.slots.map(() => 0);
    this.src = end;
    this.ensure(end);
  }

  /** Draws `plan` (which must be `composable`) into a free frame buffer. */
  async draw(plan: Composition): Promise<ComposedFrame> {
    let slot = this.out.indexOf(0);
    while (slot < 0) {
      await this.released();
      slot = this.out.indexOf(0);
    }
    if (this.loaded !== plan.rasters) await this.load(plan.rasters);
    const dst = this.slots[slot];
    this.base(plan.base, dst);
    for (const o of plan.over ?? []) this.overlay(o, dst);
    return this.handOut(slot);
  }

  /** Hands the same frame out once more (a held frame written again): released once per `retain`. */
  retain(frame: ComposedFrame): ComposedFrame {
    const slot = this.slots.findIndex((at) => frame.pixels.byteOffset === at && frame.pixels.buffer === this.mod.memory.buffer);
    if (slot < 0) throw new Error('not a frame of this composer');
    return this.handOut(slot);
  }

  private handOut(slot: number): ComposedFrame {
    this.out[slot]++;
    let released = false;
    return {
      pixels: Buffer.from(this.mod.memory.buffer, this.slots[slot], this.frameBytes),
      release: () => {
        if (released) return;
        released = true;
        this.out[slot]--;
        this.waiting.splice(0).forEach((wake) => wake());
      },
    };
  }

  private released(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Copies a scene's rasters into the module's memory, each row padded to an even number of pixels. */
  private async load(rasters: readonly Raster[]): Promise<void> {
    let end = this.src;
    const at = new Map<Raster, number>();
    let widest = 0;
    for (const r of rasters) {
      if (at.has(r)) continue;
      at.set(r, end);
      end = (end + r.height * heldStride(r) + 16 + 15) & ~15;
      widest = Math.max(widest, heldStride(r));
    }
    const tmp = end;
    const need = tmp + widest + 32;
    if (need > this.mod.memory.buffer.byteLength) {
      // Growing moves the memory: only when no frame handed out still points into it.
      while (this.out.some((n) => n > 0)) await this.released();
      this.ensure(need);
    }
    const mem = new Uint8Array(this.mod.memory.buffer);
    for (const [r, addr] of at) {
      const stride = heldStride(r);
      const row = r.width * 4;
      const pixels = r.pixels;
      if (stride === row) mem.set(pixels.subarray(0, r.height * row), addr);
      else
        for (let y = 0; y < r.height; y++) {
          mem.set(pixels.subarray(y * row, (y + 1) * row), addr + y * stride);
          mem.fill(0, addr + y * stride + row, addr + (y + 1) * stride);
        }
    }
    this.at = at;
    this.tmp = tmp;
    this.loaded = rasters;
  }

  /** The covering raster: copied row by row when unscaled at whole pixels, sampled otherwise. */
  private base(t: ScaledRaster, dst: number): void {
    const src = this.at.get(t.raster)!;
    const stride = heldStride(t.raster);
    const { x: tx, y: ty } = snapped(t);
    const mem = new Uint8Array(this.mod.memory.buffer);
    const row = this.width * 4;
    if (unscaled(t.scale) && Number.isInteger(tx) && Number.isInteger(ty)) {
      // Within the tolerance of `coversFrame` the raster may miss a column at either edge: clamped.
      const clamped = tx > 0 || tx + t.raster.width < this.width;
      for (let y = 0; y < this.height; y++) {
        const from = src + Math.min(t.raster.height - 1, Math.max(0, y - ty)) * stride;
        if (!clamped) mem.copyWithin(dst + y * row, from - tx * 4, from - tx * 4 + row);
        else
          for (let x = 0; x < this.width; x++) {
            const sx = Math.min(t.raster.width - 1, Math.max(0, x - tx));
            mem.copyWithin(dst + y * row + x * 4, from + sx * 4, from + sx * 4 + 4);
          }
      }
      return;
    }
    const view = new DataView(this.mod.memory.buffer);
    for (let x = 0; x < this.width; x++) {
      const [x0, w] = sample(x, tx, t.scale, t.raster.width);
      view.setInt32(this.xoff + x * 4, x0 * 4, true);
      const o = this.xw + x * 16;
      for (let c = 0; c < 8; c += 2) {
        view.setInt16(o + c, 256 - w, true);
        view.setInt16(o + 8 + c, w, true);
      }
    }
    for (let y = 0; y < this.height; y++) {
      const [y0, w] = sample(y, ty, t.scale, t.raster.height);
      view.setInt32(this.ytab + y * 8, y0 * stride, true);
      view.setInt32(this.ytab + y * 8 + 4, w, true);
    }
    this.mod.resample(src, stride, dst, this.width, this.height, this.xoff, this.xw, this.ytab, this.tmp);
  }

  /** A layer source-over the frame, its rows clipped to it. */
  private overlay(o: Overlay, dst: number): void {
    const alpha = Math.round(Math.min(1, Math.max(0, o.alpha)) * 255);
    if (alpha === 0) return;
    const r = o.raster;
    const src = this.at.get(r)!;
    const stride = heldStride(r);
    // Whole columns inside the frame (`composable`). As Skia draws an unscaled image a fraction of a pixel
    // down: the rows it covers are the rounded ones (a layer 0.5 px down covers from 1 px down), sampled at
    // the true offset between two rows (`sixteenths`, edge rows clamped).
    const x0 = Math.round(o.x);
    const oy = nearWhole(o.y);
    const top = Math.floor(oy + 0.5);
    const y0 = Math.max(0, top);
    const y1 = Math.min(this.height, top + r.height);
    if (y0 >= y1) return;
    const view = new DataView(this.mod.memory.buffer);
    const rowAt = (v: number) => src + Math.min(r.height - 1, Math.max(0, v)) * stride;
    for (let y = y0; y < y1; y++) {
      const [v, w] = sixteenths(y - oy);
      const t = this.ytab + (y - y0) * 12;
      view.setInt32(t, rowAt(v), true);
      view.setInt32(t + 4, rowAt(v + 1), true);
      view.setInt32(t + 8, w, true);
    }
    this.mod.over(dst + (y0 * this.width + x0) * 4, this.width * 4, r.width, y1 - y0, this.ytab, alpha);
  }

  private ensure(bytes: number): void {
    const have = this.mod.memory.buffer.byteLength;
    if (bytes > have) this.mod.memory.grow(Math.ceil((bytes - have) / 65536));
  }
}

const unscaled = (scale: number) => Math.abs(scale - 1) <= 1e-9;

/** An unscaled raster less than 1/256 pixel from whole pixels is drawn at those pixels (a plain copy), as Skia does. */
function snapped(t: ScaledRaster): { x: number; y: number } {
  if (!unscaled(t.scale)) return t;
  return { x: nearWhole(t.x), y: nearWhole(t.y) };
}

const nearWhole = (v: number) => (Math.abs(v - Math.round(v)) < 1 / 256 ? Math.round(v) : v);

/**
 * A sample position in raster pixels as Skia's bilinear filter takes it: the pixel at or before it and the
 * weight (0..240) of the one after, the fraction floored to 1/16 with a little slack, so that a position a
 * rounding error short of a pixel is that pixel.
 */
function sixteenths(pos: number): [number, number] {
  const q = Math.floor(pos * 16 + 1e-6);
  const i0 = Math.floor(q / 16);
  return [i0, (q - i0 * 16) * 16];
}

/**
 * The raster pixel left of (or above) frame pixel `i`'s sample and the weight (0..256) of the one after it:
 * the pixel's centre mapped into the raster (`sixteenths`), clamped to the raster's edge pixels.
 */
function sample(i: number, offset: number, scale: number, size: number): [number, number] {
  let [i0, w] = sixteenths((i + 0.5 - offset) / scale - 0.5);
  if (i0 < 0) {
    i0 = 0;
    w = 0;
  } else if (i0 >= size - 1) {
    i0 = size - 2;
    w = 256;
  }
  return [i0, w];
}
