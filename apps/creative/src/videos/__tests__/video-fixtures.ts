import { frameRate, probeMedia, runMedia, ffmpegBinary, type ProbeResult } from '@platform/creative-video';
import { expectStatus, type TestAccount, type TestApp } from '@platform/testing';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { as, binary } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';

type App = TestApp<CreativeConfig>;

/** A 16-bit mono WAV of the samples (-1..1). */
export function wav(samples: Float32Array, rate = 44100): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** A steady 440 Hz tone. */
export function tone(seconds: number, rate = 44100): Buffer {
  const s = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < s.length; i++) s[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);
  return wav(s, rate);
}

/** A click track: a short decaying 1 kHz burst at each of `beats` (seconds), silence between. */
export function clicks(beats: number[], seconds: number, rate = 44100): Buffer {
  const s = new Float32Array(Math.round(seconds * rate));
  for (const b of beats) {
    const start = Math.round(b * rate);
    for (let i = 0; i < 0.03 * rate && start + i < s.length; i++)
      s[start + i] = 0.9 * Math.sin((2 * Math.PI * 1000 * i) / rate) * Math.exp(-i / (0.006 * rate));
  }
  return wav(s, rate);
}

export const pngOf = (w: number, h: number, color: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

export async function upload(t: App, who: TestAccount, file: Buffer, name: string, path: string): Promise<string> {
  const res = expectStatus(
    await t.http.post(path).set('x-api-key', who.key).attach('file', file, { filename: name, contentType: 'application/octet-stream' }),
    200,
  );
  return res.body.id as string;
}

export interface JobView {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  progress: number;
  frames_done: number;
  frames_total: number | null;
  started_at: string | null;
  request: Record<string, unknown>;
  result: Record<string, unknown> | null;
  artifacts: { artifact_id: string; role: string; url: string | null; mime: string | null }[];
  error: { code: string; message: string } | null;
}

/** Polls the job until it ends (or the time is up). */
export async function finished(t: App, who: TestAccount, id: string, timeoutMs = 90_000): Promise<JobView> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = expectStatus(await as(t.http.get(`/v1/jobs/${id}`), who), 200).body as JobView;
    if (['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The job once it runs and has drawn a frame, or as it is after `timeoutMs` (the caller checks its state). */
export async function drawing(t: App, who: TestAccount, id: string, timeoutMs = 30_000): Promise<JobView> {
  const get = async () => expectStatus(await as(t.http.get(`/v1/jobs/${id}`), who), 200).body as JobView;
  let job = await get();
  for (const end = Date.now() + timeoutMs; !(job.state === 'running' && job.frames_done > 0) && Date.now() < end; job = await get())
    await new Promise((r) => setTimeout(r, 50));
  return job;
}

/** Temporary files of a test file (kept for a look when VIDEOS_E2E_KEEP is set). */
export function scratch() {
  const dir = mkdtempSync(join(tmpdir(), 'videos-e2e-'));
  const keep = !!process.env.VIDEOS_E2E_KEEP;
  return {
    dir,
    file: (name: string) => join(dir, name),
    remove: () => (keep ? console.log(`videos e2e files kept in ${dir}`) : rmSync(dir, { recursive: true, force: true })),
  };
}

/** Downloads an artifact of a job through its signed URL (no credentials) into `path`. */
export async function download(t: App, url: string, path: string): Promise<Buffer> {
  const u = new URL(url);
  const body = expectStatus(await t.http.get(`${u.pathname}${u.search}`).buffer(true).parse(binary), 200).body as Buffer;
  writeFileSync(path, body);
  return body;
}

export function artifact(job: JobView, role: string) {
  const a = job.artifacts.find((x) => x.role === role);
  expect(a, `${role} in ${JSON.stringify(job.artifacts)}`).toBeTruthy();
  return a!;
}

/** The video stream and audio stream of a probe, with the checks every MP4 must pass (H.264 yuv420p). */
export function checkVideo(p: ProbeResult, want: { width: number; height: number; fps: number; duration: number; codec?: string; audio?: string | null }) {
  const v = p.streams.find((s) => s.codec_type === 'video')!;
  expect(v, JSON.stringify(p)).toBeTruthy();
  expect(v.codec_name).toBe(want.codec ?? 'h264');
  expect(v.pix_fmt).toBe('yuv420p');
  expect([v.width, v.height]).toEqual([want.width, want.height]);
  expect(frameRate(v.r_frame_rate)).toBeCloseTo(want.fps, 3);
  const duration = Number(v.duration ?? p.format.duration);
  expect(Math.abs(duration - want.duration), `duration ${duration} vs ${want.duration}`).toBeLessThanOrEqual(1 / want.fps + 1e-6);
  const a = p.streams.find((s) => s.codec_type === 'audio');
  if (want.audio === undefined || want.audio === null) expect(a).toBeUndefined();
  else expect(a?.codec_name).toBe(want.audio);
  return { video: v, audio: a };
}

export { probeMedia };

/** RMS of the decoded mono audio of `path` over [from, to) seconds. */
export async function rms(path: string, from: number, to: number): Promise<number> {
  const pcm = await runMedia(ffmpegBinary(), [
    '-v',
    'error',
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-i',
    path,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '22050',
    '-f',
    's16le',
    '-',
  ]);
  let sum = 0;
  const n = pcm.length / 2;
  for (let i = 0; i < n; i++) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, n));
}

/** Integrated loudness (LUFS) of the audio of `path`, measured by ffmpeg's ebur128 filter. */
export function integratedLoudness(path: string): number {
  const r = spawnSync(ffmpegBinary(), ['-hide_banner', '-nostats', '-i', path, '-vn', '-af', 'ebur128', '-f', 'null', '-'], { encoding: 'utf8' });
  const m = /Integrated loudness:\s*\n\s*I:\s*(-?[\d.]+) LUFS/.exec(r.stderr);
  if (!m) throw new Error(`no loudness in: ${r.stderr.slice(-500)}`);
  return Number(m[1]);
}
