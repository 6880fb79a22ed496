import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { detectBeats } from '../../beats/beats';
import { mixAudio } from '../mix';
import { ffmpeg, ffmpegStderr, integratedLufs, lavfiToFile, probeWav, rmsDb, writeDrumLoop } from './media';

let dir: string;
let work: string;
/** 1 s of 440 Hz at -10 dBFS peak, 44.1 kHz mono (a different rate and layout than the mix's). */
let tone1: string;
/** 6 s of 440 Hz at -10 dBFS peak, stereo 48 kHz. */
let tone6: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mix-src-'));
  work = mkdtempSync(join(tmpdir(), 'mix-work-'));
  tone1 = await lavfiToFile('sine=f=440:d=1:sample_rate=44100,volume=0.316', join(dir, 'tone1.wav'));
  tone6 = await lavfiToFile('sine=f=440:d=6:sample_rate=48000,volume=0.316', join(dir, 'tone6.wav'), ['-ac', '2']);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const SILENT = -90;
const ffmpegFile = async (args: string[], out: string) => (await ffmpeg([...args, out]), out);
const loud = (db: number) => db > -50;

describe('mixAudio', () => {
  it('writes a 48 kHz stereo WAV inside workDir exactly `duration` long (sample count)', async () => {
    for (const duration of [4, 3.3667, 1 / 30]) {
      const out = await mixAudio([{ spec: { path: tone1, fadeOut: 0 }, start: 0 }], duration, { workDir: work });
      expect(dirname(out)).toBe(work);
      const s = await probeWav(out);
      expect(s).toMatchObject({ sampleRate: 48000, channels: 2 });
      expect(s.samples).toBe(Math.round(duration * 48000));
    }
    // No tracks: silence of the same exact length.
    const silent = await mixAudio([], 2.5, { workDir: work });
    expect((await probeWav(silent)).samples).toBe(120000);
    expect(await rmsDb(silent, 0, 2.5)).toBe(-Infinity);
  });

  it('loops a 1 s tone over 5 s by default (sound at 4.5 s); loop=false leaves silence after the source ends', async () => {
    const looped = await mixAudio([{ spec: { path: tone1, fadeOut: 0 }, start: 0 }], 5, { workDir: work });
    for (const at of [0.5, 1.5, 2.5, 4.5]) expect(loud(await rmsDb(looped, at, 0.3))).toBe(true);
    const once = await mixAudio([{ spec: { path: tone1, loop: false, fadeOut: 0 }, start: 0 }], 5, { workDir: work });
    expect(loud(await rmsDb(once, 0.2, 0.6))).toBe(true);
    expect(await rmsDb(once, 1.05, 3.9)).toBeLessThan(SILENT);
    // A source longer than the video is trimmed (and the WAV still ends on time).
    const trimmed = await mixAudio([{ spec: { path: tone6, loop: false }, start: 0 }], 2, { workDir: work });
    expect((await probeWav(trimmed)).samples).toBe(96000);
  });

  it('volume 0.5 is 6 dB below volume 1, and volume 2 is 6 dB above', async () => {
    const at = async (volume: number) => rmsDb(await mixAudio([{ spec: { path: tone6, volume, fadeOut: 0 }, start: 0 }], 3, { workDir: work }), 0.5, 2);
    const [full, half, double] = [await at(1), await at(0.5), await at(2)];
    expect(full - half).toBeGreaterThan(5.7);
    expect(full - half).toBeLessThan(6.3);
    expect(double - full).toBeGreaterThan(5.7);
    expect(double - full).toBeLessThan(6.3);
    expect(await rmsDb(await mixAudio([{ spec: { path: tone6, volume: 0 }, start: 0 }], 3, { workDir: work }), 0, 3)).toBe(-Infinity);
  });

  it('fades in (loudness rising over fadeIn) and out (falling to silence at the end of the window)', async () => {
    const out = await mixAudio([{ spec: { path: tone1, fadeIn: 2, fadeOut: 1.5 }, start: 0 }], 6, { workDir: work });
    const windows = [];
    for (let t = 0; t < 2; t += 0.25) windows.push(await rmsDb(out, t, 0.25));
    for (let i = 1; i < windows.length; i++) expect(windows[i]).toBeGreaterThan(windows[i - 1] + 0.5);
    const steady = await rmsDb(out, 2.5, 1);
    expect(windows[windows.length - 1]).toBeLessThan(steady);
    const tail = [];
    for (let t = 4.5; t < 6; t += 0.25) tail.push(await rmsDb(out, t, 0.25));
    for (let i = 1; i < tail.length; i++) expect(tail[i]).toBeLessThan(tail[i - 1] - 0.5);
    expect(tail[0]).toBeLessThan(steady + 0.2);
    expect(await rmsDb(out, 5.95, 0.05)).toBeLessThan(-45);
  });

  it('the default fade-out is 1 s; fades of a non-looping track end where its sound ends', async () => {
    const out = await mixAudio([{ spec: { path: tone6 }, start: 0 }], 4, { workDir: work });
    expect(await rmsDb(out, 2.5, 0.4)).toBeGreaterThan((await rmsDb(out, 3.5, 0.4)) + 3);
    const once = await mixAudio([{ spec: { path: tone1, loop: false, fadeOut: 0.5 }, start: 0 }], 3, { workDir: work });
    expect(await rmsDb(once, 0.1, 0.3)).toBeGreaterThan((await rmsDb(once, 0.8, 0.15)) + 3);
  });

  it('normalize brings a quiet and a loud input to -16 LUFS integrated (±1 LU)', async () => {
    const quiet = await lavfiToFile('sine=f=1000:d=8,volume=0.02', join(dir, 'quiet.wav'));
    const noisy = await lavfiToFile('anoisesrc=d=8:c=white:a=0.8:seed=3', join(dir, 'loud.wav'), ['-ac', '2']);
    expect(await integratedLufs(quiet)).toBeLessThan(-30);
    expect(await integratedLufs(noisy)).toBeGreaterThan(-12);
    for (const path of [quiet, noisy]) {
      const out = await mixAudio([{ spec: { path, normalize: true, fadeOut: 0 }, start: 0 }], 8, { workDir: work });
      expect(Math.abs((await integratedLufs(out)) + 16)).toBeLessThan(1);
      // Looped over a longer timeline it stays on target.
      const long = await mixAudio([{ spec: { path, normalize: true, fadeOut: 0 }, start: 0 }], 12, { workDir: work });
      expect(Math.abs((await integratedLufs(long)) + 16)).toBeLessThan(1);
    }
    // A drum loop whose peaks forbid one linear gain up to -16 LUFS goes through loudnorm's dynamic mode
    // (rendered once beside the mix and looped): on target too, and its temporary file is gone.
    const drums = join(dir, 'drums.wav');
    writeDrumLoop(drums, { bpm: 100, offset: 0.5, seconds: 10 });
    expect(await integratedLufs(drums)).toBeLessThan(-19);
    const own = mkdtempSync(join(tmpdir(), 'mix-norm-'));
    try {
      const out = await mixAudio([{ spec: { path: drums, normalize: true, fadeOut: 0 }, start: 0 }], 15, { workDir: own });
      expect(Math.abs((await integratedLufs(out)) + 16)).toBeLessThan(1);
      expect(readdirSync(own)).toEqual([basename(out)]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
    // Without normalize the quiet input stays quiet.
    const raw = await mixAudio([{ spec: { path: quiet, fadeOut: 0 }, start: 0 }], 8, { workDir: work });
    expect(await integratedLufs(raw)).toBeLessThan(-30);
  });

  it('scene tracks start at their `start` and stop at their `end`, mixed with the timeline track at full volume', async () => {
    const out = await mixAudio(
      [
        { spec: { path: tone6, fadeOut: 0 }, start: 1.5, end: 3 },
        { spec: { path: tone1, fadeOut: 0 }, start: 4, end: 4.6 },
      ],
      6,
      { workDir: work },
    );
    expect(await rmsDb(out, 0, 1.49)).toBeLessThan(SILENT);
    expect(loud(await rmsDb(out, 1.51, 0.2))).toBe(true);
    expect(loud(await rmsDb(out, 2.7, 0.29))).toBe(true);
    expect(await rmsDb(out, 3.01, 0.98)).toBeLessThan(SILENT);
    expect(loud(await rmsDb(out, 4.05, 0.5))).toBe(true);
    expect(await rmsDb(out, 4.61, 1.38)).toBeLessThan(SILENT);
    // Two overlapping tracks add up (amix's 1/n scaling undone): the same tone twice is 6 dB louder.
    const one = await mixAudio([{ spec: { path: tone6, fadeOut: 0 }, start: 0 }], 3, { workDir: work });
    const two = await mixAudio(
      [
        { spec: { path: tone6, fadeOut: 0 }, start: 0 },
        { spec: { path: tone6, fadeOut: 0 }, start: 0 },
      ],
      3,
      { workDir: work },
    );
    const gain = (await rmsDb(two, 0.5, 2)) - (await rmsDb(one, 0.5, 2));
    expect(gain).toBeGreaterThan(5.8);
    expect(gain).toBeLessThan(6.2);
  });

  it('many scene tracks in sequence each sound exactly inside their own window (to 5 ms), under a timeline track', async () => {
    const fps = 30;
    const starts = [0, 31, 62, 93, 124, 155].map((f) => f / fps);
    const scenes = starts.map((start, i) => ({
      spec: { path: tone1, loop: false, fadeOut: 0 },
      start: start + 0.2,
      end: i + 1 < starts.length ? starts[i + 1] : 6,
    }));
    const alone = await mixAudio(scenes, 6, { workDir: work });
    expect((await probeWav(alone)).samples).toBe(288000);
    for (const [i, t] of scenes.entries()) {
      expect(await rmsDb(alone, t.start - 0.2 + 0.005, 0.19)).toBeLessThan(SILENT);
      expect(loud(await rmsDb(alone, t.start + 0.005, 0.3))).toBe(true);
      // The 1 s tone is cut at the window's end (0.833 s after its start), then silence to the next track.
      const end = i + 1 < scenes.length ? t.end : 6;
      expect(loud(await rmsDb(alone, end - 0.05, 0.045))).toBe(true);
      if (i + 1 < scenes.length) expect(await rmsDb(alone, end + 0.005, 0.19)).toBeLessThan(SILENT);
    }
    // With a timeline track on top (two lanes summed), the scene tones still start on time.
    const both = await mixAudio([{ spec: { path: tone6, volume: 0.01, fadeOut: 0 }, start: 0 }, ...scenes], 6, { workDir: work });
    const bed = await rmsDb(both, 0.01, 0.18);
    expect(bed).toBeGreaterThan(SILENT);
    expect(bed).toBeLessThan(-60);
    for (const t of scenes) expect(await rmsDb(both, t.start + 0.005, 0.3)).toBeGreaterThan(bed + 30);
  });

  it('reads the usual containers and layouts: mp3, AAC in an MP4 beside a video stream, Opus in WebM, 5.1, 8 kHz mono', async () => {
    const src = 'sine=f=330:d=1.5:sample_rate=48000,volume=0.5';
    const files = [
      await lavfiToFile(src, join(dir, 'c.mp3'), ['-c:a', 'libmp3lame']),
      await ffmpegFile(
        ['-f', 'lavfi', '-i', src, '-f', 'lavfi', '-i', 'color=c=green:s=64x64:d=1.5', '-c:a', 'aac', '-c:v', 'libx264', '-shortest'],
        join(dir, 'c.mp4'),
      ),
      await lavfiToFile(src, join(dir, 'c.webm'), ['-c:a', 'libopus']),
      await lavfiToFile(src, join(dir, 'c51.wav'), ['-af', 'aformat=channel_layouts=5.1']),
      await lavfiToFile(src, join(dir, 'c8k.wav'), ['-ar', '8000']),
    ];
    for (const path of files) {
      const out = await mixAudio([{ spec: { path, fadeOut: 0 }, start: 0.5 }], 4, { workDir: work });
      expect(await probeWav(out)).toMatchObject({ sampleRate: 48000, channels: 2, samples: 192000 });
      expect(await rmsDb(out, 0, 0.45)).toBeLessThan(SILENT);
      // Looped: sound in the first pass and in the second.
      expect(loud(await rmsDb(out, 0.7, 0.5))).toBe(true);
      expect(loud(await rmsDb(out, 2.3, 0.5))).toBe(true);
    }
  });

  it('loops compressed files (mp3, AAC, Vorbis) without a gap at the seams (their encoder delay and padding are not repeated)', async () => {
    const src = 'sine=f=330:d=1.5:sample_rate=48000,volume=0.5';
    const files = [
      await lavfiToFile(src, join(dir, 'seam.mp3'), ['-c:a', 'libmp3lame']),
      await ffmpegFile(['-f', 'lavfi', '-i', src, '-c:a', 'aac'], join(dir, 'seam.m4a')),
      await lavfiToFile(src, join(dir, 'seam.ogg'), ['-c:a', 'libvorbis']),
      await lavfiToFile(src, join(dir, 'seam.wav')),
    ];
    for (const path of files) {
      const out = await mixAudio([{ spec: { path, fadeOut: 0 }, start: 0 }], 6, { workDir: work });
      const err = await ffmpegStderr(['-i', out, '-af', 'silencedetect=n=-40dB:d=0.002', '-f', 'null', '-']);
      expect(err).not.toContain('silence_start');
    }
    // Only the mix is left in workDir (the decoded passes are removed).
    expect(readdirSync(work).every((f) => f.startsWith('mix-'))).toBe(true);
  });

  it('reads local files only: an http:// or pipe: path is not fetched (nothing is requested)', async () => {
    const wav = readFileSync(tone1);
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tone.wav`;
      await expect(mixAudio([{ spec: { path: url }, start: 0 }], 2, { workDir: work })).rejects.toThrow(/cannot be read/);
      await expect(detectBeats(url)).rejects.toThrow(/ffmpeg exited/);
      await expect(mixAudio([{ spec: { path: 'pipe:0' }, start: 0 }], 2, { workDir: work })).rejects.toThrow(/cannot be read/);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mix-bad-'));
    try {
      await expect(mixAudio([{ spec: { path: tone1 }, start: 0 }], 0, { workDir: empty })).rejects.toThrow(/duration/);
      await expect(mixAudio([{ spec: { path: tone1, volume: 3 }, start: 0 }], 2, { workDir: empty })).rejects.toThrow(/volume/);
      await expect(mixAudio([{ spec: { path: tone1 }, start: 2, end: 1 }], 3, { workDir: empty })).rejects.toThrow(/end/);
      await expect(mixAudio([{ spec: { path: join(dir, 'nope.mp3') }, start: 0 }], 2, { workDir: empty })).rejects.toThrow(/nope\.mp3 cannot be read/);
      const image = await lavfiToFile('color=c=red:s=16x16', join(dir, 'red.png'), ['-frames:v', '1']);
      await expect(mixAudio([{ spec: { path: image }, start: 0 }], 2, { workDir: empty })).rejects.toThrow(/no audio stream/);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('aborts: ffmpeg is killed at once and the promise rejects with an AbortError', async () => {
    // A FIFO nobody writes to: ffprobe blocks reading it, so only the abort ends the mix.
    const fifo = join(dir, 'never.fifo');
    execFileSync('mkfifo', [fifo]);
    const ac = new AbortController();
    const started = Date.now();
    const p = mixAudio([{ spec: { path: fifo }, start: 0 }], 3, { workDir: work, signal: ac.signal }).catch((e: Error) => e);
    setTimeout(() => ac.abort(), 300);
    const err = await p;
    expect((err as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(execFileSync('ps', ['-eo', 'args']).toString()).not.toContain(fifo);
    // A long mix aborted mid-run: killed within a second.
    const own = mkdtempSync(join(tmpdir(), 'mix-abort-'));
    try {
      const ac2 = new AbortController();
      const t0 = Date.now();
      const p2 = mixAudio([{ spec: { path: tone1, normalize: true }, start: 0 }], 290, { workDir: own, signal: ac2.signal }).catch((e: Error) => e);
      setTimeout(() => ac2.abort(), 150);
      expect(((await p2) as Error).name).toBe('AbortError');
      expect(Date.now() - t0).toBeLessThan(1500);
      // The partial WAV of the killed run is removed.
      expect(readdirSync(own)).toEqual([]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
