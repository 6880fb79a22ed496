import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTemplate } from '@platform/creative-ir';
import { ffmpegBinary, probeMedia, runMedia } from '../ffmpeg';
import { renderVideo } from '../render';
import { countFrames, frameAt, scratchDirs } from './helpers';

const ASSETS = join(__dirname, '../../../creative-ir/src/__tests__/corpus/assets');

/** A PNG file as rgb24 bytes (decoded by ffmpeg). */
const rgbOf = (path: string) => runMedia(ffmpegBinary(), ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);

/**
 * Tone error of `a` against `b` (0..255 per channel): the means of 4x4 cells compared, so that a dither's fine pattern
 * averages out while bands and shifted colors stay; over the frame and in its worst 16x16 block.
 */
function toneError(a: Buffer, b: Buffer, width: number): { mean: number; worstBlock: number } {
  const height = a.length / 3 / width;
  const C = 4;
  const B = 16;
  let sum = 0;
  let n = 0;
  let worst = 0;
  for (let by = 0; by + B <= height; by += B)
    for (let bx = 0; bx + B <= width; bx += B) {
      let bs = 0;
      let bn = 0;
      for (let cy = by; cy < by + B; cy += C)
        for (let cx = bx; cx < bx + B; cx += C)
          for (let c = 0; c < 3; c++) {
            let d = 0;
            for (let y = cy; y < cy + C; y++) for (let x = cx; x < cx + C; x++) d += a[(y * width + x) * 3 + c] - b[(y * width + x) * 3 + c];
            bs += Math.abs(d) / (C * C);
            bn++;
          }
      sum += bs;
      n += bn;
      worst = Math.max(worst, bs / bn);
    }
  return { mean: sum / n, worstBlock: worst };
}

describe('GIF size (issue 36: small for what they show)', () => {
  const dir = scratchDirs();

  it('makes a 4 s 540 px 15 fps animate of a photo design with text and logo under 2 MB, close to the design it shows', async () => {
    const built = await buildTemplate('story', {
      brief: {
        title: 'Fresh roast, every morning',
        eyebrow: 'New season',
        body: 'Single-origin beans roasted in small batches',
        cta: 'Order now',
        image: 'asset:photo',
      } as never,
      format: { width: 540, height: 540 } as never,
      brand: { logo: readFileSync(join(ASSETS, 'logo-teal-wordmark.png')), colors: ['#0f766e', '#f59e0b'] } as never,
    });
    const workDir = await dir();
    const out = await renderVideo(
      {
        width: 540,
        height: 540,
        fps: 15,
        // animate's zoom: every pixel of the photo moves in every frame, the hardest case for frame differencing.
        scenes: [{ source: { kind: 'ir', ir: built.ir, assets: { photo: readFileSync(join(ASSETS, 'photo-coffee.jpg')) } }, duration: 4, motion: 'zoom_in' }],
        formats: ['gif'],
        gif: { fps: 15, width: 540 },
      },
      { workDir },
    );
    const gif = out.outputs[0]!;
    expect(gif).toMatchObject({ format: 'gif', width: 540, height: 540, fps: 15 });
    // Before issue 36 (256 colors, sierra2_4a error diffusion) this GIF was 5.3 MB.
    expect(gif.bytes).toBeLessThan(2_000_000);
    const probe = await probeMedia(gif.path);
    expect([probe.streams[0].codec_name, probe.streams[0].width, probe.streams[0].height]).toEqual(['gif', 540, 540]);
    expect((await countFrames(gif.path)) / (540 * 540)).toBe(60);

    // Looks: the first frame (the background not yet zoomed, text and logo where the design puts them) against the
    // poster (the settled design, drawn losslessly). Since camera motions move only the background (layered motion),
    // the last frame is no longer the poster: its photo is at 115%.
    const first = await frameAt(gif.path, 0);
    const poster = await rgbOf(out.poster.path);
    expect(poster.length).toBe(first.length);
    const e = toneError(first, poster, 540);
    // Measured: this encoder 1.53 (worst block 5.8); 256 colors with error diffusion 0.83 (2.8) at 5.3 MB. Past the
    // bounds: 64 colors with a weak dither, banded (2.38, 8.9), or a palette of what moves only, which shifted the
    // still badge's brand amber (2.08, 7.1).
    expect(e.mean).toBeLessThan(1.9);
    expect(e.worstBlock).toBeLessThan(7);
    if (process.env.GIF_SIZE_LOG) console.log(`gif ${gif.bytes} bytes, tone error ${e.mean.toFixed(2)}, worst block ${e.worstBlock.toFixed(2)}, ${gif.path}`);
  }, 120_000);
});
