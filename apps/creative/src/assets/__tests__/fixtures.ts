import { bundledFontFile } from '@platform/creative-ir';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import subsetFont from 'subset-font';

/**
 * A picture with structure (sky gradient, a sun, hills, a bright red "subject" right of center,
 * text) so crops, smart crops and watermarks can be checked by eye and by pixels.
 */
export function sceneSvg(width = 1200, height = 800): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#93c5fd"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="220" cy="180" r="90" fill="#fde047"/>
  <path d="M0 560 Q 300 420 600 560 T 1200 540 V 800 H 0 Z" fill="#166534"/>
  <circle cx="860" cy="430" r="120" fill="#dc2626"/><circle cx="820" cy="400" r="18" fill="#fff"/><circle cx="900" cy="400" r="18" fill="#fff"/>
  <text x="60" y="760" font-size="48" font-family="sans-serif" fill="#fff">scene</text>
</svg>`;
}

export interface Fixtures {
  png: Buffer;
  jpeg: Buffer;
  webp: Buffer;
  avif: Buffer;
  gif: Buffer;
  tiff: Buffer;
  svg: Buffer;
  /** A 200 x 80 logo with transparency, for overlays. */
  logo: Buffer;
  ttf: Buffer;
  otf: Buffer;
  woff: Buffer;
  woff2: Buffer;
  mp3: Buffer;
  wav: Buffer;
  ogg: Buffer;
  m4a: Buffer;
  aac: Buffer;
  flac: Buffer;
  /** 3 s of WAV (for duration limits). */
  wavLong: Buffer;
  /** An MP4 with a video track (not audio). */
  mp4Video: Buffer;
}

function ffmpegPath(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

function audio(dir: string, name: string, args: string[], seconds = 1): Buffer {
  const out = join(dir, name);
  execFileSync(ffmpegPath(), ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...args, '-y', out]);
  return readFileSync(out);
}

/** Every accepted file type, made here from scratch (and the bundled Inter font). */
export async function makeFixtures(): Promise<Fixtures> {
  const scene = sharp(Buffer.from(sceneSvg()));
  const png = await scene.clone().png().toBuffer();
  const logoSvg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect x="4" y="4" width="192" height="72" rx="16" fill="#111827" fill-opacity="0.9"/><text x="100" y="54" font-size="40" text-anchor="middle" font-family="sans-serif" fill="#f59e0b">LOGO</text></svg>';
  const ttf = readFileSync(bundledFontFile('Inter', 700)!.path);
  const dir = mkdtempSync(join(tmpdir(), 'creative-audio-'));
  try {
    return {
      png,
      jpeg: await scene.clone().jpeg({ quality: 90 }).toBuffer(),
      webp: await scene.clone().webp().toBuffer(),
      avif: await sharp(png).resize(300).avif({ quality: 50, effort: 0 }).toBuffer(),
      gif: await sharp(png).resize(300).gif().toBuffer(),
      tiff: await sharp(png).resize(300).tiff().toBuffer(),
      svg: Buffer.from(sceneSvg(600, 400)),
      logo: await sharp(Buffer.from(logoSvg)).png().toBuffer(),
      ttf,
      otf: readFileSync(join(__dirname, 'fixtures', 'noto-sans-subset.otf')),
      woff: await subsetFont(ttf, 'Hello World', { targetFormat: 'woff' }),
      woff2: await subsetFont(ttf, 'Hello World', { targetFormat: 'woff2' }),
      mp3: audio(dir, 'a.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']),
      wav: audio(dir, 'a.wav', ['-ac', '2', '-ar', '22050']),
      ogg: audio(dir, 'a.ogg', ['-c:a', 'libopus', '-b:a', '32k']),
      m4a: audio(dir, 'a.m4a', ['-c:a', 'aac', '-b:a', '64k']),
      aac: audio(dir, 'a.aac', ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts']),
      flac: audio(dir, 'a.flac', ['-c:a', 'flac']),
      wavLong: audio(dir, 'long.wav', ['-ar', '8000'], 3),
      mp4Video: (() => {
        const out = join(dir, 'v.mp4');
        execFileSync(ffmpegPath(), [
          '-v',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=64x64:rate=5:duration=1',
          '-f',
          'lavfi',
          '-i',
          'sine=duration=1',
          '-c:v',
          'libx264',
          '-c:a',
          'aac',
          '-shortest',
          '-y',
          out,
        ]);
        return readFileSync(out);
      })(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A PNG "decompression bomb": a few KB that would decode to `side` x `side` pixels (a real,
 * valid zlib stream of zero rows, 1-bit gray).
 */
export function pngBomb(side = 20_000): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // gray
  const row = Math.ceil(side / 8) + 1;
  const idat = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
