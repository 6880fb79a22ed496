import { trimDue } from './memory-keeper';

/**
 * Issue 39: under constant renders the process is never idle for MEMORY_TRIM_IDLE_MS, so the idle trim never ran and
 * creative's api grew 13-15% in RSS over a 30-minute soak (native memory kept by glibc's arenas up to trim_threshold).
 */
describe('trimDue', () => {
  const at = (over: Partial<Parameters<typeof trimDue>[0]>) =>
    trimDue({ now: 100_000, active: 0, lastActive: 0, lastTrim: 0, idleMs: 30_000, everyMs: 60_000, ...over });

  it('trims after MEMORY_TRIM_IDLE_MS without work, and again every MEMORY_TRIM_IDLE_MS while idle', () => {
    expect(at({ lastActive: 69_000, lastTrim: 0 })).toBe('idle');
    expect(at({ lastActive: 0, lastTrim: 75_000 })).toBeNull();
    expect(at({ lastActive: 0, lastTrim: 70_000 })).toBe('idle');
  });

  it('trims at most every MEMORY_TRIM_EVERY_MS while renders run without a pause', () => {
    // A render in flight and the last one ended a moment ago: not idle, but a minute has passed since the last trim.
    expect(at({ active: 2, lastActive: 99_000, lastTrim: 40_000 })).toBe('periodic');
    expect(at({ active: 0, lastActive: 99_000, lastTrim: 40_000 })).toBe('periodic');
    expect(at({ active: 2, lastActive: 99_000, lastTrim: 41_000 })).toBeNull();
  });

  it('0 disables either trim', () => {
    expect(at({ active: 1, lastTrim: 0, everyMs: 0 })).toBeNull();
    expect(at({ active: 0, lastActive: 0, lastTrim: 0, idleMs: 0 })).toBe('periodic');
    expect(at({ active: 0, lastActive: 0, lastTrim: 99_000, idleMs: 0 })).toBeNull();
    expect(at({ idleMs: 0, everyMs: 0 })).toBeNull();
  });
});
