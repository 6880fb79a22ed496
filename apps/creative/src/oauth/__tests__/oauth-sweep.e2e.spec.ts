import { createTestApp, type TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/** The service deletes the provider's expired rows by itself (OAUTH_SWEEP_INTERVAL_MS), keeping live and non-expiring ones. */
describe('creative: expired OAuth payloads are swept', () => {
  let t: TestApp<CreativeConfig>;
  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { OAUTH_SWEEP_INTERVAL_MS: '100' } });
  });
  afterAll(() => t?.close());

  it('removes an expired row within a few intervals; a live row and a row without expiry stay', async () => {
    const ds = t.app.get(DataSource);
    await ds.query(
      `INSERT INTO creative.oidc_payloads (model, id, payload, expires_at) VALUES
        ('AccessToken', 'expired', '{}', now() - interval '1 hour'),
        ('AccessToken', 'live', '{}', now() + interval '1 hour'),
        ('Client', 'forever', '{}', NULL)`,
    );
    const ids = async () =>
      (await ds.query(`SELECT id FROM creative.oidc_payloads WHERE id IN ('expired', 'live', 'forever') ORDER BY id`)).map((r: { id: string }) => r.id);
    const until = Date.now() + 10_000;
    while ((await ids()).includes('expired') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await ids()).toEqual(['forever', 'live']);
  });
});
