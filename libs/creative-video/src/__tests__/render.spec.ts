import { readdir } from 'node:fs/promises';
import { renderIr } from '@platform/creative-ir';
import { frameRate, probeMedia } from '../ffmpeg';
import { renderVideo, VideoSpecError } from '../render';
import { MOTIONS, TRANSITIONS, type Motion, type SceneSpec, type Transition, type VideoSpec } from '../types';
import { countFrames, flatDoc, frameAt, meanColor, meanDiff, mp4Boxes, pixel, pngSize, texturedDoc, scratchDirs } from './helpers';

const W = 320;
const H = 240;
const dir = scratchDirs();
const solid = (color: string, extra: Partial<SceneSpec> = {}): SceneSpec => ({ source: { kind: 'ir', ir: flatDoc(W, H, color) }, duration: 1, ...extra });

describe('renderVideo outputs', () => {
  it('writes mp4 (h264 yuv420p, faststart), webm (vp9) and gif (per-video palette) in one frame pass, each as long as the timeline, plus a poster', async () => {
    const workDir = await dir();
    const spec: VideoSpec = {
      width: W,
      height: H,
      fps: 12,
      formats: ['mp4', 'webm', 'gif'],
      gif: { fps: 6, width: 160, loop: 0 },
      scenes: [
        { source: { kind: 'ir', ir: texturedDoc(W, H) }, duration: 0.75, motion: 'zoom_in', transition: 'fade' },
        { source: { kind: 'procedural', style: 'waves', title: 'Hello', eyebrow: 'New' }, duration: 0.75, motion: 'none' },
      ],
    };
    const progress: number[] = [];
    const r = await renderVideo(spec, { workDir, onProgress: (p) => progress.push(p.framesDone) });
    expect(r.frames).toBe(18);
    expect(r.duration).toBeCloseTo(1.5, 6);
    expect(r.cuts).toEqual([0, 0.75]);
    expect(progress.at(-1)).toBe(18);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(r.outputs.map((o) => o.format)).toEqual(['mp4', 'webm', 'gif']);

    const byFormat = Object.fromEntries(r.outputs.map((o) => [o.format, o]));
    const mp4 = await probeMedia(byFormat.mp4.path, { countFrames: true });
    expect(mp4.format.format_name).toContain('mp4');
    expect(mp4.streams).toHaveLength(1);
    const v = mp4.streams[0];
    expect([v.codec_name, v.pix_fmt, v.width, v.height]).toEqual(['h264', 'yuv420p', W, H]);
    expect(frameRate(v.r_frame_rate)).toBeCloseTo(12, 6);
    expect(Number((v as { nb_read_frames?: string }).nb_read_frames)).toBe(18);
    expect(Math.abs(Number(mp4.format.duration) - 1.5)).toBeLessThanOrEqual(1 / 12);
    const boxes = await mp4Boxes(byFormat.mp4.path);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(byFormat.mp4).toMatchObject({ mime: 'video/mp4', width: W, height: H, fps: 12 });

    const webm = await probeMedia(byFormat.webm.path);
    expect(webm.format.format_name).toContain('webm');
    expect([webm.streams[0].codec_name, webm.streams[0].width, webm.streams[0].height]).toEqual(['vp9', W, H]);
    expect(Math.abs(Number(webm.format.duration) - 1.5)).toBeLessThanOrEqual(1 / 12);
    expect(await countFrames(byFormat.webm.path)).toBe(18 * W * H);

    const gif = await probeMedia(byFormat.gif.path);
    expect([gif.streams[0].codec_name, gif.streams[0].width, gif.streams[0].height]).toEqual(['gif', 160, 120]);
    expect(Math.abs(Number(gif.format.duration) - 1.5)).toBeLessThanOrEqual(1 / 6);
    expect(byFormat.gif).toMatchObject({ mime: 'image/gif', width: 160, height: 120, fps: 6 });

    expect(await pngSize(r.poster.path)).toEqual({ width: W, height: H });
    // Only the outputs and the poster are left: the GIF's intermediate and palette are gone.
    expect((await readdir(workDir)).sort()).toEqual([...r.outputs.map((o) => o.path), r.poster.path].map((p) => p.split('/').pop()).sort());
  });

  it('refuses an invalid spec before touching ffmpeg or the work directory', async () => {
    const workDir = await dir();
    const bad = { width: W, height: H, fps: 0, scenes: [solid('#f00', { motion: 'spin' as Motion })] };
    const err = await renderVideo(bad, { workDir }).catch((e) => e);
    expect(err).toBeInstanceOf(VideoSpecError);
    expect((err as VideoSpecError).issues.map((i) => i.loc.join('.'))).toEqual(['fps', 'scenes.0.motion']);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('loads a lazy source when its scene is first drawn, once, with the same pixels as an eager one; a failing load fails the render and leaves nothing', async () => {
    const workDir = await dir();
    const log: string[] = [];
    const lazy = (color: string): SceneSpec['source'] => ({
      kind: 'lazy',
      looks: 'ir',
      load: async () => {
        log.push(color);
        return { kind: 'ir', ir: flatDoc(W, H, color) };
      },
    });
    const frames: number[] = [];
    const spec = (a: SceneSpec['source'], b: SceneSpec['source']): VideoSpec => ({
      width: W,
      height: H,
      fps: 10,
      scenes: [
        { source: a, duration: 1 },
        { source: b, duration: 1 },
      ],
    });
    const r = await renderVideo(spec(lazy('#ff0000'), lazy('#0000ff')), {
      workDir,
      onProgress: (p) => {
        if (log.length === 1) frames.push(p.framesDone);
      },
    });
    // The second scene was loaded only once the first had been drawn (most of its 10 frames reported), and each once.
    expect(log).toEqual(['#ff0000', '#0000ff']);
    expect(Math.max(...frames)).toBeGreaterThanOrEqual(9);
    const eager = await renderVideo(spec(solid('#ff0000').source, solid('#0000ff').source), { workDir });
    for (const n of [3, 15]) expect(meanDiff(await frameAt(r.outputs[0].path, n), await frameAt(eager.outputs[0].path, n))).toBeLessThan(0.5);

    const empty = await dir();
    const gone = { kind: 'lazy' as const, load: () => Promise.reject(new Error('the asset was deleted')) };
    await expect(renderVideo(spec(solid('#ff0000').source, gone), { workDir: empty })).rejects.toThrow('the asset was deleted');
    expect(await readdir(empty)).toEqual([]);
    const invalid = { kind: 'lazy' as const, load: async () => ({ kind: 'procedural' as const, style: 'nope' }) };
    await expect(renderVideo(spec(invalid, solid('#000').source), { workDir: empty })).rejects.toThrow('source.style: must be one of');
    expect(await readdir(empty)).toEqual([]);
  });
});

describe('motions', () => {
  const moving = MOTIONS.filter((m) => m !== 'none');
  it.each([
    ['ir', moving],
    ['image', moving],
  ] as const)('every motion visibly moves a %s scene between its first and last frames, and none holds still', async (kind, motions) => {
    const workDir = await dir();
    const image = kind === 'image' ? new Uint8Array((await renderIr(texturedDoc(640, 360), { format: 'png' })).data) : undefined;
    const source = (): SceneSpec['source'] => (image ? { kind: 'image', image } : { kind: 'ir', ir: texturedDoc(W, H) });
    for (const motion of ['none', ...motions] as Motion[]) {
      const r = await renderVideo({ width: W, height: H, fps: 10, scenes: [{ source: source(), duration: 1, motion }] }, { workDir });
      const path = r.outputs[0].path;
      const d = meanDiff(await frameAt(path, 0), await frameAt(path, 9));
      if (motion === 'none') expect(d, motion).toBeLessThan(1);
      else expect(d, motion).toBeGreaterThan(4);
    }
  });

  it('pans, zooms and Ken Burns never show a border: the edges of the first, middle and last frames are content', async () => {
    const workDir = await dir();
    const image = new Uint8Array((await renderIr(texturedDoc(400, 400), { format: 'png' })).data);
    for (const motion of ['pan_left', 'pan_right', 'pan_up', 'pan_down', 'zoom_in', 'zoom_out', 'ken_burns', 'rise', 'pop'] as Motion[]) {
      const focal = { x: 0.95, y: 0.05 };
      const r = await renderVideo({ width: W, height: H, fps: 10, scenes: [{ source: { kind: 'image', image }, duration: 1, motion, focal }] }, { workDir });
      for (const n of [0, 5, 9]) {
        const f = await frameAt(r.outputs[0].path, n);
        let black = 0;
        for (let x = 0; x < W; x++) for (const y of [0, 1, H - 2, H - 1]) if (Math.max(...pixel(f, W, x, y)) < 12) black++;
        for (let y = 0; y < H; y++) for (const x of [0, 1, W - 2, W - 1]) if (Math.max(...pixel(f, W, x, y)) < 12) black++;
        expect(black, `${motion} frame ${n}`).toBe(0);
      }
    }
  });

  it('zooms, pans and Ken Burns move the background only: text near the edges stays where the design puts it, whole on screen', async () => {
    const workDir = await dir();
    // White words near every edge of a teal page (a 7% margin, as templates keep): a 125% Ken Burns or a 112% pan
    // would push them off the frame.
    const word = (id: string, x: number, y: number, align: 'left' | 'right') => ({
      type: 'text' as const,
      id,
      text: 'EDGES',
      x,
      y,
      width: 140,
      fontFamily: 'Inter',
      fontWeight: 800,
      fontSize: 22,
      color: '#ffffff',
      textAlign: align,
    });
    // A dark disc under the words: the background the camera moves.
    const disc = { type: 'ellipse' as const, id: 'disc', x: 100, y: 70, width: 120, height: 100, fills: [{ type: 'solid' as const, color: '#12343b' }] };
    const ir = flatDoc(W, H, '#0b7a6f', [disc, word('tl', 22, 17, 'left'), word('br', W - 22 - 140, H - 17 - 28, 'right')]);
    for (const motion of ['zoom_in', 'zoom_out', 'ken_burns', 'pan_left', 'pan_right', 'pan_up', 'pan_down'] as Motion[]) {
      const r = await renderVideo(
        { width: W, height: H, fps: 10, scenes: [{ source: { kind: 'ir', ir }, duration: 1, motion, focal: { x: 0.5, y: 0.5 } }] },
        { workDir },
      );
      const frames = [await frameAt(r.outputs[0].path, 0), await frameAt(r.outputs[0].path, 9)];
      expect(meanDiff(frames[0], frames[1]), `${motion} moves`).toBeGreaterThan(0.5);
      // The words' boxes are the same pixels in the first and last frames (H.264 noise aside): the text does not move.
      for (const [x0, y0] of [
        [22, 17],
        [W - 22 - 140, H - 17 - 28],
      ]) {
        const a = meanColor(frames[0], W, x0, y0, x0 + 140, y0 + 28);
        const b = meanColor(frames[1], W, x0, y0, x0 + 140, y0 + 28);
        expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]))), `${motion}: the words stay put`).toBeLessThan(3);
      }
      for (const [n, f] of frames.entries()) {
        let white = 0;
        for (let y = 0; y < H; y++) for (const x of [0, 1, 2, W - 3, W - 2, W - 1]) if (Math.min(...pixel(f, W, x, y)) > 150) white++;
        for (let x = 0; x < W; x++) for (const y of [0, 1, 2, H - 3, H - 2, H - 1]) if (Math.min(...pixel(f, W, x, y)) > 150) white++;
        expect(white, `${motion}: text at the frame's edge in frame ${n ? 9 : 0}`).toBe(0);
      }
    }
  });

  it('stagger: the design’s top-level nodes enter one after another', async () => {
    const workDir = await dir();
    const box = (id: string, x: number, color: string) => ({
      type: 'rect' as const,
      id,
      x,
      y: 80,
      width: 60,
      height: 80,
      fills: [{ type: 'solid' as const, color }],
    });
    const ir = flatDoc(W, H, '#000000', [box('a', 20, '#ff0000'), box('b', 130, '#00ff00'), box('c', 240, '#0000ff')]);
    const r = await renderVideo(
      { width: W, height: H, fps: 20, scenes: [{ source: { kind: 'ir', ir }, duration: 2, motion: 'stagger', easing: 'linear' }] },
      { workDir },
    );
    const path = r.outputs[0].path;
    // Centres of the three boxes (they rise 6% of the height while entering: sample their upper middle).
    const lum = async (n: number) => {
      const f = await frameAt(path, n);
      return [50, 160, 270].map((x) => Math.max(...meanColor(f, W, x - 10, 110, x + 10, 130)));
    };
    const first = await lum(0);
    expect(first.every((v) => v < 20)).toBe(true);
    const early = await lum(8); // p ≈ 0.21: the first is in, the last has not started
    expect(early[0]).toBeGreaterThan(early[2] + 60);
    expect(early[2]).toBeLessThan(20);
    const last = await lum(39);
    expect(last.every((v) => v > 200)).toBe(true);
    // All in by 60% of the scene, then still.
    expect(meanDiff(await frameAt(path, 26), await frameAt(path, 39))).toBeLessThan(0.5);
  });
});

describe('transitions', () => {
  const twoScenes = (transition: Transition): VideoSpec => ({
    width: W,
    height: H,
    fps: 20,
    scenes: [solid('#ff0000', { transition, transitionDuration: 0.5 }), solid('#0000ff')],
  });

  it('a cross-fade’s middle frame mixes both scenes; a hard cut does not', async () => {
    const workDir = await dir();
    // Window of 10 frames centred on the cut at frame 20: frames 15..24; frame 20 is just past its middle.
    const fade = await renderVideo(twoScenes('fade'), { workDir });
    const [r, , b] = meanColor(await frameAt(fade.outputs[0].path, 20), W, 0, 0, W, H);
    expect(r).toBeGreaterThan(60);
    expect(b).toBeGreaterThan(60);
    const cut = await renderVideo(twoScenes('none'), { workDir });
    const [r2, , b2] = meanColor(await frameAt(cut.outputs[0].path, 20), W, 0, 0, W, H);
    expect(r2).toBeLessThan(30);
    expect(b2).toBeGreaterThan(200);
  });

  it('wipes, slides and the circle split the middle frame between the two scenes, as their direction says', async () => {
    const workDir = await dir();
    // At the middle frame, which side shows the incoming (blue) scene.
    const expectBlue: Partial<Record<Transition, 'left' | 'right' | 'top' | 'bottom' | 'centre'>> = {
      wipe_left: 'right',
      wipe_right: 'left',
      wipe_up: 'bottom',
      wipe_down: 'top',
      slide_left: 'right',
      slide_right: 'left',
      slide_up: 'bottom',
      slide_down: 'top',
      circle: 'centre',
    };
    // Eased, the middle frame is 64% through: the circle's radius is 0.64 of half the diagonal, so the corners still show red.
    for (const [t, side] of Object.entries(expectBlue) as [Transition, string][]) {
      const r = await renderVideo(twoScenes(t), { workDir });
      const f = await frameAt(r.outputs[0].path, 20);
      const blue = (x0: number, y0: number, x1: number, y1: number) => meanColor(f, W, x0, y0, x1, y1)[2] > 200;
      const red = (x0: number, y0: number, x1: number, y1: number) => meanColor(f, W, x0, y0, x1, y1)[0] > 200;
      const areas: Record<string, [number, number, number, number]> = {
        left: [4, 4, 60, H - 4],
        right: [W - 60, 4, W - 4, H - 4],
        top: [4, 4, W - 4, 50],
        bottom: [4, H - 50, W - 4, H - 4],
        centre: [W / 2 - 20, H / 2 - 20, W / 2 + 20, H / 2 + 20],
        corner: [0, 0, 24, 24],
      };
      const opposite = { left: 'right', right: 'left', top: 'bottom', bottom: 'top', centre: 'corner' } as const;
      expect(blue(...areas[side]), `${t} blue ${side}`).toBe(true);
      expect(red(...areas[opposite[side as keyof typeof opposite]]), `${t} red opposite`).toBe(true);
    }
  });

  it('every transition renders, and fade_black passes through black', async () => {
    const workDir = await dir();
    for (const t of TRANSITIONS) {
      const r = await renderVideo(
        { ...twoScenes(t), fps: 10, scenes: [solid('#ff0000', { transition: t, duration: 0.6 }), solid('#0000ff', { duration: 0.6 })] },
        { workDir },
      );
      expect(r.frames, t).toBe(12);
    }
    const fb = await renderVideo(twoScenes('fade_black'), { workDir });
    // The 10-frame window has no middle frame: the two around it are mostly black, the ones outside it are not.
    const brightest = async (n: number) => Math.max(...meanColor(await frameAt(fb.outputs[0].path, n), W, 0, 0, W, H));
    expect(await brightest(19)).toBeLessThan(80);
    expect(await brightest(20)).toBeLessThan(80);
    expect(await brightest(14)).toBeGreaterThan(240);
    expect(await brightest(25)).toBeGreaterThan(240);
  });
});

describe('abort', () => {
  it('kills ffmpeg within a second, rejects with an AbortError and leaves the work directory empty', async () => {
    const workDir = await dir();
    const ac = new AbortController();
    const spec: VideoSpec = {
      width: 1280,
      height: 720,
      fps: 30,
      formats: ['mp4', 'webm'],
      scenes: [{ source: { kind: 'ir', ir: texturedDoc(1280, 720) }, duration: 30, motion: 'zoom_in' }],
    };
    let abortedAt = 0;
    const pids = new Set<number>();
    const started = renderVideo(spec, {
      workDir,
      signal: ac.signal,
      onProgress: (p) => {
        if (p.framesDone >= 16 && !abortedAt) {
          abortedAt = Date.now();
          ac.abort();
        }
      },
    });
    // ffmpeg's pid, found from its command line (it writes into this test's work directory).
    const { execFileSync } = await import('node:child_process');
    const find = () => {
      try {
        for (const line of execFileSync('pgrep', ['-f', workDir]).toString().trim().split('\n')) if (line) pids.add(Number(line));
      } catch {
        /* none yet */
      }
    };
    const poll = setInterval(find, 50);
    const err = await started.catch((e) => e);
    clearInterval(poll);
    const took = Date.now() - abortedAt;
    expect(err?.name).toBe('AbortError');
    expect(abortedAt).toBeGreaterThan(0);
    expect(took).toBeLessThan(1000);
    expect(pids.size).toBeGreaterThan(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(await readdir(workDir)).toEqual([]);
    // 16 frames of a 1280x720 zoom take 2-9 s alone; beside another test file on a loaded 2-core machine they took
    // more than 30 s (a timeout, not a slow abort: `took` is measured from the abort).
  }, 90_000);

  it("stops a heavy IR scene's drawing when `stop` answers true, though the thread never gets back to its event loop meanwhile", async () => {
    const workDir = await dir();
    // 1,000 blurred rectangles on a 1920 x 1080 scene: each blur filters the whole page, which Skia does in one native
    // call when the scene's pixels are read (20-40 s of one core in all). No timer can run while it draws.
    const rects = Array.from({ length: 1000 }, (_, i) => ({
      type: 'rect',
      id: `r${i}`,
      x: (i * 37) % 1920,
      y: (i * 91) % 1080,
      width: 480,
      height: 270,
      blur: 30,
      fills: [{ type: 'solid', color: i % 2 ? '#336699' : '#cc6633' }],
    }));
    const ir = {
      version: 1,
      width: 1920,
      height: 1080,
      background: '#ffffff',
      root: { type: 'frame', id: 'root', width: 1920, height: 1080, children: rects },
    };
    const spec: VideoSpec = { width: 1920, height: 1080, fps: 10, scenes: [{ source: { kind: 'ir', ir }, duration: 1 }] };
    const t0 = Date.now();
    const stopAt = t0 + 1000;
    const err = await renderVideo(spec, { workDir, stop: () => Date.now() > stopAt }).catch((e) => e);
    const took = Date.now() - t0;
    expect(err?.name).toBe('AbortError');
    // A chunk of drawing (~0.2 s of estimated work) past the stop, with room for a loaded machine.
    expect(took).toBeLessThan(3000);
    expect(await readdir(workDir)).toEqual([]);
  }, 120_000);
});
