import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sendSignedWebhook } from './signed-webhook';

const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const PREVIOUS = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;

/** A receiver on loopback that answers `status` and keeps what it got. */
async function receiver(status: number) {
  const requests: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('sendSignedWebhook', () => {
  const webhook = { id: 'evt_1', payload: { type: 'thing.happened', data: { n: 1 } }, secrets: () => [SECRET, PREVIOUS], userAgent: 'tests/1.0' };

  it('POSTs the JSON payload with Standard Webhooks headers, one signature per secret', async () => {
    const r = await receiver(204);
    try {
      expect(await sendSignedWebhook(r.url, webhook, { timeoutMs: 5000, allowPrivate: true })).toEqual({ outcome: 'delivered', statusCode: 204, error: null });
      const [got] = r.requests;
      expect(got.body).toBe(JSON.stringify(webhook.payload));
      expect(got.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'tests/1.0', 'webhook-id': 'evt_1' });
      expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      const signatures = String(got.headers['webhook-signature']).split(' ');
      expect(signatures).toHaveLength(2);
      // Each secret verifies the request on its own (a receiver that knows only one of them during a rotation).
      for (const [secret, signature] of [
        [SECRET, signatures[0]],
        [PREVIOUS, signatures[1]],
      ]) {
        const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(got.headers['webhook-timestamp']), 'webhook-signature': signature };
        expect(new Webhook(secret).verify(got.body, headers)).toEqual(webhook.payload);
      }
    } finally {
      await r.close();
    }
  });

  it('answers retry on a non-2xx status, a network error or a secret that cannot be opened', async () => {
    const failing = await receiver(500);
    try {
      expect(await sendSignedWebhook(failing.url, webhook, { timeoutMs: 5000, allowPrivate: true })).toEqual({
        outcome: 'retry',
        statusCode: 500,
        error: 'HTTP 500',
      });
      const broken = { ...webhook, secrets: () => Promise.reject(new Error('cannot open the secret')) };
      expect(await sendSignedWebhook(failing.url, broken, { timeoutMs: 5000, allowPrivate: true })).toEqual({
        outcome: 'retry',
        statusCode: null,
        error: 'cannot open the secret',
      });
      expect(failing.requests).toHaveLength(1);
    } finally {
      await failing.close();
    }
    const closed = await sendSignedWebhook(failing.url, webhook, { timeoutMs: 5000, allowPrivate: true });
    expect(closed).toMatchObject({ outcome: 'retry', statusCode: null, error: expect.stringMatching(/\w/) });
  });

  it('refuses private addresses unless allowed, without asking for the secrets', async () => {
    const r = await receiver(204);
    const secrets = jest.fn(() => [SECRET]);
    try {
      expect(await sendSignedWebhook(r.url, { ...webhook, secrets }, { timeoutMs: 5000 })).toEqual({
        outcome: 'refused',
        statusCode: null,
        error: 'Refused: The host resolves to a private, loopback or link-local address (127.0.0.1)',
      });
      expect(await sendSignedWebhook('ftp://example.com/', { ...webhook, secrets }, { timeoutMs: 5000 })).toMatchObject({ outcome: 'refused' });
      expect(secrets).not.toHaveBeenCalled();
      expect(r.requests).toHaveLength(0);
    } finally {
      await r.close();
    }
  });
});
