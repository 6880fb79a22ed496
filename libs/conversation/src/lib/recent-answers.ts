/**
 * Recent answers of a pure function of a text (facts of extractFacts and extractStatements, corrections of
 * findCorrections, terms of termsOf): the built-in engine reads the whole recent history again on every turn, so most
 * of a turn's messages were read on the turn before. Least recently used first, bounded in entries and in bytes so the
 * process's heap levels off whatever the traffic (issue 39: every message of a soak carries new text, and with up to
 * 3,000 characters of key an entry can weigh ~10 KB, so an entry bound alone was no bound on memory). Bytes count the
 * key and the answer's strings as UTF-16 plus a fixed cost per object: an estimate of V8's sizes, not a measurement.
 * Each answer is handed out as a copy, so a caller's changes never reach the cache.
 */
export class RecentAnswers<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly copy: (value: T) => T,
  ) {}

  /** What `compute` gives for `key`, computed now unless recent. */
  get(key: string, compute: () => T): T {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
    } else {
      const value = compute();
      entry = { value, bytes: 96 + 2 * key.length + bytesOf(value) };
      this.bytes += entry.bytes;
      // Least recently used first: drop the oldest until both bounds hold with the new entry.
      while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.bytes > this.maxBytes)) {
        const [oldest, old] = this.entries.entries().next().value as [string, { value: T; bytes: number }];
        this.entries.delete(oldest);
        this.bytes -= old.bytes;
      }
    }
    this.entries.set(key, entry);
    return this.copy(entry.value);
  }

  /** Its size now (for tests and measurements): entries and estimated bytes, and its bounds. */
  stats(): { entries: number; bytes: number; maxEntries: number; maxBytes: number } {
    return { entries: this.entries.size, bytes: this.bytes, maxEntries: this.maxEntries, maxBytes: this.maxBytes };
  }
}

/** A list of flat objects, each copied. */
export function copyList<T extends object>(list: T[]): T[] {
  return list.map((x) => ({ ...x }));
}

/** An object of string arrays (and strings), each array copied. */
export function copyArrays<T extends object>(value: T): T {
  const out = { ...value } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (Array.isArray(v)) out[k] = [...v];
  return out as T;
}

/** The estimated bytes of a value: its strings as UTF-16, 40 bytes an object or array. */
function bytesOf(value: unknown): number {
  if (typeof value === 'string') return 2 * value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + bytesOf(v), 40);
  if (value && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + bytesOf(v), 40);
  return 8;
}
