import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local server speaking Stripe's wire format for what the gateway uses: form-encoded requests, Stripe's JSON
 * objects (customer, checkout.session, billing_portal.session, balance) and its error shape for a bad request.
 */
export async function fakeStripe() {
  const requests: StripeRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? '', path: url.pathname, form, headers: req.headers });
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
      const invalid = (param: string) =>
        send(400, { error: { type: 'invalid_request_error', code: 'parameter_missing', message: `Missing required param: ${param}.`, param } });
      if (!/^Bearer sk_test_/.test(String(req.headers.authorization)))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'GET' && url.pathname === '/v1/balance')
        return send(200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false });
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        return send(200, {
          id: id('cus'),
          object: 'customer',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          metadata: { account_id: form.get('metadata[account_id]') },
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        for (const p of ['mode', 'success_url', 'line_items[0][price_data][currency]', 'line_items[0][price_data][unit_amount]'])
          if (!form.get(p)) return invalid(p);
        const sid = id('cs_test');
        return send(200, {
          id: sid,
          object: 'checkout.session',
          mode: form.get('mode'),
          customer: form.get('customer'),
          client_reference_id: form.get('client_reference_id'),
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          metadata: { account_id: form.get('metadata[account_id]'), plan_id: form.get('metadata[plan_id]') },
          payment_status: 'unpaid',
          status: 'open',
          url: `https://checkout.stripe.com/c/pay/${sid}`,
          livemode: false,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!form.get('customer')) return invalid('customer');
        return send(200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.com/p/session/${id('test')}`,
          livemode: false,
        });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
