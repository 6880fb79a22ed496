import { createTestApp, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

/**
 * RFC 6749 10.5 and RFC 9700: a second redemption of one authorization code or refresh token
 * revokes the grant and every token of it, whether it comes after the first or at the same time
 * (then the adapter's conditional consume() is what notices). With OAUTH_REFRESH_REUSE_GRACE_SECONDS=0: every reuse
 * of a refresh token is a replay, as before the grace (oauth-refresh-grace.e2e.spec.ts tests the grace).
 */
describe('OAuth replays revoke the grant', () => {
  const ROUNDS = 12;
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let client: { clientId: string; secret: string };

  const code = async () => {
    const res = await authorize(ana, { client_id: client.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'r', response_type: 'code' });
    return callbackParams(res).get('code')!;
  };
  const exchange = (c: string) =>
    tokenRequest(t, { grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: client.clientId, client_secret: client.secret });
  const refresh = (rt: string) => tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt, client_id: client.clientId, client_secret: client.secret });
  const messages = (token: string) => t.http.get(`/api/v1/entities/${ana.entityIds[0]}/messages`).set('Authorization', `Bearer ${token}`);
  /** The grant the last authorization made (each round authorizes anew, one after the other). */
  const latestGrant = async (): Promise<string> => (await ana.browser.sql(t, `SELECT id FROM entity.oauth_grants ORDER BY created_at DESC LIMIT 1`))[0].id;
  /** The grant is marked revoked and nothing of it is left to find. */
  const expectRevoked = async (grantId: string) => {
    const [grant] = await ana.browser.sql(t, `SELECT revoked_at FROM entity.oauth_grants WHERE id = $1`, [grantId]);
    expect(grant.revoked_at).not.toBeNull();
    const left = await ana.browser.sql(t, `SELECT model FROM entity.oidc_payloads WHERE grant_id = $1`, [grantId]);
    expect(left).toEqual([]);
  };

  beforeAll(async () => {
    // Every round presents revoked tokens (distinct failed credentials) from one address: far more than the
    // failed-credential throttle allows in ten minutes, which this file does not test.
    t = await createTestApp(entityService, { env: { AUTH_FAILURES_PER_ADDRESS: '10000', OAUTH_REFRESH_REUSE_GRACE_SECONDS: '0' } });
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const dev = await t.account('dev');
    const c = await registerClient(t, dev.accountId);
    client = { clientId: c.clientId, secret: c.secret! };
  });
  afterAll(() => t?.close());

  it('a code replayed after its redemption revokes the tokens it produced at once', async () => {
    const c = await code();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    const grantId = await latestGrant();
    expect((await messages(first.body.access_token as string)).status).toBe(200);
    const replay = await exchange(c);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    await expectRevoked(grantId);
    expect((await messages(first.body.access_token as string)).status).toBe(401);
    expect((await refresh(first.body.refresh_token as string)).body.error).toBe('invalid_grant');
  });

  it(`parallel redemptions of one code: one answer carries tokens, and they are revoked (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const c = await code();
      const results = await Promise.all(Array.from({ length: 2 + (round % 3) }, () => exchange(c)));
      const won = results.filter((r) => r.status === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error, `round ${round}`).toBe('invalid_grant');
      const tokens = won[0].body as Record<string, string>;
      expect((await messages(tokens.access_token)).status, `round ${round}: the winner's access token`).toBe(401);
      expect((await refresh(tokens.refresh_token)).body.error, `round ${round}: the winner's refresh token`).toBe('invalid_grant');
      await expectRevoked(await latestGrant());
    }
  });

  it('a refresh token replayed after its rotation revokes the whole grant at once', async () => {
    const tokens = (await exchange(await code())).body as Record<string, string>;
    const grantId = await latestGrant();
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.body.error).toBe('invalid_grant');
    await expectRevoked(grantId);
    expect((await messages(rotated.body.access_token as string)).status).toBe(401);
    expect((await refresh(rotated.body.refresh_token as string)).body.error).toBe('invalid_grant');
  });

  it(`parallel refreshes with one refresh token: one answer carries tokens, and the grant is revoked (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const tokens = (await exchange(await code())).body as Record<string, string>;
      const grantId = await latestGrant();
      const results = await Promise.all(Array.from({ length: 2 + (round % 3) }, () => refresh(tokens.refresh_token)));
      const won = results.filter((r) => r.status === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.error, `round ${round}`).toBe('invalid_grant');
      const fresh = won[0].body as Record<string, string>;
      expect((await messages(fresh.access_token)).status, `round ${round}: the winner's access token`).toBe(401);
      expect((await messages(tokens.access_token)).status, `round ${round}: the first access token`).toBe(401);
      expect((await refresh(fresh.refresh_token)).body.error, `round ${round}: the winner's refresh token`).toBe('invalid_grant');
      await expectRevoked(grantId);
    }
  });

  it('a single redemption and a single refresh revoke nothing', async () => {
    const tokens = (await exchange(await code())).body as Record<string, string>;
    const grantId = await latestGrant();
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    expect((await messages(rotated.body.access_token as string)).status).toBe(200);
    const [grant] = await ana.browser.sql(t, `SELECT revoked_at FROM entity.oauth_grants WHERE id = $1`, [grantId]);
    expect(grant.revoked_at).toBeNull();
  });
});
