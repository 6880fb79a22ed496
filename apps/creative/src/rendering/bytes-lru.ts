/**
 * A least-recently-used cache bounded by the bytes it holds (previews, template thumbnails).
 * An entry larger than a quarter of the budget is not kept: it would push out many small ones.
 */
export class BytesLru<V extends { byteLength: number }> {
  private readonly entries = new Map<string, V>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Most recent last.
    this.entries.delete(key);
    this.entries.set(key, v);
    return v;
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.used -= old.byteLength;
    }
    if (value.byteLength > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.used += value.byteLength;
    for (const [k, v] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= v.byteLength;
    }
  }
}
