import { JobHandlers } from './job-handlers';
import type { JobHandler } from './job-types';

const handler = (name: string): JobHandler => ({ kind: 'animate', run: async () => ({ artifacts: [], result: { name } }) });

describe('JobHandlers', () => {
  it('refuses a second handler of one kind instead of replacing the first', () => {
    const h = new JobHandlers();
    h.register(handler('feature'));
    expect(() => h.register(handler('other'))).toThrow(/already registered/);
    expect(h.get('animate')).toBeDefined();
  });

  it("lets a test's override win whether the feature registers before or after it", async () => {
    const before = new JobHandlers();
    before.register(handler('feature'));
    before.override(handler('test'));
    const after = new JobHandlers();
    after.override(handler('test'));
    after.register(handler('feature'));
    for (const h of [before, after]) expect((await h.get('animate')!.run({} as never)).result).toEqual({ name: 'test' });
  });
});
