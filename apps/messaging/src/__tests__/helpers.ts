import { expectStatus, TestAccount, TestApp } from '@platform/testing';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessagingConfig } from '../config';

export type App = TestApp<MessagingConfig>;

export const auth = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });

/** With Redis the jobs run in BullMQ workers: tests poll until a condition holds. */
export async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 15_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function createAgent(t: App, a: TestAccount, body: Record<string, unknown> = {}) {
  return expectStatus(
    await t.http
      .post('/v1/agents')
      .set(auth(a))
      .send({ name: 'Bot', soul_id: 'concise-expert', ...body }),
    201,
  ).body as {
    id: string;
  };
}

export async function createConversation(t: App, a: TestAccount, agentId: string, body: Record<string, unknown> = {}) {
  return expectStatus(
    await t.http
      .post('/v1/conversations')
      .set(auth(a))
      .send({ agent_id: agentId, channel: 'api', ...body }),
    201,
  ).body as {
    id: string;
    status: string;
  };
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server that records every request and answers with `handler`. */
export interface FakeServer {
  url: string;
  requests: Recorded[];
  handler: (req: Recorded, res: ServerResponse) => void | Promise<void>;
  close(): Promise<void>;
}

export async function fakeServer(handler: FakeServer['handler'] = (_req, res) => void res.end('ok')): Promise<FakeServer> {
  const fake: FakeServer = { url: '', requests: [], handler, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      fake.requests.push(recorded);
      Promise.resolve(fake.handler(recorded, res)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}
