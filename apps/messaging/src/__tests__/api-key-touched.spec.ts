import { ApiKeyService } from '@platform/auth';
import type { DataSource } from 'typeorm';

/**
 * Issue 39: ApiKeyService remembers when it last recorded each key's use (to write `last_used_at` at most once a
 * minute per key); that map kept every key ever used by the process. It is bounded now.
 */
const TOUCHED_MAX = 10_000;

describe('ApiKeyService: the last-use throttle is bounded', () => {
  const update = jest.fn().mockResolvedValue({ affected: 1 });
  const ds = { getRepository: () => ({ update }) } as unknown as DataSource;
  const svc = new ApiKeyService(ds, { keyPrefix: 'test', defaultScopes: [] } as never);
  const touch = (id: string) => (svc as unknown as { touch(id: string): void }).touch(id);
  const size = () => (svc as unknown as { touched: Map<string, number> }).touched.size;

  afterEach(() => jest.useRealTimers());

  it('writes a key use at most once a minute, and holds at most TOUCHED_MAX keys however many are used', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    touch('key_a');
    touch('key_a');
    expect(update).toHaveBeenCalledTimes(1);
    for (let i = 0; i < TOUCHED_MAX * 2.5; i++) {
      touch(`key_${i}`);
      if (i % 1000 === 0) jest.advanceTimersByTime(5_000);
    }
    expect(size()).toBeLessThanOrEqual(TOUCHED_MAX);
    // A key used a moment ago is still throttled after the sweep.
    update.mockClear();
    touch(`key_${TOUCHED_MAX * 2.5 - 1}`);
    expect(update).not.toHaveBeenCalled();
  });
});
