/**
 * Large buffers kept for the next use on this thread (at most `max`, each at most `maxBytes`): a new
 * multi-megabyte buffer per page is external memory that drives V8 into full collections in render
 * worker threads. Used for the PNG scanlines (`png.ts`) and libdeflate's output (`libdeflate.ts`).
 */
export class SpareBuffers {
  private readonly kept: Buffer[] = [];

  constructor(
    private readonly max = 2,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** `bytes` bytes: a view of a kept buffer large enough, or a new buffer of its own. */
  take(bytes: number): Buffer {
    const i = this.kept.findIndex((b) => b.length >= bytes);
    // allocUnsafeSlow: a buffer of its own, never a slice of Node's shared pool (it is written again later).
    return i >= 0 ? this.kept.splice(i, 1)[0].subarray(0, bytes) : Buffer.allocUnsafeSlow(bytes);
  }

  /** Keeps the whole buffer `view` (from `take`) is part of, once nothing reads or writes it any more. */
  keep(view: Buffer): void {
    const whole = Buffer.from(view.buffer, 0, view.buffer.byteLength);
    if (whole.length <= this.maxBytes && this.kept.length < this.max) this.kept.push(whole);
  }
}
