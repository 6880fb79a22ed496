import { createCanvas } from '@napi-rs/canvas';
import { renderIr } from '@platform/creative-ir';
import { plainState, prepareScene, type PreparedScene } from '../../compositor';
import { MOTIONS, type Motion } from '../../types';
import { flatDoc, frameAt, meanDiff, scratchDirs, texturedDoc } from '../../__tests__/helpers';
import { renderVideo } from '../../render';
import { sceneState, timeline } from '../../timeline';
import { composable, coversFrame, FrameComposer, type Composition, type Raster, type ScaledRaster } from '../compose';

/** How far a sampled frame is from Skia's: the largest channel difference, and the share of channels off by more than 4. */
function compare(a: Uint8Array, b: Uint8Array): { max: number; offBy4: number } {
  let max = 0;
  let off = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (d > max) max = d;
    if (d > 4) off++;
  }
  return { max, offBy4: off / a.length };
}

/** A frame-sized canvas set up as the compositor's (bilinear, no mipmaps). */
function frameCanvas(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  return { canvas, ctx };
}

/** Scene `scene` at each progress of `ps`: composable, and composed by `r` within `max` levels of Skia's frame (at most `share` of channels off by more than 4). */
async function expectLikeSkia(
  r: FrameComposer,
  scene: PreparedScene,
  label: string,
  ps: number[],
  skia: ReturnType<typeof frameCanvas>,
  max: number,
  share: number,
): Promise<void> {
  for (const p of ps) {
    const composition = scene.compose!(plainState(p))!;
    expect(composable(composition, r.width, r.height), `${label} at ${p}`).toBe(true);
    scene.draw(skia.ctx, plainState(p));
    const frame = await r.draw(composition);
    const d = compare(frame.pixels, skia.canvas.data());
    frame.release();
    expect(d.max, `${label} at ${p}`).toBeLessThanOrEqual(max);
    expect(d.offBy4, `${label} at ${p}`).toBeLessThanOrEqual(share);
  }
}

/** A raster with text edges, a gradient and hard color boundaries: every sampling error shows somewhere. */
function testRaster(width: number, height: number): Raster {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, '#0f7068');
  g.addColorStop(1, '#f5b041');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${Math.round(height / 6)}px sans-serif`;
  ctx.fillText('Plan less', width * 0.1, height * 0.4);
  ctx.fillStyle = '#d7263d';
  ctx.fillRect(0, 0, Math.round(width * 0.05), height);
  ctx.fillRect(width * 0.5, height * 0.7, width * 0.3, 3);
  return { pixels: c.data(), width, height };
}

const planned = new Map<Raster, Raster[]>();
/** A plan of one raster (the same rasters array for the same raster, as a scene gives). */
function plan(base: ScaledRaster): Composition {
  const rasters = planned.get(base.raster) ?? [base.raster];
  planned.set(base.raster, rasters);
  return { rasters, base };
}

/** The same placement drawn by Skia with the compositor's settings (bilinear, no mipmaps). */
function skiaFrame(t: ScaledRaster, width: number, height: number): Buffer {
  const src = createCanvas(t.raster.width, t.raster.height);
  const sctx = src.getContext('2d');
  const img = sctx.createImageData(t.raster.width, t.raster.height);
  img.data.set(t.raster.pixels);
  sctx.putImageData(img, 0, 0);
  const { canvas, ctx } = frameCanvas(width, height);
  ctx.setTransform(t.scale, 0, 0, t.scale, t.x, t.y);
  ctx.drawImage(src, 0, 0);
  return canvas.data();
}

describe('FrameComposer', () => {
  const dir = scratchDirs();

  it('draws a scaled, moved raster as Skia does, to rounding', async () => {
    const W = 540;
    const H = 360;
    const raster = testRaster(Math.round(W * 1.15), Math.round(H * 1.15));
    const r = new FrameComposer(W, H);
    for (const t of [
      { raster, scale: 1 / 1.15, x: 0, y: 0 },
      { raster, scale: 1.1 / 1.15, x: -27.3, y: -18.05 },
      { raster, scale: 1, x: -40.5, y: -10.25 },
      { raster, scale: 1.25, x: -200.7, y: -90.01 },
    ]) {
      expect(coversFrame(t, W, H)).toBe(true);
      const frame = await r.draw(plan(t));
      const { max } = compare(frame.pixels, skiaFrame(t, W, H));
      expect(max, `scale ${t.scale}`).toBeLessThanOrEqual(3);
      frame.release();
    }
  });

  it('refuses what does not cover the frame (a border would show): the compositor draws those through Skia', () => {
    const raster = testRaster(100, 100);
    expect(coversFrame({ raster, scale: 1, x: 0, y: 0 }, 100, 100)).toBe(true);
    expect(coversFrame({ raster, scale: 1, x: 0.8, y: 0 }, 100, 100)).toBe(true);
    expect(coversFrame({ raster, scale: 1, x: 5, y: 0 }, 100, 100)).toBe(false);
    expect(coversFrame({ raster, scale: 0.9, x: 0, y: 0 }, 100, 100)).toBe(false);
    expect(coversFrame({ raster, scale: 1.2, x: -30, y: -10 }, 100, 100)).toBe(false);
    expect(coversFrame({ raster: testRaster(1, 100), scale: 100, x: 0, y: 0 }, 100, 100)).toBe(false);
  });

  it('hands out at most its slots: a frame stays intact until released, the next draw waits for a free slot', async () => {
    const raster = testRaster(80, 60);
    const r = new FrameComposer(80, 60, 2);
    const a = await r.draw(plan({ raster, scale: 1, x: 0, y: 0 }));
    const copyA = Buffer.from(a.pixels);
    const b = await r.draw(plan({ raster, scale: 1.5, x: -20, y: -15 }));
    expect(b.pixels.equals(copyA)).toBe(false);
    let third = false;
    const c = r.draw(plan({ raster, scale: 2, x: -40, y: -30 })).then((f) => {
      third = true;
      return f;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).toBe(false);
    expect(a.pixels.equals(copyA)).toBe(true);
    a.release();
    const cf = await c;
    expect(third).toBe(true);
    expect(cf.pixels.byteOffset).toBe(a.pixels.byteOffset);
    // A retained frame (written again while held) keeps its slot until every hand-out is released.
    const again = r.retain(b);
    b.release();
    let fourth = false;
    const d = r.draw(plan({ raster, scale: 1, x: 0, y: 0 })).then((f) => ((fourth = true), f));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fourth).toBe(false);
    again.release();
    expect((await d).pixels.byteOffset).toBe(b.pixels.byteOffset);
  });

  it('a larger raster waits for the frames still out before the memory grows, and draws right after', async () => {
    const r = new FrameComposer(64, 48, 2);
    const small = testRaster(64, 48);
    const out = await r.draw(plan({ raster: small, scale: 1, x: 0, y: 0 }));
    expect(Buffer.from(out.pixels).equals(Buffer.from(small.pixels))).toBe(true);
    const big = testRaster(640, 480);
    let drawn = false;
    const next = r.draw(plan({ raster: big, scale: 0.1, x: 0, y: 0 })).then((f) => ((drawn = true), f));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawn).toBe(false);
    expect(Buffer.from(out.pixels).equals(Buffer.from(small.pixels))).toBe(true);
    out.release();
    const f = await next;
    const t = { raster: big, scale: 0.1, x: 0, y: 0 };
    // Downscaled 10x, bilinear samples 2 of 10 pixels, as Skia's filter without mipmaps does.
    expect(compare(f.pixels, skiaFrame(t, 64, 48)).max).toBeLessThanOrEqual(3);
  });

  it.each([['ir'], ['image']] as const)('a %s scene under every motion it plans: composed frames match the frames Skia draws', async (kind) => {
    const W = 320;
    const H = 240;
    const image = kind === 'image' ? new Uint8Array((await renderIr(texturedDoc(640, 400), { format: 'png' })).data) : undefined;
    // Everything but a design's pop (its layers scale) is rasters placed whole or moved.
    const planned: Motion[] = MOTIONS.filter((m) => kind === 'image' || m !== 'pop');
    const r = new FrameComposer(W, H);
    const skia = frameCanvas(W, H);
    for (const motion of MOTIONS) {
      const scene = await prepareScene(
        { source: image ? { kind: 'image', image } : { kind: 'ir', ir: texturedDoc(W, H) }, duration: 1, motion, focal: { x: 0.3, y: 0.7 } },
        W,
        H,
      );
      if (!planned.includes(motion)) {
        // A design's pop scales its entering layers: Skia draws those frames.
        expect(scene.compose?.(plainState(0.2)), motion).toBeUndefined();
        continue;
      }
      expect(!!scene.compose, motion).toBe(true);
      if (!scene.compose) continue;
      // Rounding only (max 1), except pans at scale 1 with a fractional offset: a few edge pixels within 12 levels.
      await expectLikeSkia(r, scene, motion, [0, 0.37, 1], skia, 12, 0.001);
    }
  });

  it('stagger and rise of a design with text: layers fading in, a fraction of a pixel down, match Skia frame by frame', async () => {
    const W = 360;
    const H = 640;
    const text = (id: string, y: number, size: number, weight: number) => ({
      type: 'text' as const,
      id,
      text: 'Summer sale starts now',
      x: 30,
      y,
      width: 300,
      fontFamily: 'Inter',
      fontWeight: weight,
      fontSize: size,
      color: '#fff8e1',
    });
    const ir = flatDoc(W, H, '#0b5850', [
      text('eyebrow', 60, 14, 600),
      text('title', 100, 40, 800),
      { type: 'rect', id: 'button', x: 30, y: 400, width: 151, height: 47, cornerRadius: 23, fills: [{ type: 'solid', color: '#f5b041' }] },
      text('body', 480, 18, 400),
    ]);
    const r = new FrameComposer(W, H);
    const skia = frameCanvas(W, H);
    for (const motion of ['stagger', 'rise'] as Motion[]) {
      const scene = await prepareScene({ source: { kind: 'ir', ir }, duration: 2, motion }, W, H);
      // Rounding of the fade and of the row blend: a few levels at most, every 5% of the scene.
      await expectLikeSkia(
        r,
        scene,
        motion,
        Array.from({ length: 21 }, (_, i) => i / 20),
        skia,
        4,
        0,
      );
    }
  });

  it('in a video: a second scene with a larger raster (the memory grows between frames) and held frames come out as Skia draws them', async () => {
    const W = 320;
    const H = 240;
    const workDir = await dir();
    const image = new Uint8Array((await renderIr(texturedDoc(800, 500), { format: 'png' })).data);
    const spec = {
      width: W,
      height: H,
      fps: 10,
      scenes: [
        { source: { kind: 'ir' as const, ir: texturedDoc(W, H) }, duration: 1, motion: 'zoom_in' as Motion },
        { source: { kind: 'image' as const, image }, duration: 1, motion: 'ken_burns' as Motion, focal: { x: 0.8, y: 0.2 } },
        {
          source: {
            kind: 'ir' as const,
            ir: flatDoc(W, H, '#0b5850', [{ type: 'rect', id: 'a', x: 40, y: 60, width: 120, height: 80, fills: [{ type: 'solid', color: '#f5b041' }] }]),
          },
          duration: 2,
          motion: 'stagger' as Motion,
        },
      ],
    };
    const r = await renderVideo(spec, { workDir });
    expect(r.frames).toBe(40);
    const tl = timeline(spec);
    const { canvas, ctx } = frameCanvas(W, H);
    const rgb = (rgba: Buffer) => {
      const out = Buffer.alloc((rgba.length / 4) * 3);
      for (let i = 0, o = 0; i < rgba.length; i += 4) {
        out[o++] = rgba[i];
        out[o++] = rgba[i + 1];
        out[o++] = rgba[i + 2];
      }
      return out;
    };
    for (const [n, scene] of [
      [5, 0],
      [12, 1],
      [19, 1],
      [25, 2],
      [39, 2],
    ]) {
      const prepared = await prepareScene(spec.scenes[scene], W, H);
      const decoded = await frameAt(r.outputs[0].path, n);
      const d = [n - 1, n, n + 1].map((m) => {
        prepared.draw(ctx, sceneState(tl, scene, m));
        return meanDiff(decoded, rgb(canvas.data()));
      });
      // H.264 (crf 20) noise on textured pixels: ~1-3 levels on average against the frame Skia draws, which is
      // closer than the frames before and after it (a short, shifted or torn frame would be far from all three).
      expect(d[1], `frame ${n}`).toBeLessThan(3.5);
      expect(d[1], `frame ${n}`).toBeLessThanOrEqual(Math.min(d[0], d[2]) + 0.05);
    }
  });
});
