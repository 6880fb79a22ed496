import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../__tests__/helpers';
import { isPrivateAddress, refuseWebhookUrl } from '../address-guard';
import { postWebhook } from '../webhook-post';

describe('webhook address checks', () => {
  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses URLs by scheme, credentials and address', async () => {
    expect(await refuseWebhookUrl('ftp://example.com', false)).toMatch(/http/);
    expect(await refuseWebhookUrl('https://user:pw@example.com', false)).toMatch(/credentials/);
    expect(await refuseWebhookUrl('http://127.0.0.1/x', false)).toMatch(/private/);
    expect(await refuseWebhookUrl('http://127.0.0.1/x', true)).toBeNull();
  });

  it('checks the address again when connecting (DNS rebinding), unless private addresses are allowed', async () => {
    const server = await fakeServer((_req, res) => {
      res.statusCode = 204;
      res.end();
    });
    try {
      const port = new URL(server.url).port;
      await expect(postWebhook(`http://localhost:${port}/h`, {}, '{}', 2000, false)).rejects.toThrow(/private/);
      expect(server.requests).toHaveLength(0);
      expect(await postWebhook(`http://localhost:${port}/h`, { 'content-type': 'application/json' }, '{"a":1}', 2000, true)).toBe(204);
      expect(server.requests[0].body).toBe('{"a":1}');
    } finally {
      await server.close();
    }
  });
});
