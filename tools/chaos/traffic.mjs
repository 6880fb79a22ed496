// Open-loop traffic of real use, at a fixed rate per service: a request is sent on schedule whether or not the
// earlier ones have answered. Every request carries an Idempotency-Key (or, for platform webhooks, the platform's
// own ids) and a unique marker in its content, so its effect can be found in the database afterwards; a client
// retries with the same key on network errors, timeouts, 5xx, 429 and 409 idempotency_in_progress, a few times.
import { randomBytes } from 'node:crypto';
import { sleep } from './infra.mjs';

const TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 5;

const uid = () => randomBytes(6).toString('hex');
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function errorKind(err) {
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timeout';
  const code = err?.cause?.code ?? err?.code;
  return code ? `network:${code}` : `network:${err?.message ?? 'error'}`;
}

/** Every request of the run, with each attempt's outcome. */
export class Recorder {
  constructor() {
    this.records = [];
  }
  add(r) {
    this.records.push(r);
    return r;
  }
  since(t0, t1 = Infinity) {
    return this.records.filter((r) => r.start >= t0 && r.start < t1);
  }
}

/**
 * One logical request: attempts until an answer that is final (2xx, 3xx, a 4xx other than 409 in progress/429),
 * or MAX_ATTEMPTS. `expect` lists the statuses that count as success.
 */
export async function send(
  rec,
  { service, op, url, method = 'GET', headers = {}, body, key, check, retry = true, maxAttempts = MAX_ATTEMPTS, expect = [200, 201, 202], duplicate = false },
) {
  const r = rec.add({ service, op, key, check, duplicate, start: Date.now(), attempts: [], status: null, outcome: 'pending', body: null });
  const payload = body === undefined ? undefined : body instanceof FormData || typeof body === 'string' ? body : JSON.stringify(body);
  const h = { ...headers };
  if (payload !== undefined && typeof payload === 'string' && !h['content-type']) h['content-type'] = 'application/json';
  if (key && method !== 'GET' && !h['x-no-idempotency']) h['Idempotency-Key'] = key;
  delete h['x-no-idempotency'];
  for (let i = 0; i < (retry ? maxAttempts : 1); i++) {
    const t = Date.now();
    let res = null;
    let text = '';
    try {
      res = await fetch(url, { method, headers: h, body: payload, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
      text = await res.text();
    } catch (err) {
      r.attempts.push({ at: t, ms: Date.now() - t, error: errorKind(err) });
      await sleep(Math.min(4000, 500 * 2 ** i));
      continue;
    }
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    // creative and messaging answer {error: code}, entity {error: message, code}.
    const code = json?.code ?? json?.error?.code ?? json?.error;
    r.attempts.push({ at: t, ms: Date.now() - t, status: res.status, code: typeof code === 'string' ? code : undefined });
    r.status = res.status;
    r.body = json;
    r.headers = Object.fromEntries(res.headers);
    const again = res.status >= 500 || res.status === 429 || (res.status === 409 && /in_progress/.test(String(code)));
    if (!again) break;
    const retryAfter = Number(res.headers.get('retry-after'));
    // A 409 in progress names when the first request's lease would lapse (a retry then takes a dead owner's key over):
    // waited for in full, up to the lease (30 s), as a client honouring Retry-After would; others at most 5 s.
    const inProgress = res.status === 409;
    await sleep(Math.min(inProgress ? 31_000 : 5000, retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** i));
  }
  r.end = Date.now();
  r.ms = r.end - r.start;
  const last = r.attempts.at(-1);
  // refused: a final 4xx (nothing should have happened); failed: no final answer (network, 5xx, 429 or still in progress
  // when the client gave up), so the effect may or may not exist.
  const unanswered = !r.status || last?.error || r.status >= 500 || r.status === 429 || (r.status === 409 && /in_progress/.test(String(last?.code)));
  r.outcome = expect.includes(r.status) && !last?.error ? 'ok' : unanswered ? 'failed' : 'refused';
  return r;
}

/** The setup each generator needs (accounts, keys, seed objects), made through the API itself. */
export async function setupCreative(ctx) {
  const { url, keys, receiverUrl } = ctx;
  const h = (k = pick(keys)) => ({ 'x-api-key': k });
  const { default: sharp } = await import('sharp');
  const assets = [];
  for (let i = 0; i < 2; i++) {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: i ? '#0B1F3A' : '#F2A900' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png]), `seed-${i}.png`);
    const res = await fetch(`${url}/v1/assets`, { method: 'POST', headers: h(keys[0]), body: form });
    if (res.status !== 200) throw new Error(`creative setup: upload answered ${res.status} ${await res.text()}`);
    assets.push((await res.json()).id);
  }
  const designs = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${url}/v1/designs`, {
      method: 'POST',
      headers: { ...h(keys[0]), 'content-type': 'application/json' },
      body: JSON.stringify({ template: 'square-post', brief: { title: `seed ${i}`, cta: 'Go' } }),
    });
    if (res.status !== 200) throw new Error(`creative setup: design answered ${res.status} ${await res.text()}`);
    designs.push((await res.json()).id);
  }
  return { ...ctx, h, assets, designs, receiverUrl };
}

export const creativeOps = {
  design(c) {
    const key = `cr-${uid()}`;
    const title = `chaos ${key}`;
    return {
      service: 'creative',
      op: 'design',
      url: `${c.url}/v1/designs`,
      method: 'POST',
      headers: c.h(),
      key,
      body: { template: 'square-post', brief: { title, cta: 'Go', seed: 3 } },
      check: { kind: 'design', title },
      after: (r) => r.outcome === 'ok' && r.body?.id && c.designs.push(r.body.id),
    };
  },
  async patch(c) {
    const designId = pick(c.designs);
    const headers = c.h();
    let etag;
    try {
      const got = await fetch(`${c.url}/v1/designs/${designId}`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      await got.arrayBuffer();
      etag = got.headers.get('etag');
    } catch {
      /* sent without If-Match's value then: the read failed, as a client's would */
    }
    if (!etag) return null;
    const key = `cr-${uid()}`;
    const text = `patched ${key}`;
    return {
      service: 'creative',
      op: 'node_patch',
      url: `${c.url}/v1/designs/${designId}/nodes/title`,
      method: 'PATCH',
      headers: { ...headers, 'If-Match': etag },
      key,
      body: { patch: { text } },
      check: { kind: 'node_patch', designId, text },
    };
  },
  render(c) {
    const designId = pick(c.designs);
    const key = `cr-${uid()}`;
    return {
      service: 'creative',
      op: 'render',
      url: `${c.url}/v1/designs/${designId}/render`,
      method: 'POST',
      headers: c.h(),
      key,
      body: { format: pick(['png', 'jpeg', 'webp']), width: pick([180, 216, 270]) },
      check: { kind: 'render', designId },
    };
  },
  preview(c) {
    const designId = pick(c.designs);
    return {
      service: 'creative',
      op: 'preview',
      url: `${c.url}/v1/designs/${designId}/preview?width=${pick([120, 160, 200])}`,
      headers: c.h(),
      check: null,
    };
  },
  transform(c) {
    const assetId = pick(c.assets);
    const key = `cr-${uid()}`;
    return {
      service: 'creative',
      op: 'transform',
      url: `${c.url}/v1/assets/${assetId}/transform`,
      method: 'POST',
      headers: c.h(),
      key,
      body: {
        operations: [
          { type: 'resize', width: pick([80, 100, 120]) },
          { type: 'text', text: key, font_size: 12 },
        ],
        output_format: 'webp',
      },
      check: { kind: 'transform', assetId, key },
    };
  },
  animate(c) {
    const designId = pick(c.designs);
    const key = `cr-${uid()}`;
    const callback = `${c.receiverUrl}/creative/callback?k=${key}`;
    return {
      service: 'creative',
      op: 'animate',
      url: `${c.url}/v1/designs/${designId}/animate`,
      method: 'POST',
      headers: c.h(),
      key,
      body: { duration: 1, motion: 'zoom_in', width: 128, height: 128, fps: 8, callback_url: callback },
      check: { kind: 'job', callback },
    };
  },
  video(c) {
    const key = `cr-${uid()}`;
    const callback = `${c.receiverUrl}/creative/callback?k=${key}`;
    return {
      service: 'creative',
      op: 'video',
      url: `${c.url}/v1/videos`,
      method: 'POST',
      headers: c.h(),
      key,
      body: {
        scenes: [
          { procedural: { style: pick(['mesh', 'waves']), seed: 3 }, duration: 1 },
          { design_id: pick(c.designs), duration: 1, transition: 'fade' },
        ],
        width: 128,
        height: 128,
        fps: 8,
        callback_url: callback,
      },
      check: { kind: 'job', callback },
    };
  },
};
export const creativeMix = [
  ['design', 18],
  ['patch', 22],
  ['render', 16],
  ['preview', 16],
  ['transform', 10],
  ['animate', 9],
  ['video', 9],
];

export async function setupMessaging(ctx) {
  const { url, keys, receiverUrl } = ctx;
  const h = (k = pick(keys)) => ({ authorization: `Bearer ${k}` });
  const post = async (path, body, k = keys[0], method = 'POST') => {
    const res = await fetch(`${url}${path}`, { method, headers: { ...h(k), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`messaging setup: ${path} answered ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const agent = await post('/v1/agents', { name: 'Ana', soul_id: 'friendly-support', language: 'en' });
  await post('/v1/settings/webhook', { url: `${receiverUrl}/messaging/webhook`, enabled: true }, keys[0], 'PUT');
  const secretToken = `tg-${uid()}`;
  const channel = await post('/v1/channels', {
    kind: 'telegram',
    name: 'TG',
    agent_id: agent.id,
    credentials: { bot_token: '42:chaos', secret_token: secretToken },
  });
  const conversations = [];
  for (let i = 0; i < 5; i++) conversations.push((await post('/v1/conversations', { agent_id: agent.id, channel: 'api' })).id);
  return { ...ctx, h, agent: agent.id, channel: channel.id, secretToken, conversations, updateId: 1_000_000 + Math.floor(Math.random() * 1e6) };
}

export const messagingOps = {
  message(c) {
    const key = `msg-${uid()}`;
    const content = `Hi, my order number is ${Math.floor(Math.random() * 90000 + 10000)} (ref ${key})`;
    return {
      service: 'messaging',
      op: 'message',
      url: `${c.url}/v1/conversations/${pick(c.conversations)}/messages`,
      method: 'POST',
      headers: c.h(),
      key,
      body: { content },
      check: { kind: 'message', content },
    };
  },
  inbound(c) {
    const key = `tg-${uid()}`;
    const id = ++c.updateId;
    const chat = 500 + Math.floor(Math.random() * 5);
    const text = `Hello, I like green tea (ref ${key})`;
    return {
      service: 'messaging',
      op: 'inbound',
      url: `${c.url}/v1/inbound/telegram/${c.channel}`,
      method: 'POST',
      headers: { 'X-Telegram-Bot-Api-Secret-Token': c.secretToken, 'x-no-idempotency': '1' },
      key,
      body: {
        update_id: id,
        message: { message_id: id, from: { id: chat, first_name: 'Chaos' }, chat: { id: chat, type: 'private' }, date: Math.floor(Date.now() / 1000), text },
      },
      check: { kind: 'inbound', content: text },
      expect: [200],
    };
  },
};
export const messagingMix = [
  ['message', 6],
  ['inbound', 4],
];

/**
 * A browser without JavaScript for entity's pages (sign-up, developer portal, the authorization page): keeps cookies,
 * posts forms with the page's CSRF token, follows redirects on the service (its own absolute URLs name
 * PUBLIC_BASE_URL, not the proxy) and stops at the client's redirect URI.
 */
class Browserless {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
    this.lastPage = '';
  }
  async request(path, init) {
    const res = await fetch(`${this.base}${path}`, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...init.headers },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      if (/max-age=0(;|$)/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(i + 1).trim());
    }
    const text = await res.text();
    if (res.status === 200) this.lastPage = text;
    return { status: res.status, text, location: res.headers.get('location') };
  }
  get(path) {
    return this.request(path, { method: 'GET' });
  }
  async submit(path, fields, from) {
    if (from) await this.get(from);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(this.lastPage)?.[1] ?? '';
    return this.request(path, {
      method: 'POST',
      body: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  async follow(res) {
    let cur = res;
    for (let i = 0; i < 10 && cur.location; i++) {
      const next = new URL(cur.location, this.base);
      if (next.pathname === new URL(OAUTH_REDIRECT).pathname) return cur;
      cur = await this.get(next.pathname + next.search);
    }
    return cur;
  }
}

const OAUTH_REDIRECT = 'http://127.0.0.1:9/callback';

/**
 * OAuth for entity's traffic: a person signed up through the pages with one entity, an application registered in the
 * developer portal, and grants made through the authorization page (login, Allow) and redeemed at the token endpoint.
 * A chain is one grant's current tokens; a refresh takes a chain, so one refresh token is never used twice by mistake.
 */
export async function setupOAuth(url) {
  const b = new Browserless(url);
  const email = `chaos-${uid()}@example.com`;
  await b.get('/en/signup');
  const signed = await b.submit('/en/signup', { email, password: 'a long enough chaos password' });
  if (signed.status !== 303) throw new Error(`entity setup: sign-up answered ${signed.status}`);
  const made = await b.submit('/en/account/entities', { name: 'Ivo', purpose: 'Keeps an OAuth client company' }, '/en/account');
  if (made.status !== 303) throw new Error(`entity setup: entity form answered ${made.status}`);
  const reg = await b.submit('/en/developers/clients', { name: 'Chaos App', redirect_uris: OAUTH_REDIRECT }, '/en/developers');
  const portal = await b.follow(reg);
  const clientId = /id="new-client-id">([^<]+)</.exec(portal.text)?.[1];
  const secret = /id="new-secret">([^<]+)</.exec(portal.text)?.[1];
  if (!clientId || !secret) throw new Error(`entity setup: no client in the portal (${reg.status} then ${portal.status})`);
  const oauth = { url, browser: b, clientId, secret, entityId: null, idle: [], chains: 0 };
  oauth.token = (fields) =>
    fetch(`${url}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, client_secret: secret, ...fields }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  /** A new grant through the authorization page; null when a fault got in the way (the next refresh tries again). */
  oauth.newChain = async () => {
    const params = new URLSearchParams({ client_id: clientId, redirect_uri: OAUTH_REDIRECT, scope: 'entity:chat', state: uid(), response_type: 'code' });
    let res = await b.follow(await b.get(`/en/oauth/authorize?${params}`));
    if (res.status === 200 && /name="email"/.test(res.text) && !/oauth\/interaction\//.test(res.text)) {
      const action = /<form method="post" action="([^"]+)"/.exec(res.text)?.[1] ?? '/en/login';
      res = await b.follow(await b.submit(action, { email, password: 'a long enough chaos password' }));
    }
    const action = /<form method="post" action="(\/[^"]+\/oauth\/interaction\/[^"]+)"/.exec(res.text)?.[1];
    const entityId = /name="entity_id" id="[^"]+" value="([^"]+)"/.exec(res.text)?.[1];
    if (!action || !entityId) return null;
    oauth.entityId = entityId;
    const decided = await b.follow(await b.submit(action, { decision: 'allow', entity_id: entityId }));
    const code = decided.location && new URL(decided.location).searchParams.get('code');
    if (!code) return null;
    const tokens = await oauth.token({ grant_type: 'authorization_code', code, redirect_uri: OAUTH_REDIRECT });
    if (tokens.status !== 200) return null;
    oauth.chains++;
    return { ...(await tokens.json()), refreshes: 0 };
  };
  return oauth;
}

export async function setupEntity(ctx) {
  const { url, keys } = ctx;
  const h = (k = pick(keys)) => ({ authorization: `Bearer ${k}` });
  const entities = [];
  for (const name of ['Lia', 'Rui']) {
    const res = await fetch(`${url}/api/v1/entities`, {
      method: 'POST',
      headers: { ...h(keys[0]), 'content-type': 'application/json' },
      body: JSON.stringify({ name, purpose: 'A study companion' }),
    });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`entity setup: answered ${res.status} ${JSON.stringify(json)}`);
    entities.push(json.id ?? json.entity?.id);
  }
  return { ...ctx, h, entities, oauth: await setupOAuth(url) };
}

/** Share of successful refreshes after which the previous refresh token is presented again (a replay). */
const REPLAY_SHARE = 0.25;
/**
 * The cluster's OAUTH_REFRESH_REUSE_GRACE_SECONDS (cluster.mjs sets it): a rotated refresh token presented again by its
 * client within it is honoured once more (a lost answer retried); after it, it is a replay that revokes the grant.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 5;
/** Grants in use at once at most; a refresh with none idle and this many busy is skipped. */
const MAX_CHAINS = 4;

export const entityOps = {
  turn(c) {
    const key = `ent-${uid()}`;
    const message = `I like green tea and my name is Ana (ref ${key})`;
    return {
      service: 'entity',
      op: 'turn',
      url: `${c.url}/api/v1/entities/${pick(c.entities)}/messages`,
      method: 'POST',
      headers: c.h(),
      key,
      body: { message, end_user_id: `user-${Math.floor(Math.random() * 4)}`, end_user_name: 'Ana' },
      check: { kind: 'turn', message },
    };
  },
  /**
   * An OAuth token refresh of one grant, retried once with the same refresh token when its answer was lost (network
   * error, timeout, 5xx, 429): within the reuse grace the retry must get 200 (the refresh may have been committed and
   * its answer lost; invariants.mjs judges retries sent within the grace of the first attempt). A refresh answered 200
   * must give an access token that works (the entity's messages, read with it, answer 200); now and then the previous
   * refresh token is presented again after the grace, which oidc-provider's rotation must refuse (invalid_grant) and
   * answer by revoking the grant, so the new refresh token is refused too. A refresh with no answer ends its chain.
   */
  async refresh(c) {
    const o = c.oauth;
    let chain = o.idle.pop();
    if (!chain) {
      if (o.busy >= MAX_CHAINS) return null;
      o.busy = (o.busy ?? 0) + 1;
      const start = Date.now();
      chain = await o.newChain().catch((err) => ((o.lastError = String(err?.message ?? err)), null));
      o.busy--;
      if (!chain) {
        // A grant the authorization page or the token endpoint did not give (a fault, a timeout): counted, not judged.
        c.rec.add({
          service: 'entity',
          op: 'oauth_grant',
          start,
          end: Date.now(),
          ms: Date.now() - start,
          attempts: [{ at: start, ms: Date.now() - start, error: o.lastError ?? 'no grant' }],
          outcome: 'failed',
        });
        return null;
      }
    }
    o.busy = (o.busy ?? 0) + 1;
    const previous = chain.refresh_token;
    const messagesUrl = `${o.url}/api/v1/entities/${o.entityId}/messages?limit=1`;
    return {
      service: 'entity',
      op: 'oauth_refresh',
      url: `${o.url}/api/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: previous, client_id: o.clientId, client_secret: o.secret }).toString(),
      retry: true,
      maxAttempts: 2,
      expect: [200],
      check: { kind: 'oauth_refresh', graceMs: REFRESH_REUSE_GRACE_SECONDS * 1000 },
      async after(r) {
        try {
          if (r.outcome !== 'ok' || !r.body?.access_token || !r.body?.refresh_token) return;
          const use = await send(c.rec, {
            service: 'entity',
            op: 'oauth_use',
            url: messagesUrl,
            headers: { authorization: `Bearer ${r.body.access_token}` },
            expect: [200],
          });
          r.check.use = { status: use.status, outcome: use.outcome };
          if (Math.random() >= REPLAY_SHARE) {
            o.idle.push({ ...r.body, refreshes: chain.refreshes + 1 });
            return;
          }
          // After the grace (from this answer, which came after the rotation): a replay, not a retry.
          await sleep(Math.max(0, r.end + REFRESH_REUSE_GRACE_SECONDS * 1000 + 1000 - Date.now()));
          const replay = await o.token({ grant_type: 'refresh_token', refresh_token: previous });
          const after = await o.token({ grant_type: 'refresh_token', refresh_token: r.body.refresh_token });
          r.check.replay = { status: replay.status, error: (await replay.json().catch(() => ({}))).error };
          r.check.rotatedAfterReplay = { status: after.status, error: (await after.json().catch(() => ({}))).error };
        } finally {
          o.busy--;
        }
      },
    };
  },
};
export const entityMix = [
  ['turn', 3],
  ['refresh', 1],
];

function weighted(mix) {
  const total = mix.reduce((s, [, w]) => s + w, 0);
  return () => {
    let x = Math.random() * total;
    for (const [name, w] of mix) if ((x -= w) < 0) return name;
    return mix[0][0];
  };
}

/**
 * Starts open-loop load for one service: `rate` requests a second, each of an operation drawn from `mix`.
 * A small share is sent twice at once with the same key and body (a client that double-submits; the proxy sends
 * the two to different replicas), so idempotency is exercised across replicas. Returns stop(), which resolves
 * once every request in flight has finished.
 */
export function startLoad(rec, ctx, ops, mix, rate, { duplicateShare = 0.05 } = {}) {
  const choose = weighted(mix);
  const inflight = new Set();
  let stopped = false;
  const interval = 1000 / rate;
  let next = Date.now();
  const run = async (name) => {
    const spec = await ops[name](ctx);
    if (!spec) return;
    const twice = spec.key && Math.random() < duplicateShare;
    const results = await Promise.all((twice ? [1, 2] : [1]).map(() => send(rec, { ...spec, op: twice ? `${spec.op}` : spec.op, duplicate: twice })));
    for (const r of results) await spec.after?.(r);
  };
  const tick = () => {
    if (stopped) return;
    const name = choose();
    const p = run(name).catch((err) => rec.add({ service: ctx.service, op: name, start: Date.now(), attempts: [], outcome: 'failed', error: String(err) }));
    inflight.add(p);
    p.finally(() => inflight.delete(p));
    next += interval;
    setTimeout(tick, Math.max(0, next - Date.now()));
  };
  setTimeout(tick, Math.random() * interval);
  return async () => {
    stopped = true;
    await Promise.all([...inflight]);
  };
}
