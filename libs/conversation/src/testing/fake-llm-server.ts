import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request received by the fake server. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** What the fake server does for the next request(s). */
export type FakeBehaviour =
  | { kind: 'reply'; text: string }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'slow'; delayMs: number; text: string }
  | { kind: 'raw'; body: string };

export interface FakeLlmServer {
  baseUrl: string;
  requests: RecordedRequest[];
  behave(b: FakeBehaviour): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 (random port) speaking just enough of the OpenAI Chat
 * Completions (`POST /v1/chat/completions`) and Anthropic Messages (`POST /v1/messages`) wire
 * formats for the real AI SDK to run against it.
 */
export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const requests: RecordedRequest[] = [];
  let behaviour: FakeBehaviour = { kind: 'reply', text: 'Hello from the fake model.' };
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      respond(req, res, body);
    });
  });

  function respond(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>): void {
    const anthropic = (req.url ?? '').endsWith('/messages');
    const model = typeof body['model'] === 'string' ? body['model'] : 'fake-model';
    const b = behaviour;
    switch (b.kind) {
      case 'reply':
        return json(res, 200, anthropic ? anthropicBody(model, b.text) : openAiBody(model, b.text));
      case 'status':
        return json(res, b.status, b.body ?? errorBody(anthropic, b.status));
      case 'raw':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(b.body);
        return;
      case 'slow': {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) json(res, 200, anthropic ? anthropicBody(model, b.text) : openAiBody(model, b.text));
        }, b.delayMs);
        timers.add(t);
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(b) {
      behaviour = b;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer (shared with fake-vendor-server). */
export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** An OpenAI chat completion answering `text` (shared with fake-vendor-server). */
export function openAiBody(model: string, text: string) {
  return {
    id: 'chatcmpl-fake-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function anthropicBody(model: string, text: string) {
  return {
    id: 'msg_fake_1',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

function errorBody(anthropic: boolean, status: number) {
  const message = status === 401 ? 'Invalid API key' : `Fake error ${status}`;
  return anthropic
    ? { type: 'error', error: { type: status === 401 ? 'authentication_error' : 'api_error', message } }
    : { error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: null } };
}
