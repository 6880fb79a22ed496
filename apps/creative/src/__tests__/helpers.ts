import type { TestAccount } from '@platform/testing';
import type { Response, Test } from 'supertest';

/** supertest parser that keeps the body as bytes (images, PDFs): `.buffer(true).parse(binary)`. */
export const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<Test['parse']>[0];

/** Sends the request with the account's key (x-api-key, or Bearer). */
export const as = (req: Test, account: TestAccount, scheme: 'x-api-key' | 'bearer' = 'x-api-key'): Test =>
  scheme === 'bearer' ? req.set('Authorization', `Bearer ${account.key}`) : req.set('x-api-key', account.key);

/** The distinct `loc`s of the 422 items, dotted, in order; checks each item has exactly loc, msg and type. */
export function locs(res: Response): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  for (const item of res.body.detail) expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
  return [...new Set<string>(res.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.')))];
}

/** A small IR with a text, a rect and an ellipse without an id. */
export function sampleIr(overrides: Record<string, unknown> = {}) {
  return {
    version: 1,
    width: 400,
    height: 300,
    background: '#ffffff',
    root: {
      type: 'frame',
      id: 'root',
      width: 400,
      height: 300,
      layoutMode: 'vertical',
      paddingTop: 24,
      paddingLeft: 24,
      itemSpacing: 12,
      children: [
        { type: 'text', id: 'title', text: 'Hello', fontSize: 40, fontWeight: 700, color: '#111111' },
        { type: 'rect', id: 'bar', width: 200, height: 24, fills: [{ type: 'solid', color: '#ef4444' }] },
        { type: 'ellipse', width: 60, height: 60, fills: [{ type: 'solid', color: '#2563eb' }] },
      ],
    },
    ...overrides,
  };
}

/**
 * CPU seconds this process uses over `ms`: every thread counts (the service under test, its render and video threads,
 * and libuv's, where sharp works), so work that goes on after its request ended shows here.
 */
export async function cpuOver(ms: number): Promise<number> {
  const before = process.cpuUsage();
  await new Promise((r) => setTimeout(r, ms));
  const d = process.cpuUsage(before);
  return (d.user + d.system) / 1e6;
}
