/**
 * libdeflate (Eric Biggers' whole-buffer DEFLATE library: https://github.com/ebiggers/libdeflate) as
 * the system's shared library (Debian's `libdeflate0`, which libtiff depends on: part of the base
 * image of the machines this project runs on), called through koffi (an FFI whose native part comes
 * prebuilt in its npm packages: nothing is compiled at install). There is no maintained Node binding
 * with native code (the `libdeflate` npm package is WebAssembly and no faster than node's zlib), and
 * node's zlib cannot match it: libdeflate writes the bytes zlib 4 wrote at level 3 in markedly less
 * CPU (`png.ts`; figures in docs/performance.md and the `tools/bench/creative` README).
 *
 * When the library cannot be loaded (another OS, no `libdeflate0`) or `CREATIVE_IR_DEFLATE=zlib`, this
 * module answers `undefined` and PNGs are written with node's zlib as before: the same pixels, other
 * bytes.
 *
 * libdeflate compresses a whole buffer into one stream (no flush points, no preset dictionary), so
 * it replaces zlib for whole pages, not for the banded and run-split encoding of `encodeRgbPng`.
 *
 * Compressions run on libuv's thread pool (koffi's asynchronous calls, napi async work), like node's
 * zlib, so the calling thread goes on with the next render. koffi passes a Buffer's memory as it is
 * and does not hold the Buffer during an asynchronous call: if nothing else did, the garbage
 * collector could free it while libdeflate writes into it (a segmentation fault within seconds
 * under allocation pressure, seen with a bare koffi call). Here `inFlight` (and the completion
 * callback, which koffi does hold) refer to both buffers until the call completes. A worker
 * thread terminated meanwhile (a render past its time budget) is safe: node waits for napi async
 * work before it tears the worker's environment down (`libdeflate.spec.ts` does both).
 */
import type * as Koffi from 'koffi';
import { SpareBuffers } from './spare-buffers';

/** Opaque `struct libdeflate_compressor *`. */
type Compressor = unknown;

interface Binding {
  alloc: (level: number) => Compressor;
  free: (c: Compressor) => void;
  bound: (c: Compressor, n: number) => number;
  compress: Koffi.KoffiFunc<(c: Compressor, data: Uint8Array, n: number, out: Uint8Array, outN: number) => number>;
}

/** Shared-library names tried in order (Linux, then macOS). */
const NAMES = ['libdeflate.so.0', 'libdeflate.so', 'libdeflate.0.dylib', 'libdeflate.dylib'];

let binding: Binding | null | undefined;

function load(): Binding | null {
  if ((process.env.CREATIVE_IR_DEFLATE ?? '').toLowerCase() === 'zlib') return null;
  let koffi: typeof Koffi;
  try {
    // optional at run time: absent or unloadable means node's zlib
    koffi = require('koffi');
  } catch {
    return null;
  }
  for (const name of NAMES) {
    try {
      const lib = koffi.load(name);
      return {
        alloc: lib.func('void *libdeflate_alloc_compressor(int compression_level)'),
        free: lib.func('void libdeflate_free_compressor(void *compressor)'),
        bound: lib.func('size_t libdeflate_zlib_compress_bound(void *compressor, size_t in_nbytes)'),
        compress: lib.func('size_t libdeflate_zlib_compress(void *compressor, const uint8_t *in, size_t in_nbytes, uint8_t *out, size_t out_nbytes_avail)'),
      } as Binding;
    } catch {
      // not this name
    }
  }
  return null;
}

/**
 * Compressors kept per level for the next call of this thread. One compressor serves one call at a
 * time (it holds the match finder's tables, ~0.3–1 MB); calls in flight together get one each.
 */
const idle = new Map<number, Compressor[]>();
const IDLE_PER_LEVEL = 4;

/** The input and output of every asynchronous call in flight, so that neither is collected meanwhile. */
const inFlight = new Set<{ data: Uint8Array; out: Buffer }>();

/** Output buffers kept for the next call, as `png.ts` keeps its scanline buffers. */
const spareOut = new SpareBuffers();

export interface Libdeflate {
  /**
   * Compresses `data` into a zlib stream (2-byte header, DEFLATE at `level` 0..12, Adler-32) on
   * libuv's thread pool, and hands it to `use`: the view is valid only until `use` returns (its
   * memory is reused by the next call). `data` must not change until the promise settles.
   */
  zlib<T>(data: Uint8Array, level: number, use: (stream: Buffer) => T): Promise<T>;
  /** The size of `data` deflated at `level` (raw DEFLATE), on this thread: for small trial compressions. */
  deflatedSize(data: Uint8Array, level: number): number;
}

/** A compressor of this level, idle, or a new one. */
function take(b: Binding, level: number): { c: Compressor; release: () => void } {
  const pool = idle.get(level) ?? idle.set(level, []).get(level)!;
  const c = pool.pop() ?? b.alloc(level);
  if (!c) throw new Error(`libdeflate: no compressor for level ${level}`);
  return { c, release: () => (pool.length < IDLE_PER_LEVEL ? pool.push(c) : b.free(c)) };
}

/** libdeflate's result: 0 means the output did not fit, which the bound given to it rules out. */
function compressed(n: number): number {
  if (!n) throw new Error('libdeflate: compressed data larger than its bound');
  return n;
}

const api: Libdeflate = {
  zlib<T>(data: Uint8Array, level: number, use: (stream: Buffer) => T): Promise<T> {
    const b = binding as Binding;
    let compressor: ReturnType<typeof take>;
    try {
      compressor = take(b, level);
    } catch (e) {
      return Promise.reject(e);
    }
    const out = spareOut.take(b.bound(compressor.c, data.length));
    const call = { data, out };
    inFlight.add(call);
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        inFlight.delete(call);
        compressor.release();
        spareOut.keep(out);
      };
      try {
        b.compress.async(compressor.c, data, data.length, out, out.length, complete);
      } catch (e) {
        // koffi refuses a call past `max_async_calls` (256 queued).
        settle();
        reject(e);
      }
      function complete(err: unknown, n: number) {
        try {
          if (err) throw err;
          resolve(use(out.subarray(0, compressed(n))));
        } catch (e) {
          reject(e);
        } finally {
          settle();
        }
      }
    });
  },
  deflatedSize(data: Uint8Array, level: number): number {
    const b = binding as Binding;
    const { c, release } = take(b, level);
    const out = spareOut.take(b.bound(c, data.length));
    try {
      // The zlib wrapper's 2-byte header and 4-byte Adler-32 are the same either way.
      return compressed(b.compress(c, data, data.length, out, out.length)) - 6;
    } finally {
      release();
      spareOut.keep(out);
    }
  },
};

/** libdeflate when the shared library loads (once per thread), else `undefined` (then use node's zlib). */
export function libdeflate(): Libdeflate | undefined {
  if (binding === undefined) binding = load();
  return binding ? api : undefined;
}
