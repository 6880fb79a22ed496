import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IrDocument, IrNode } from '@platform/creative-ir';
import { ffmpegBinary, runMedia } from '../ffmpeg';

export async function workDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'creative-video-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** For a spec file: `dir()` makes a scratch directory that is removed after the test that made it. */
export function scratchDirs(): () => Promise<string> {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanup.map((f) => f()));
    cleanup = [];
  });
  return async () => {
    const w = await workDir();
    cleanup.push(w.remove);
    return w.dir;
  };
}

/** Frame `n` of a video as rgb24 bytes (decoded by ffmpeg). */
export async function frameAt(path: string, n: number): Promise<Buffer> {
  return runMedia(ffmpegBinary(), [
    '-v',
    'error',
    '-i',
    path,
    '-vf',
    `select=eq(n\\,${n})`,
    '-vsync',
    '0',
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
}

/** Count of decoded frames of a video's first video stream. */
export async function countFrames(path: string): Promise<number> {
  const out = await runMedia(ffmpegBinary(), ['-v', 'error', '-i', path, '-map', '0:v:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  return out.length;
}

/** Mean absolute difference of two rgb24 frames (0..255). */
export function meanDiff(a: Buffer, b: Buffer): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length;
}

/** The rgb24 pixel at (x, y). */
export function pixel(frame: Buffer, width: number, x: number, y: number): [number, number, number] {
  const i = (y * width + x) * 3;
  return [frame[i], frame[i + 1], frame[i + 2]];
}

/** Mean color of a box. */
export function meanColor(frame: Buffer, width: number, x0: number, y0: number, x1: number, y1: number): [number, number, number] {
  const s = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const p = pixel(frame, width, x, y);
      s[0] += p[0];
      s[1] += p[1];
      s[2] += p[2];
      n++;
    }
  return s.map((v) => v / n) as [number, number, number];
}

/** Top-level MP4 box types in file order. */
export async function mp4Boxes(path: string): Promise<string[]> {
  const b = await readFile(path);
  const out: string[] = [];
  let off = 0;
  while (off + 8 <= b.length) {
    let size = b.readUInt32BE(off);
    const type = b.toString('latin1', off + 4, off + 8);
    if (size === 1) size = Number(b.readBigUInt64BE(off + 8));
    if (size === 0) size = b.length - off;
    out.push(type);
    if (size < 8) break;
    off += size;
  }
  return out;
}

/** Width and height of a PNG file (IHDR). */
export async function pngSize(path: string): Promise<{ width: number; height: number }> {
  const b = await readFile(path);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** A page of one color with rectangles on it. */
export function flatDoc(width: number, height: number, background: string, children: IrNode[] = []): IrDocument {
  return { version: 1, width, height, background, root: { type: 'frame', id: 'root', width, height, clipContent: true, children } };
}

/** A checkerboard-ish page with a gradient, so any movement changes pixels. */
export function texturedDoc(width: number, height: number): IrDocument {
  const children: IrNode[] = [];
  const n = 6;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      if ((i + j) % 2 === 0)
        children.push({
          type: 'rect',
          id: `c${i}-${j}`,
          x: (i * width) / n,
          y: (j * height) / n,
          width: width / n,
          height: height / n,
          fills: [{ type: 'solid', color: i % 3 === 0 ? '#ff3366' : j % 2 ? '#22aaff' : '#ffd200' }],
        });
  return {
    version: 1,
    width,
    height,
    background: '#ffffff',
    root: {
      type: 'frame',
      id: 'root',
      width,
      height,
      clipContent: true,
      fills: [
        {
          type: 'linear-gradient',
          angle: 45,
          stops: [
            { offset: 0, color: '#10243e' },
            { offset: 1, color: '#4b9c7a' },
          ],
        },
      ],
      children,
    },
  };
}
