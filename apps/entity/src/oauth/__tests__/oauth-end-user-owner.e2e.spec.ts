import { ApiKeyService } from '@platform/auth';
import { createTestApp, expectStatus, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../../config';
import { KNOWN_SCOPES } from '../../entities/scopes';
import { EndUserOwner1795737600000 } from '../../migrations/1795737600000-end-user-owner';
import { entityService } from '../../service';
import { authorize, callbackParams, Person, REDIRECT, registerClient, signUp, tokenRequest } from './harness';

type Turn = { id: string; message: string; response: string; end_user_id: string | null; client_id: string | null };

/**
 * End users and their memory belong to the credential that brought them: two OAuth applications
 * linked to the same entity never see (or speak as) each other's end users, nor the owner's; the
 * owner's API key sees all of them.
 */
describe('OAuth clients see only their own end users and conversations', () => {
  let t: TestApp<EntityConfig>;
  let ana: Person;
  let entityId: string;
  let ownerKey: string;
  const app: Record<'a' | 'b', { clientId: string; token: string }> = {} as never;

  const as = (credential: string) => ({ Authorization: `Bearer ${credential}` });
  const say = (credential: string, message: string, endUserId?: string) =>
    t.http
      .post(`/api/v1/entities/${entityId}/messages`)
      .set(as(credential))
      .send({ message, ...(endUserId ? { end_user_id: endUserId } : {}) });
  const reply = async (credential: string, message: string, endUserId?: string): Promise<Turn> =>
    expectStatus(await say(credential, message, endUserId), 200).body.interaction;
  const history = async (credential: string, query = ''): Promise<Turn[]> =>
    expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages${query}`).set(as(credential)), 200).body.data;
  const memory = (credential: string, endUserId: string, query = '') =>
    t.http.get(`/api/v1/entities/${entityId}/end-users/${endUserId}/memory${query}`).set(as(credential));
  const forget = (credential: string, endUserId: string, query = '') =>
    t.http.delete(`/api/v1/entities/${entityId}/end-users/${endUserId}/memory${query}`).set(as(credential));
  const notFound = (res: { status: number; body: unknown }, code: string) => {
    expect(res.status).toBe(404);
    expect(Object.keys(res.body as object).sort()).toEqual(['code', 'error', 'ok']);
    expect(res.body).toMatchObject({ ok: false, code });
    expect(JSON.stringify(res.body)).not.toMatch(/424242|Ana|forbidden/i);
  };

  beforeAll(async () => {
    t = await createTestApp(entityService);
    ana = await signUp(t, 'ana@example.com', ['Lia']);
    entityId = ana.entityIds[0];
    ownerKey = (await t.app.get(ApiKeyService).createKey(ana.accountId, { name: 'owner', scopes: KNOWN_SCOPES })).key;
    const dev = await t.account('dev');
    for (const name of ['a', 'b'] as const) {
      const { clientId, secret } = await registerClient(t, dev.accountId);
      const res = await authorize(ana, { client_id: clientId, redirect_uri: REDIRECT, scope: 'entity:chat', state: name, response_type: 'code' });
      const code = callbackParams(res).get('code')!;
      const tokens = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, client_secret: secret! });
      app[name] = { clientId, token: tokens.body.access_token as string };
    }
    // App A's end user tells the entity their order number; the owner talks to the entity too.
    await reply(app.a.token, 'Hi, I am Ana. My order number is 424242.', 'user-1');
    await reply(app.a.token, 'My ticket number is 777.', 'only-a');
    await reply(ownerKey, 'Hello from the owner', 'owner-friend');
  });
  afterAll(() => t?.close());

  it("chat: app B posting as app A's end_user_id meets a stranger, not A's person and memory", async () => {
    const b = await reply(app.b.token, 'What is my order number?', 'user-1');
    expect(b.response).not.toContain('424242');
    expect(b.client_id).toBe(app.b.clientId);
    // The API key's "user-1" is the owner's own end user: a third person.
    expect((await reply(ownerKey, 'What is my order number?', 'user-1')).response).not.toContain('424242');
    // A's person is still remembered for A (so the answers above are not just forgetfulness).
    expect((await reply(app.a.token, 'What is my order number?', 'user-1')).response).toContain('424242');
  });

  it("list: an access token lists only its own client's turns; the API key lists every one, filtered by client_id", async () => {
    const seenByB = await history(app.b.token);
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.every((i) => i.client_id === app.b.clientId)).toBe(true);
    expect(JSON.stringify(seenByB)).not.toMatch(/424242|ticket|owner/);
    expect(await history(app.b.token, '?end_user_id=user-1')).toEqual(seenByB.filter((i) => i.end_user_id === 'user-1'));
    const seenByA = await history(app.a.token);
    expect(seenByA.every((i) => i.client_id === app.a.clientId)).toBe(true);
    expect(seenByA.map((i) => i.message)).toContain('My ticket number is 777.');

    const all = await history(ownerKey);
    expect(new Set(all.map((i) => i.client_id))).toEqual(new Set([null, app.a.clientId, app.b.clientId]));
    expect(await history(ownerKey, `?client_id=${app.a.clientId}`)).toEqual(seenByA);

    // An access token cannot name another client (a clear error that reveals nothing).
    const other = await t.http.get(`/api/v1/entities/${entityId}/messages?client_id=${app.a.clientId}`).set(as(app.b.token));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ ok: false, code: 'validation_error', details: [expect.objectContaining({ loc: ['query', 'client_id'] })] });
    expect(await history(app.b.token, `?client_id=${app.b.clientId}`)).toEqual(seenByB);
  });

  it("list: the API key narrows to the account's own turns with client_id=owner; an access token cannot", async () => {
    const all = await history(ownerKey);
    const own = await history(ownerKey, '?client_id=owner');
    expect(own.length).toBeGreaterThan(0);
    expect(own).toEqual(all.filter((i) => i.client_id === null));
    expect(own.map((i) => i.message)).toContain('Hello from the owner');
    expect(JSON.stringify(own)).not.toMatch(/424242|ticket/);
    // With the other filters.
    expect(await history(ownerKey, '?client_id=owner&end_user_id=owner-friend')).toEqual(own.filter((i) => i.end_user_id === 'owner-friend'));
    // The same value in the memory routes names the account's own end user, as leaving it out does.
    expect(expectStatus(await memory(ownerKey, 'owner-friend', '?client_id=owner'), 200).body.memory).toEqual(
      expectStatus(await memory(ownerKey, 'owner-friend'), 200).body.memory,
    );
    // An access token sees only its own client's turns: naming the account is naming another owner.
    for (const token of [app.a.token, app.b.token]) {
      const res = await t.http.get(`/api/v1/entities/${entityId}/messages?client_id=owner`).set(as(token));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ ok: false, code: 'validation_error', details: [expect.objectContaining({ loc: ['query', 'client_id'] })] });
    }
    expect((await memory(app.a.token, 'owner-friend', '?client_id=owner')).status).toBe(422);
  });

  it("get: another client's interaction answers 404 as one that does not exist; the API key reads it", async () => {
    const turn = (await history(app.a.token)).find((i) => i.message.includes('424242'))!;
    const path = `/api/v1/entities/${entityId}/messages/${turn.id}`;
    expect(expectStatus(await t.http.get(path).set(as(app.a.token)), 200).body.interaction).toMatchObject({ id: turn.id, client_id: app.a.clientId });
    notFound(await t.http.get(path).set(as(app.b.token)), 'interaction_not_found');
    expect(expectStatus(await t.http.get(path).set(as(ownerKey)), 200).body.interaction.id).toBe(turn.id);
    const ownersTurn = (await history(ownerKey)).find((i) => i.client_id === null)!;
    notFound(await t.http.get(`/api/v1/entities/${entityId}/messages/${ownersTurn.id}`).set(as(app.a.token)), 'interaction_not_found');
  });

  it("memory: a client reads and erases only its own end users; another's answers 404; the API key addresses them with client_id", async () => {
    // Same id, three people: A's, B's and the owner's "user-1".
    const ofA = expectStatus(await memory(app.a.token, 'user-1'), 200).body.memory;
    expect(ofA).toMatchObject({ end_user_id: 'user-1', client_id: app.a.clientId, name: 'Ana' });
    expect(JSON.stringify(ofA.facts)).toContain('424242');
    const ofB = expectStatus(await memory(app.b.token, 'user-1'), 200).body.memory;
    expect(ofB.client_id).toBe(app.b.clientId);
    expect(JSON.stringify(ofB)).not.toMatch(/424242|Ana/);
    expect(JSON.stringify(expectStatus(await memory(ownerKey, 'user-1'), 200).body.memory)).not.toContain('424242');
    expect(expectStatus(await memory(ownerKey, 'user-1', `?client_id=${app.a.clientId}`), 200).body.memory.facts).toEqual(ofA.facts);

    // A's end user that B never brought, and the owner's own: 404 for B, like a person the entity never met.
    notFound(await memory(app.b.token, 'only-a'), 'end_user_not_found');
    notFound(await memory(app.b.token, 'owner-friend'), 'end_user_not_found');
    notFound(await forget(app.b.token, 'only-a'), 'end_user_not_found');
    expect((await memory(app.b.token, 'only-a', `?client_id=${app.a.clientId}`)).status).toBe(422);
    expect(expectStatus(await memory(app.a.token, 'only-a'), 200).body.memory.facts.length).toBeGreaterThan(0);

    // B erases its own "user-1": A's and the owner's stay.
    expect(expectStatus(await forget(app.b.token, 'user-1'), 200).body).toMatchObject({ ok: true, deleted: true, interactions_deleted: 1 });
    notFound(await memory(app.b.token, 'user-1'), 'end_user_not_found');
    expect(JSON.stringify(expectStatus(await memory(app.a.token, 'user-1'), 200).body.memory.facts)).toContain('424242');
    expectStatus(await memory(ownerKey, 'user-1'), 200);

    // The API key erases A's end user by naming the client.
    expect(expectStatus(await forget(ownerKey, 'only-a', `?client_id=${app.a.clientId}`), 200).body.interactions_deleted).toBe(1);
    notFound(await memory(app.a.token, 'only-a'), 'end_user_not_found');
    expect((await history(app.a.token)).some((i) => i.end_user_id === 'only-a')).toBe(false);
  });

  it('the consent page says what the application will see (and not), and the host it sends the user back to, in both languages', async () => {
    const dev = await t.account('dev2');
    const { clientId } = await registerClient(t, dev.accountId, { redirectUris: ['https://app.example.com/cb?x=1'] });
    const consent = async (locale: string) => {
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: 'https://app.example.com/cb?x=1',
        scope: 'entity:chat',
        state: 's',
        response_type: 'code',
      });
      const res = await ana.browser.follow(await ana.browser.get(`/${locale}/oauth/authorize?${query}`));
      expect(res.status).toBe(200);
      return res.text;
    };
    const en = await consent('en');
    expect(en).toContain('see its own conversations with that entity, and what the entity remembers about the people this application brings to it');
    expect(en).toContain('It will not see your own conversations with the entity, nor those of other applications');
    expect(en).toMatch(/After you answer, you are sent back to <strong>app\.example\.com<\/strong>/);
    const pt = await consent('pt-BR');
    expect(pt).toContain('ver as próprias conversas com essa entidade e o que a entidade lembra das pessoas que este aplicativo traz até ela');
    expect(pt).toContain('Ele não verá as suas próprias conversas com a entidade, nem as de outros aplicativos');
    expect(pt).toMatch(/você volta para <strong>app\.example\.com<\/strong>/);
  });
});

describe('migration EndUserOwner1795737600000', () => {
  let t: TestApp<EntityConfig>;
  beforeAll(async () => {
    t = await createTestApp(entityService);
  });
  afterAll(() => t?.close());

  it('gives the end users and turns written before it to the account (null owner), memory kept', async () => {
    const key = await t.account('legacy');
    const entityId = (
      await t.http
        .post('/api/v1/entities')
        .set({ Authorization: `Bearer ${key.key}` })
        .send({ name: 'Lia', purpose: 'A companion' })
    ).body.entity.id;
    const ds = t.app.get(DataSource);
    const runner = ds.createQueryRunner();
    try {
      await new EndUserOwner1795737600000().down(runner);
      await ds.query(
        `INSERT INTO entity.end_users (account_id, entity_id, end_user_id, name, facts) VALUES ($1, $2, 'user-1', 'Ana', '[{"kind":"identifier","key":"order","value":"424242","text":"Order number 424242"}]')`,
        [key.accountId, entityId],
      );
      await ds.query(
        `INSERT INTO entity.interactions (id, account_id, entity_id, end_user_id, message, response, status) VALUES ('int_legacy', $1, $2, 'user-1', 'hi', 'hello', 'completed')`,
        [key.accountId, entityId],
      );
      await new EndUserOwner1795737600000().up(runner);
    } finally {
      await runner.release();
    }
    const memory = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/end-users/user-1/memory`).set({ Authorization: `Bearer ${key.key}` }), 200).body
      .memory;
    expect(memory).toMatchObject({ end_user_id: 'user-1', client_id: null, name: 'Ana' });
    const turns = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages`).set({ Authorization: `Bearer ${key.key}` }), 200).body.data;
    expect(turns).toEqual([expect.objectContaining({ id: 'int_legacy', client_id: null })]);
    // The account's user-1 keeps talking with its memory.
    const reply = expectStatus(
      await t.http
        .post(`/api/v1/entities/${entityId}/messages`)
        .set({ Authorization: `Bearer ${key.key}` })
        .send({ message: 'What is my order number?', end_user_id: 'user-1' }),
      200,
    );
    expect(reply.body.interaction.response).toContain('424242');
  });
});
