import { RESAMPLE_WASM } from './resample-wasm';

/** Opaque RGBA pixels, rows `width * 4` bytes apart. */
export interface Raster {
  pixels: Uint8Array;
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

/** A frame drawn by `Resampler.draw`: its pixels stay valid until `release` is called. */
export interface ResampledFrame {
  pixels: Buffer;
  release(): void;
}

/** As much of the WebAssembly JS API as is used here (the Node typings in use do not declare it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
};

interface ResampleModule {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  resample(src: number, srcStride: number, dst: number, width: number, height: number, xoff: number, xw: number, ytab: number, tmp: number): void;
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

/**
 * Frames of whole-frame motions (zoom, pan, Ken Burns: one opaque raster scaled and moved over the frame),
 * drawn by bilinear sampling in WebAssembly SIMD (`resample.wat`) into frame buffers this object keeps and
 * hands out in turn, instead of through Skia: Skia's scaled composite and the copy `canvas.data()` makes
 * into a new 4.7 MB buffer a frame cost ~6-13 ms at 1080x1080 (page faults and garbage collections of the
 * buffers included), this ~2-3 ms and no allocation. Sample positions are floored to 1/16 pixel, as
 * Skia's bilinear filter does, so the frames match the ones Skia draws (test: within a few levels on
 * edges, the same elsewhere).
 *
 * The raster and the frames live in the module's memory; a frame's `pixels` is a view of it, valid until
 * released (after ffmpeg's stdin has taken it). The memory grows only when no frame is out (growth moves
 * it), so a new, larger raster waits for the frames still being written.
 */
export class Resampler {
  private readonly mod: ResampleModule;
  private readonly frameBytes: number;
  private readonly xoff: number;
  private readonly xw: number;
  private readonly ytab: number;
  private readonly slots: number[] = [];
  private readonly out: number[];
  private readonly waiting: (() => void)[] = [];
  private readonly src: number;
  private raster?: Raster;

  /** `slots`: frames that may be out at once (drawn, not yet released). */
  constructor(
    readonly width: number,
    readonly height: number,
    slotCount = 3,
  ) {
    compiled ??= new WebAssembly.Module(Buffer.from(RESAMPLE_WASM, 'base64'));
    this.mod = new WebAssembly.Instance(compiled).exports as unknown as ResampleModule;
    this.frameBytes = width * height * 4;
    let end = 0;
    const take = (bytes: number) => {
      const at = end;
      end = (end + bytes + 16 + 15) & ~15;
      return at;
    };
    this.xoff = take(width * 4);
    this.xw = take(width * 16);
    this.ytab = take(height * 8);
    for (let i = 0; i < slotCount; i++) this.slots.push(take(this.frameBytes));
    this.out = this.slots.map(() => 0);
    this.src = end;
    this.ensure(end);
  }

  /** Draws the frame `t` (which must cover it: see `coversFrame`) into a free frame buffer. */
  async draw(t: ScaledRaster): Promise<ResampledFrame> {
    const { width: sw, height: sh } = t.raster;
    const stride = sw * 4;
    let slot = this.out.indexOf(0);
    while (slot < 0) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      slot = this.out.indexOf(0);
    }
    if (this.raster !== t.raster) {
      const need = this.src + sh * stride + 16 + stride + 32;
      if (need > this.mod.memory.buffer.byteLength) {
        // Growing moves the memory: only when no frame handed out still points into it.
        while (this.out.some((n) => n > 0)) await new Promise<void>((resolve) => this.waiting.push(resolve));
        this.ensure(need);
      }
      new Uint8Array(this.mod.memory.buffer, this.src, sh * stride).set(t.raster.pixels.subarray(0, sh * stride));
      this.raster = t.raster;
    }
    const tmp = (this.src + sh * stride + 16 + 15) & ~15;
    const mem = new DataView(this.mod.memory.buffer);
    const { x: tx, y: ty } = snapped(t);
    for (let x = 0; x < this.width; x++) {
      const [x0, w] = sample(x, tx, t.scale, sw);
      mem.setInt32(this.xoff + x * 4, x0 * 4, true);
      const o = this.xw + x * 16;
      for (let c = 0; c < 8; c += 2) {
        mem.setInt16(o + c, 256 - w, true);
        mem.setInt16(o + 8 + c, w, true);
      }
    }
    for (let y = 0; y < this.height; y++) {
      const [y0, w] = sample(y, ty, t.scale, sh);
      mem.setInt32(this.ytab + y * 8, y0 * stride, true);
      mem.setInt32(this.ytab + y * 8 + 4, w, true);
    }
    const dst = this.slots[slot];
    this.mod.resample(this.src, stride, dst, this.width, this.height, this.xoff, this.xw, this.ytab, tmp);
    this.out[slot]++;
    let released = false;
    return {
      pixels: Buffer.from(this.mod.memory.buffer, dst, this.frameBytes),
      release: () => {
        if (released) return;
        released = true;
        this.out[slot]--;
        this.waiting.splice(0).forEach((wake) => wake());
      },
    };
  }

  /** Hands the same frame out once more (a held frame written again): released once per `retain`. */
  retain(frame: ResampledFrame): ResampledFrame {
    const slot = this.slots.findIndex((at) => frame.pixels.byteOffset === at && frame.pixels.buffer === this.mod.memory.buffer);
    if (slot < 0) throw new Error('not a frame of this resampler');
    this.out[slot]++;
    let released = false;
    return {
      pixels: frame.pixels,
      release: () => {
        if (released) return;
        released = true;
        this.out[slot]--;
        this.waiting.splice(0).forEach((wake) => wake());
      },
    };
  }

  private ensure(bytes: number): void {
    const have = this.mod.memory.buffer.byteLength;
    if (bytes > have) this.mod.memory.grow(Math.ceil((bytes - have) / 65536));
  }
}

/** An unscaled raster less than 1/256 pixel from whole pixels is drawn at those pixels (a plain copy), as Skia does. */
function snapped(t: ScaledRaster): { x: number; y: number } {
  if (Math.abs(t.scale - 1) > 1e-9) return t;
  const snap = (v: number) => (Math.abs(v - Math.round(v)) < 1 / 256 ? Math.round(v) : v);
  return { x: snap(t.x), y: snap(t.y) };
}

/**
 * The raster pixel left of (or above) frame pixel `i`'s sample and the weight (0..256) of the one after it:
 * the pixel's centre mapped into the raster, the fraction floored to 1/16 as Skia's bilinear filter does,
 * clamped to the raster's edge pixels.
 */
function sample(i: number, offset: number, scale: number, size: number): [number, number] {
  // In sixteenths, with a little slack so that a position a rounding error short of a pixel is that pixel.
  const q = Math.floor(((i + 0.5 - offset) / scale - 0.5) * 16 + 1e-6);
  let i0 = Math.floor(q / 16);
  let w = (q - i0 * 16) * 16;
  if (i0 < 0) {
    i0 = 0;
    w = 0;
  } else if (i0 >= size - 1) {
    i0 = size - 2;
    w = 256;
  }
  return [i0, w];
}
