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
  { service, op, url, method = 'GET', headers = {}, body, key, check, retry = true, expect = [200, 201, 202], duplicate = false },
) {
  const r = rec.add({ service, op, key, check, duplicate, start: Date.now(), attempts: [], status: null, outcome: 'pending', body: null });
  const payload = body === undefined ? undefined : body instanceof FormData || typeof body === 'string' ? body : JSON.stringify(body);
  const h = { ...headers };
  if (payload !== undefined && typeof payload === 'string' && !h['content-type']) h['content-type'] = 'application/json';
  if (key && method !== 'GET' && !h['x-no-idempotency']) h['Idempotency-Key'] = key;
  delete h['x-no-idempotency'];
  for (let i = 0; i < (retry ? MAX_ATTEMPTS : 1); i++) {
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
    await sleep(Math.min(5000, retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** i));
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
  return { ...ctx, h, entities };
}

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
};
export const entityMix = [['turn', 1]];

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
    for (const r of results) spec.after?.(r);
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
