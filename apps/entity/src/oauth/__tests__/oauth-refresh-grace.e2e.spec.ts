import { createTestApp, TestApp } from '@platform/testing';
import { loadEntityConfig, type EntityConfig } from '../../config';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

/**
 * Refresh token rotation's reuse grace (OAUTH_REFRESH_REUSE_GRACE_SECONDS, 30 s by default; issue 39): a client whose
 * refresh answer was lost presents the rotated refresh token again, within the grace, and gets a new pair once more
 * instead of losing the grant. Outside the grace, a second time, from another client, or two rotations back: a replay
 * as before (oauth-replay.e2e.spec.ts runs with the grace off).
 */
describe('OAuth refresh: a rotated refresh token presented again within the grace', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let client: { clientId: string; secret: string };
  let other: { clientId: string; secret: string };

  const code = async (c = client) => {
    const res = await authorize(ana, { client_id: c.clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: 'g', response_type: 'code' });
    return callbackParams(res).get('code')!;
  };
  /** A fresh grant: its tokens and its id. */
  const grant = async () => {
    const tokens = (
      await tokenRequest(t, {
        grant_type: 'authorization_code',
        code: await code(),
        redirect_uri: REDIRECT,
        client_id: client.clientId,
        client_secret: client.secret,
      })
    ).body as Record<string, string>;
    const [{ id }] = await ana.browser.sql(t, `SELECT id FROM entity.oauth_grants ORDER BY created_at DESC LIMIT 1`);
    return { tokens, grantId: id as string };
  };
  const refresh = (rt: string, c = client) =>
    tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt, client_id: c.clientId, client_secret: c.secret });
  const messages = (token: string) => t.http.get(`/api/v1/entities/${ana.entityIds[0]}/messages`).set('Authorization', `Bearer ${token}`);
  const revokedAt = async (grantId: string) => (await ana.browser.sql(t, `SELECT revoked_at FROM entity.oauth_grants WHERE id = $1`, [grantId]))[0].revoked_at;
  const expectRevoked = async (grantId: string) => {
    expect(await revokedAt(grantId)).not.toBeNull();
    expect(await ana.browser.sql(t, `SELECT model FROM entity.oidc_payloads WHERE grant_id = $1`, [grantId])).toEqual([]);
  };
  /** The grant's rotated refresh tokens were rotated `seconds` earlier than they were. */
  const age = (grantId: string, seconds: number) =>
    ana.browser.sql(
      t,
      `UPDATE entity.oidc_payloads SET consumed_at = consumed_at - make_interval(secs => $2) WHERE model = 'RefreshToken' AND grant_id = $1 AND consumed_at IS NOT NULL`,
      [grantId, seconds],
    );

  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { AUTH_FAILURES_PER_ADDRESS: '10000' } });
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    const dev = await t.account('dev');
    const c = await registerClient(t, dev.accountId);
    client = { clientId: c.clientId, secret: c.secret! };
    const o = await registerClient(t, dev.accountId);
    other = { clientId: o.clientId, secret: o.secret! };
  });
  afterAll(() => t?.close());

  it('is honoured: 200 with a working pair, the grant alive and refreshing on', async () => {
    const { tokens, grantId } = await grant();
    const lost = await refresh(tokens.refresh_token);
    expect(lost.status).toBe(200);
    const retry = await refresh(tokens.refresh_token);
    expect(retry.status).toBe(200);
    const fresh = retry.body as Record<string, string>;
    expect(fresh.refresh_token).not.toBe(lost.body.refresh_token);
    expect((await messages(fresh.access_token)).status).toBe(200);
    expect(await revokedAt(grantId)).toBeNull();
    // The lost answer's access token lives until it expires (documented); the grant goes on from the retry's pair.
    expect((await messages(lost.body.access_token as string)).status).toBe(200);
    const next = await refresh(fresh.refresh_token);
    expect(next.status).toBe(200);
    expect((await messages(next.body.access_token as string)).status).toBe(200);
    expect(await revokedAt(grantId)).toBeNull();
  });

  it('is honoured once: the same token a third time is a replay that revokes the grant', async () => {
    const { tokens, grantId } = await grant();
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const retry = await refresh(tokens.refresh_token);
    expect(retry.status).toBe(200);
    const again = await refresh(tokens.refresh_token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    await expectRevoked(grantId);
    expect((await messages(retry.body.access_token as string)).status).toBe(401);
    expect((await refresh(retry.body.refresh_token as string)).body.error).toBe('invalid_grant');
  });

  it("leaves the lost answer's refresh token valid (a slow answer the client gave up on may be the one it holds)", async () => {
    const { tokens, grantId } = await grant();
    const lost = (await refresh(tokens.refresh_token)).body as Record<string, string>;
    const retry = (await refresh(tokens.refresh_token)).body as Record<string, string>;
    const fromLost = await refresh(lost.refresh_token);
    expect(fromLost.status).toBe(200);
    expect((await messages(fromLost.body.access_token as string)).status).toBe(200);
    const fromRetry = await refresh(retry.refresh_token);
    expect(fromRetry.status).toBe(200);
    expect(await revokedAt(grantId)).toBeNull();
    // Either chain replayed after its grace revokes the whole grant.
    await age(grantId, 31);
    expect((await refresh(lost.refresh_token)).body.error).toBe('invalid_grant');
    await expectRevoked(grantId);
    expect((await messages(fromRetry.body.access_token as string)).status).toBe(401);
  });

  it('is honoured when the lost answer never stored its refresh token (the process died between the two writes)', async () => {
    const { tokens, grantId } = await grant();
    const lost = (await refresh(tokens.refresh_token)).body as Record<string, string>;
    await ana.browser.sql(t, `DELETE FROM entity.oidc_payloads WHERE model = 'RefreshToken' AND grant_id = $1 AND consumed_at IS NULL`, [grantId]);
    expect((await refresh(lost.refresh_token)).body.error).toBe('invalid_grant');
    const retry = await refresh(tokens.refresh_token);
    expect(retry.status).toBe(200);
    expect((await messages(retry.body.access_token as string)).status).toBe(200);
    expect(await revokedAt(grantId)).toBeNull();
  });

  it('a token two rotations back is a replay, within the grace too', async () => {
    const { tokens, grantId } = await grant();
    const second = (await refresh(tokens.refresh_token)).body as Record<string, string>;
    const third = await refresh(second.refresh_token);
    expect(third.status).toBe(200);
    const old = await refresh(tokens.refresh_token);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('invalid_grant');
    await expectRevoked(grantId);
    expect((await messages(third.body.access_token as string)).status).toBe(401);
  });

  it('after the grace, a reuse is a replay: 400 invalid_grant and every token of the grant refused', async () => {
    const { tokens, grantId } = await grant();
    const rotated = (await refresh(tokens.refresh_token)).body as Record<string, string>;
    await age(grantId, 31);
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    await expectRevoked(grantId);
    expect((await messages(rotated.access_token)).status).toBe(401);
    expect((await refresh(rotated.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('another client presenting it is refused (invalid_grant); the client it belongs to still gets its retry', async () => {
    const { tokens, grantId } = await grant();
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const stranger = await refresh(tokens.refresh_token, other);
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe('invalid_grant');
    const retry = await refresh(tokens.refresh_token);
    expect(retry.status).toBe(200);
    expect((await messages(retry.body.access_token as string)).status).toBe(200);
    expect(await revokedAt(grantId)).toBeNull();
  });
});

describe('OAuth refresh: the grace is bounded by OAUTH_REFRESH_REUSE_GRACE_SECONDS', () => {
  it('is 30 s by default, 0..300 whole seconds, anything else refused at start', () => {
    expect(loadEntityConfig({}).oauth.refreshReuseGraceSeconds).toBe(30);
    expect(loadEntityConfig({ OAUTH_REFRESH_REUSE_GRACE_SECONDS: '0' }).oauth.refreshReuseGraceSeconds).toBe(0);
    for (const value of ['-1', '301', '2.5', 'soon']) {
      expect(() => loadEntityConfig({ OAUTH_REFRESH_REUSE_GRACE_SECONDS: value })).toThrow(/OAUTH_REFRESH_REUSE_GRACE_SECONDS/);
    }
  });
});
