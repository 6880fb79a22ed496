import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('an asset transform past TRANSFORM_TIMEOUT_MS', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { TRANSFORM_TIMEOUT_MS: '1000' } });
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('answers 504 transform_timeout within seconds, stores nothing, charges nothing, and its work stops', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const source = expectStatus(await as(t.http.post('/v1/assets').attach('file', png, 'small.png'), alice), 200).body;
    const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
    const before = await balance();
    // 48 Mpx blurred six times at sigma 100: a minute or more of CPU.
    const operations = [{ type: 'resize', width: 8000, height: 6000, fit: 'fill' }, ...Array.from({ length: 6 }, () => ({ type: 'blur', sigma: 100 }))];
    const t0 = performance.now();
    const res = await as(t.http.post(`/v1/assets/${source.id}/transform`).send({ operations, output_format: 'png' }), alice);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ detail: expect.stringContaining('1000 ms (TRANSFORM_TIMEOUT_MS)'), code: 'transform_timeout' });
    // Far below the minute the work takes: the 1 s budget cut it. 20 s, not 6: under load (a CI run beside a chaos soak,
    // 2026-11-28) the 504 came after 8.9 s; the check that the work then stops (below) is unchanged.
    expect(performance.now() - t0).toBeLessThan(20_000);
    const cpu0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 1500));
    const cpu = process.cpuUsage(cpu0);
    expect((cpu.user + cpu.system) / 1e6).toBeLessThan(0.25);
    expect(await balance()).toBe(before);
    const list = expectStatus(await as(t.http.get('/v1/assets'), alice), 200).body;
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([source.id]);
  }, 60_000);
});
