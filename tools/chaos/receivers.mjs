// What the services call out to: a receiver of creative job callbacks and messaging webhooks (behind a proxy that
// can take it down for a fault), and a fake Telegram Bot API that takes the agents' replies.
import { createServer } from 'node:http';
import { startToggleProxy } from './infra.mjs';

function listen(handler) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

const json = (res, status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startReceivers() {
  /** Every event received: { source: 'creative'|'messaging', webhookId, type, key, body, at } */
  const events = [];
  /** Every message the fake platform was asked to send. */
  const sends = [];
  const receiver = await listen((req, res, raw) => {
    const url = new URL(req.url, 'http://x');
    let body = null;
    try {
      body = JSON.parse(raw);
    } catch {
      /* recorded as null */
    }
    const webhookId = req.headers['webhook-id'];
    if (url.pathname === '/creative/callback')
      events.push({ source: 'creative', webhookId, type: body?.type, jobId: body?.data?.id, key: url.searchParams.get('k'), at: Date.now() });
    else if (url.pathname === '/messaging/webhook')
      events.push({ source: 'messaging', webhookId, type: body?.type, messageId: body?.data?.id ?? body?.data?.message?.id, at: Date.now() });
    else return json(res, 404, {});
    json(res, 200, { ok: true });
  });
  const receiverProxy = await startToggleProxy(receiver.address().port);
  let sent = 0;
  const platform = await listen((req, res, raw) => {
    const m = /^\/tg\/bot([^/]+)\/(\w+)$/.exec(req.url);
    if (!m) return json(res, 404, { ok: false });
    if (m[2] === 'sendMessage') {
      try {
        sends.push({ ...JSON.parse(raw), at: Date.now() });
      } catch {
        /* ignore */
      }
      return json(res, 200, { ok: true, result: { message_id: ++sent } });
    }
    json(res, 200, { ok: true, result: true });
  });
  return {
    events,
    sends,
    receiverUrl: `http://127.0.0.1:${receiverProxy.port}`,
    receiverProxy,
    platformUrl: `http://127.0.0.1:${platform.address().port}`,
    async close() {
      await receiverProxy.close();
      receiver.closeAllConnections();
      platform.closeAllConnections();
      await Promise.all([new Promise((r) => receiver.close(r)), new Promise((r) => platform.close(r))]);
    },
  };
}
