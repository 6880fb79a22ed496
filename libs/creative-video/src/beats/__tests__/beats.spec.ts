import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mixAudio } from '../../audio/mix';
import { detectBeats, snapCuts } from '../beats';
import { lavfiToFile, writeClickTrack, writeDrumLoop } from '../../audio/__tests__/media';

const FRAME = 1 / 30;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'beats-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** For each click, the distance to the nearest detected beat. */
function misses(clicks: number[], beats: number[]): number[] {
  return clicks.map((c) => Math.min(...beats.map((b) => Math.abs(b - c))));
}

describe('detectBeats', () => {
  it('finds the tempo (within 2%) and every click (within one 30 fps frame) of a 120 bpm click track with an offset', async () => {
    const path = join(dir, 'click120.wav');
    const clicks = writeClickTrack(path, { bpm: 120, offset: 0.37, seconds: 20 });
    const r = await detectBeats(path);
    expect(Math.abs(r.bpm - 120) / 120).toBeLessThan(0.02);
    expect(Math.max(...misses(clicks, r.beats))).toBeLessThan(FRAME);
    // One beat per click: nothing invented between the clicks.
    expect(r.beats.length).toBeGreaterThanOrEqual(clicks.length - 1);
    expect(r.beats.length).toBeLessThanOrEqual(clicks.length);
    expect(r.beats).toEqual([...r.beats].sort((a, b) => a - b));
  });

  it('follows another tempo (93 bpm, mp3-encoded) rather than snapping to 120', async () => {
    const wav = join(dir, 'click93.wav');
    const clicks = writeClickTrack(wav, { bpm: 93, offset: 1.1, seconds: 16, noise: 0.01 });
    const mp3 = join(dir, 'click93.mp3');
    await lavfiToFile(`amovie=${wav}`, mp3, ['-c:a', 'libmp3lame', '-b:a', '128k']);
    const r = await detectBeats(mp3);
    expect(Math.abs(r.bpm - 93) / 93).toBeLessThan(0.02);
    // mp3's encoder delay is compensated by ffmpeg's decoder; a frame of tolerance still holds.
    expect(Math.max(...misses(clicks, r.beats))).toBeLessThan(FRAME);
    // No beats before the music starts.
    expect(r.beats[0]).toBeGreaterThan(1.1 - FRAME);
  });

  it('finds the quarter-note beat of a drum pattern (kick, snare on 2 and 4, eighth hi-hats, bass) at 128 bpm', async () => {
    const path = join(dir, 'drums128.wav');
    const beats = writeDrumLoop(path, { bpm: 128, offset: 0.2, seconds: 15 });
    const r = await detectBeats(path);
    expect(Math.abs(r.bpm - 128) / 128).toBeLessThan(0.02);
    // Every detected beat is on a quarter note, and nearly every quarter note is found.
    expect(Math.max(...misses(r.beats, beats))).toBeLessThan(FRAME);
    expect(r.beats.length).toBeGreaterThanOrEqual(beats.length - 2);
  });

  it('loopTo: the beats of a short file repeat at every pass of the loop, as the mixer plays it', async () => {
    const path = join(dir, 'short.wav');
    writeClickTrack(path, { bpm: 120, offset: 0.25, seconds: 3 });
    const once = await detectBeats(path);
    expect(once.beats[once.beats.length - 1]).toBeLessThan(3);
    const r = await detectBeats(path, { loopTo: 10 });
    const expected = Array.from({ length: 20 }, (_, k) => 0.25 + 0.5 * k);
    expect(r.beats.length).toBe(20);
    expect(Math.max(...misses(expected, r.beats))).toBeLessThan(FRAME);
    expect(Math.abs(r.bpm - 120) / 120).toBeLessThan(0.02);
    // A file longer than the timeline is analysed only over the timeline.
    const long = join(dir, 'long.wav');
    writeClickTrack(long, { bpm: 120, offset: 0.25, seconds: 12 });
    expect((await detectBeats(long, { loopTo: 5 })).beats.every((b) => b < 5)).toBe(true);
  });

  it('loopTo follows the mixer on an AAC file: the beats of the looped mix are where detectBeats said', async () => {
    const wav = join(dir, 'loop-src.wav');
    writeClickTrack(wav, { bpm: 120, offset: 0.1, seconds: 2 });
    const m4a = join(dir, 'loop.m4a');
    await lavfiToFile(`amovie=${wav}`, m4a, ['-c:a', 'aac']);
    const predicted = await detectBeats(m4a, { loopTo: 20 });
    const work = join(dir, 'loop-work');
    mkdirSync(work);
    const mixed = await mixAudio([{ spec: { path: m4a, fadeOut: 0 }, start: 0 }], 20, { workDir: work });
    const heard = await detectBeats(mixed);
    expect(predicted.beats.length).toBe(40);
    // Ten passes later, still within a frame (a decoded pass is 15 ms longer than the mixer's).
    expect(Math.max(...misses(heard.beats, predicted.beats))).toBeLessThan(FRAME);
    expect(Math.max(...misses(predicted.beats, heard.beats))).toBeLessThan(FRAME);
  });

  it('finds a beat right at 0 s (music starting on the downbeat), also at every pass of a loop', async () => {
    const path = join(dir, 'downbeat.wav');
    writeClickTrack(path, { bpm: 120, offset: 0, seconds: 2 });
    const r = await detectBeats(path);
    expect(r.beats[0]).toBeLessThan(FRAME);
    const looped = await detectBeats(path, { loopTo: 6 });
    const expected = Array.from({ length: 12 }, (_, k) => 0.5 * k);
    expect(looped.beats.length).toBe(12);
    expect(Math.max(...misses(expected, looped.beats))).toBeLessThan(FRAME);
  });

  it('gives no beats (and no crash) for silence, and for a file too short to analyse', async () => {
    const silence = await lavfiToFile('anullsrc=r=44100:cl=mono', join(dir, 'silence.wav'), ['-t', '5']);
    expect(await detectBeats(silence)).toEqual({ beats: [], bpm: 0 });
    const tiny = await lavfiToFile('sine=f=440:d=0.02', join(dir, 'tiny.wav'));
    expect(await detectBeats(tiny)).toEqual({ beats: [], bpm: 0 });
  });

  it('rejects a file that is not audio with a clear error', async () => {
    await expect(detectBeats(join(dir, 'missing.wav'))).rejects.toThrow(/ffmpeg exited/);
  });

  it('aborts: ffmpeg is killed and the promise rejects with an AbortError', async () => {
    const ac = new AbortController();
    // A FIFO nobody writes to: ffmpeg blocks reading it, and only the abort can end the decode.
    const fifo = join(dir, 'never.fifo');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const p = detectBeats(fifo, { signal: ac.signal }).catch((e: Error) => e);
    setTimeout(() => ac.abort(), 300);
    const err = await p;
    expect((err as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2000);
    // The ffmpeg reading the FIFO is gone.
    expect(execFileSync('ps', ['-eo', 'args']).toString()).not.toContain(fifo);
  });
});

describe('snapCuts', () => {
  const o = { minScene: 1, total: 10, fps: 30 };

  it('moves each cut to its nearest beat, keeps cuts[0] at 0 and returns whole frames', () => {
    const beats = [0.52, 1.03, 2.51, 4.02, 5.49, 7.01, 8.5];
    const out = snapCuts([0, 2.4, 5, 7.3], beats, o);
    expect(out[0]).toBe(0);
    expect(out.slice(1)).toEqual([75 / 30, 165 / 30, 210 / 30]);
    for (const [i, c] of out.entries()) {
      expect(Number.isInteger(Math.round(c * 30 * 1e6) / 1e6)).toBe(true);
      if (i > 0) expect(Math.min(...beats.map((b) => Math.abs(b - c)))).toBeLessThanOrEqual(FRAME / 2 + 1e-9);
    }
  });

  it('keeps order and the minimum scene length, even when the nearest beat would break them', () => {
    // The nearest beat of the cut at 3 is 3.1, only 0.9 s after the first cut's beat at 2.2: it takes 4.0.
    const out = snapCuts([0, 2, 3], [1.4, 2.2, 3.1, 4.0], { minScene: 1, total: 6, fps: 30 });
    expect(out).toEqual([0, 2.2, 4]);
    for (let i = 1; i < out.length; i++) expect(out[i] - out[i - 1]).toBeGreaterThanOrEqual(1 - 1e-9);
    // The last scene keeps its minimum before the end.
    expect(snapCuts([0, 4], [5.5], { minScene: 1, total: 6, fps: 30 })).toEqual([0, 4]);
    expect(snapCuts([0, 4], [4.9, 5.5], { minScene: 1, total: 6, fps: 30 })).toEqual([0, 4.9]);
    // Never two cuts on one beat (a frame apart at least).
    const one = snapCuts([0, 2, 2.1], [2.05], { minScene: 0, total: 4, fps: 30 });
    expect(one[1]).not.toBe(one[2]);
    expect(one[2] - one[1]).toBeGreaterThanOrEqual(1 / 30 - 1e-9);
  });

  it('leaves cuts where they are (on frames) without beats, or with beats only beyond the end', () => {
    expect(snapCuts([0, 2.01, 4.5], [], o)).toEqual([0, 60 / 30, 135 / 30]);
    expect(snapCuts([0, 3, 6], [10.5, 12, 20], o)).toEqual([0, 3, 6]);
    expect(snapCuts([0], [0.5, 1], o)).toEqual([0]);
    expect(snapCuts([], [1], o)).toEqual([]);
  });

  it('holds its rules over 500 random timelines (order, frame grid, scene minimums, cuts on beats or unmoved)', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 500; n++) {
      const fps = [24, 25, 30, 60][n % 4];
      const minScene = [0.5, 1, 1.5][n % 3];
      const scenes = 1 + Math.floor(rnd() * 8);
      const lengths = Array.from({ length: scenes }, () => 0.5 + rnd() * 4);
      const cuts = lengths.reduce<number[]>((acc, _, i) => (acc.push(i ? acc[i - 1] + lengths[i - 1] : 0), acc), []);
      const total = lengths.reduce((a, b) => a + b, 0);
      const beats = Array.from({ length: Math.floor(rnd() * 30) }, () => rnd() * (total + 2)).sort((a, b) => a - b);
      const out = snapCuts(cuts, beats, { minScene, total, fps });
      const F = (t: number) => Math.round(t * fps);
      const of = out.map((t) => t * fps);
      expect(out.length).toBe(cuts.length);
      expect(out[0]).toBe(0);
      for (const f of of) expect(Math.abs(f - Math.round(f))).toBeLessThan(1e-6);
      const orig = cuts.map(F);
      const lens = orig.map((c, i) => (i + 1 < orig.length ? orig[i + 1] : F(total)) - c);
      const need = lens.map((l) => Math.max(1, Math.min(Math.ceil(minScene * fps - 1e-6), l)));
      const got = of.map((c, i) => Math.round((i + 1 < of.length ? of[i + 1] : F(total)) - c));
      for (let i = 0; i < got.length; i++) expect(got[i]).toBeGreaterThanOrEqual(need[i]);
      const beatFrames = new Set(beats.map(F));
      for (let i = 1; i < of.length; i++) {
        const f = Math.round(of[i]);
        // On a beat, or where it was, or pushed just far enough by the cut before it.
        const pushed = f === Math.round(of[i - 1]) + need[i - 1];
        expect(beatFrames.has(f) || f === orig[i] || pushed).toBe(true);
      }
    }
  });

  it('does not make short scenes of the spec shorter still, and keeps order when a cut is pushed', () => {
    // Scenes of 0.5 s (shorter than minScene): a beat that would shrink one is refused.
    const out = snapCuts([0, 0.5, 1], [0.3, 0.8], { minScene: 1, total: 1.5, fps: 30 });
    expect(out).toEqual([0, 0.5, 1]);
    const pushed = snapCuts([0, 1, 1.5], [1.4], { minScene: 1, total: 4, fps: 30 });
    // The second cut takes the beat at 1.4; the third, with no beat left, moves only as far as needed.
    expect(pushed[1]).toBeCloseTo(1.4, 9);
    expect(pushed[2]).toBeCloseTo(1.9, 9);
  });
});
