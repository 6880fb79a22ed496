import { join } from 'node:path';
import { lavfiToFile, rmsDb, writeClickTrack } from '../audio/__tests__/media';
import { probeMedia } from '../ffmpeg';
import { renderVideo } from '../render';
import type { SceneSpec } from '../types';
import { flatDoc, frameAt, meanColor, scratchDirs } from './helpers';

const W = 160;
const H = 120;
const dir = scratchDirs();
const solid = (color: string, duration: number, extra: Partial<SceneSpec> = {}): SceneSpec => ({
  source: { kind: 'ir', ir: flatDoc(W, H, color) },
  duration,
  ...extra,
});

describe('renderVideo with audio', () => {
  it('muxes the mixed track as AAC in mp4 and Opus in webm, the video’s length ruling, with the fade-in audible', async () => {
    const workDir = await dir();
    const media = await dir();
    // A 0.7 s tone looped (the default) under a 2.4 s video, fading in over 1 s; a scene with its own tone.
    const tone = await lavfiToFile('sine=f=440:d=0.7', join(media, 'tone.wav'));
    const beep = await lavfiToFile('sine=f=880:d=3', join(media, 'beep.wav'));
    const r = await renderVideo(
      {
        width: W,
        height: H,
        fps: 15,
        formats: ['mp4', 'webm'],
        audio: { path: tone, fadeIn: 1, fadeOut: 0 },
        scenes: [solid('#ff0000', 1.2, { transition: 'fade' }), solid('#0000ff', 1.2, { audio: { path: beep, volume: 0.5 } })],
      },
      { workDir },
    );
    expect(r.duration).toBeCloseTo(2.4, 6);
    for (const o of r.outputs) {
      const p = await probeMedia(o.path);
      const v = p.streams.find((s) => s.codec_type === 'video');
      const a = p.streams.find((s) => s.codec_type === 'audio');
      expect([v?.codec_name, a?.codec_name]).toEqual(o.format === 'mp4' ? ['h264', 'aac'] : ['vp9', 'opus']);
      expect(Math.abs(Number(p.format.duration) - 2.4), o.format).toBeLessThanOrEqual(1 / 15);
      if (a?.duration) expect(Math.abs(Number(a.duration) - 2.4), `${o.format} audio`).toBeLessThanOrEqual(1 / 15 + 0.03);
    }
    const mp4 = r.outputs[0].path;
    const start = await rmsDb(mp4, 0.05, 0.25);
    const later = await rmsDb(mp4, 0.9, 0.25);
    expect(later).toBeGreaterThan(start + 6);
    // The mixer's WAV is gone; outputs and poster remain.
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(workDir)).filter((f) => f.endsWith('.wav'))).toEqual([]);
  });

  it('beat_sync moves the cuts to the beats of a click track, within one frame, and the frames cut there', async () => {
    const workDir = await dir();
    const media = await dir();
    const fps = 25;
    const track = join(media, 'clicks.wav');
    const clicks = writeClickTrack(track, { bpm: 100, offset: 0.3, seconds: 6.5 });
    const r = await renderVideo(
      { width: W, height: H, fps, audio: { path: track }, beatSync: true, scenes: [solid('#ff0000', 2), solid('#00ff00', 2), solid('#0000ff', 2)] },
      { workDir },
    );
    expect(r.bpm).toBeGreaterThan(95);
    expect(r.bpm).toBeLessThan(105);
    expect(r.beats!.length).toBeGreaterThan(8);
    expect(r.cuts[0]).toBe(0);
    expect(r.cuts).toHaveLength(3);
    for (const cut of r.cuts.slice(1)) {
      const nearest = Math.min(...clicks.map((c) => Math.abs(c - cut)));
      expect(nearest, `cut ${cut}`).toBeLessThanOrEqual(1 / fps + 1e-9);
      // Not where the durations alone would put them (2 and 4 s are 0.1 s from the nearest clicks).
      expect(Math.abs(cut - Math.round(cut / 2) * 2)).toBeGreaterThan(1 / fps);
    }
    expect(r.duration).toBeCloseTo(6, 6);
    const path = r.outputs[0].path;
    const dominant = async (n: number) => {
      const c = meanColor(await frameAt(path, n), W, 0, 0, W, H);
      return c.indexOf(Math.max(...c));
    };
    const f1 = Math.round(r.cuts[1] * fps);
    const f2 = Math.round(r.cuts[2] * fps);
    expect([await dominant(f1 - 1), await dominant(f1), await dominant(f2 - 1), await dominant(f2)]).toEqual([0, 1, 1, 2]);
  });
});
