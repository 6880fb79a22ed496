import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json, openAiBody, type RecordedRequest } from './fake-llm-server';

/**
 * What the fake vendor does for the next request(s):
 * - `json`: a chat answer whose content is this value as JSON (OpenAI `response_format` structured output, or the
 *   Anthropic `json` tool call the AI SDK asks for), or text when it is a string;
 * - `image`: an image generation answer (`b64_json`) with these bytes;
 * - `status`: that HTTP status with a vendor-shaped error body; `slow`: the normal answer after `delayMs`;
 * - `raw`: this body as is (200).
 */
export type VendorBehaviour =
  | { kind: 'json'; value: unknown }
  | { kind: 'image'; png: Buffer }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'slow'; delayMs: number; then: Exclude<VendorBehaviour, { kind: 'slow' }> }
  | { kind: 'raw'; body: string };

export interface FakeVendorServer {
  /** `http://127.0.0.1:<port>/v1`: the base URL of the OpenAI, Anthropic and OpenAI-compatible SDK clients. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The behaviour of every next request; `queue` sets those of the next few (then `behave`'s applies again). */
  behave(b: VendorBehaviour): void;
  queue(...b: VendorBehaviour[]): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 speaking the parts of the vendors' wire formats the creative service uses, so the
 * real AI SDK runs against it: OpenAI Chat Completions (`POST /v1/chat/completions`, with `response_format` JSON
 * schemas and image parts), OpenAI Images (`POST /v1/images/generations`, `b64_json`), and Anthropic Messages
 * (`POST /v1/messages`, with the forced `json` tool of structured output and image blocks). OpenAI-compatible
 * servers (Ollama, vLLM, LocalAI) speak the OpenAI formats.
 */
export async function startFakeVendorServer(): Promise<FakeVendorServer> {
  const requests: RecordedRequest[] = [];
  let behaviour: VendorBehaviour = { kind: 'json', value: {} };
  const queued: VendorBehaviour[] = [];
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
      respond(req, res, body, queued.shift() ?? behaviour);
    });
  });

  function respond(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, b: VendorBehaviour): void {
    const url = req.url ?? '';
    const anthropic = url.endsWith('/messages');
    const images = url.endsWith('/images/generations');
    const model = typeof body['model'] === 'string' ? body['model'] : 'fake-model';
    switch (b.kind) {
      case 'json': {
        if (anthropic)
          return json(
            res,
            200,
            anthropicBody(model, b.value, Array.isArray(body['tools']) && (body['tools'] as { name?: string }[]).some((t) => t.name === 'json')),
          );
        return json(res, 200, openAiBody(model, typeof b.value === 'string' ? b.value : JSON.stringify(b.value)));
      }
      case 'image':
        if (!images) return json(res, 404, { error: { message: `not an image route: ${url}`, type: 'invalid_request_error', code: null } });
        return json(res, 200, { created: 1_700_000_000, data: [{ b64_json: b.png.toString('base64'), revised_prompt: null }] });
      case 'status':
        return json(res, b.status, b.body ?? errorBody(anthropic, b.status));
      case 'raw':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(b.body);
        return;
      case 'slow': {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) respond(req, res, body, b.then);
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
      queued.length = 0;
    },
    queue(...b) {
      queued.push(...b);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function anthropicBody(model: string, value: unknown, tool: boolean) {
  const content =
    tool && typeof value !== 'string'
      ? [{ type: 'tool_use', id: 'toolu_fake_1', name: 'json', input: value }]
      : [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }];
  return {
    id: 'msg_fake_1',
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: tool ? 'tool_use' : 'end_turn',
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
