import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { libdeflate } from '../render/libdeflate';

/** Bytes with some structure (compressible, not trivially). */
function sample(n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = ((i * 2654435761) >>> 27) ^ (i >> 10);
  return b;
}

describe('libdeflate', () => {
  it('writes zlib streams that zlib inflates, at every level, from the main thread and in a worker', async () => {
    const ld = libdeflate()!;
    expect(ld).toBeDefined();
    const data = sample(300_000);
    for (const level of [0, 1, 3, 6, 9, 12]) {
      const stream = await ld.zlib(data, level, (s) => Buffer.from(s));
      expect(zlib.inflateSync(stream).equals(data), `level ${level}`).toBe(true);
    }
    // Calls in flight together: each gets its own compressor and output buffer.
    const inputs = [1, 50_000, 2_000_000, 7, 300_000].map(sample);
    const outs = await Promise.all(inputs.map((d, i) => ld.zlib(d, 1 + (i % 4), (s) => Buffer.from(s))));
    outs.forEach((o, i) => expect(zlib.inflateSync(o).equals(inputs[i])).toBe(true));
    // The trial's size: the raw DEFLATE inside the zlib stream (2-byte header, 4-byte Adler-32).
    expect(ld.deflatedSize(data, 1)).toBe((await ld.zlib(data, 1, (s) => s.length)) - 6);
  });

  it('keeps the buffers of calls in flight from the garbage collector (koffi does not hold them)', async () => {
    const ld = libdeflate()!;
    const sizes = [3_000_000, 1_000_000, 2_000_000, 500_000];
    for (let round = 0; round < 5; round++) {
      // The inputs are made in the call: nothing but the module refers to them while they are deflated.
      const pending = sizes.map((n) => ld.zlib(sample(n), 6, (s) => zlib.inflateSync(s)));
      // Garbage meanwhile, external memory above all, which sets off collections.
      let junk: Buffer[] = [];
      for (let k = 0; k < 60; k++) {
        junk.push(Buffer.alloc(4 << 20, k));
        if (junk.length > 4) junk = [];
        await new Promise((r) => setImmediate(r));
      }
      const results = await Promise.all(pending);
      results.forEach((r, i) => expect(r.equals(sample(sizes[i])), `round ${round}, input ${i}`).toBe(true));
    }
  });

  it('survives worker threads terminated in the middle of deflating (render timeouts replace workers)', async () => {
    // The module as a worker loads it: bundled from the sources (koffi stays a package, so the bundle lives in the
    // repository's git-ignored tmp/, where node_modules resolves).
    const root = join(__dirname, '../../../..');
    mkdirSync(join(root, 'tmp'), { recursive: true });
    const dir = mkdtempSync(join(root, 'tmp', 'libdeflate-spec-'));
    try {
      const esbuild = require('esbuild') as typeof import('esbuild');
      const file = join(dir, 'libdeflate.js');
      esbuild.buildSync({
        entryPoints: [join(__dirname, '../render/libdeflate.ts')],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        packages: 'external',
        outfile: file,
        logLevel: 'silent',
      });
      const code = `
        const { parentPort } = require('node:worker_threads');
        const zlib = require('node:zlib');
        const ld = require(${JSON.stringify(file)}).libdeflate();
        const data = Buffer.alloc(6_000_000);
        for (let i = 0; i < data.length; i++) data[i] = ((i * 2654435761) >>> 27) ^ (i >> 10);
        let first = true;
        const loop = () => ld.zlib(data, 6, (s) => {
          if (first) parentPort.postMessage(zlib.inflateSync(s).equals(data));
          first = false;
        }).then(() => setImmediate(loop));
        // Two at a time, as a worker with a render and a poster would.
        loop();
        loop();`;
      let valid = 0;
      for (let k = 0; k < 30; k++) {
        const w = new Worker(code, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } });
        const ok = await new Promise<boolean>((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        });
        if (ok) valid++;
        // Somewhere inside the next deflate (one takes ~20-60 ms here).
        await new Promise((r) => setTimeout(r, 3 + ((k * 7) % 40)));
        await w.terminate();
      }
      expect(valid).toBe(30);
      // Still alive: this process goes on (a crash would have ended the test run).
      expect(zlib.inflateSync(await libdeflate()!.zlib(sample(1000), 1, (s) => Buffer.from(s))).length).toBe(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
