import { z } from 'zod';
import { ConfigValidationError, loadConfig } from './config';

const def = { service: 'messaging' as const, defaults: { port: 3200, rateLimitPerMinute: 100 }, extra: {}, map: () => ({}) };

describe('loadConfig', () => {
  it('fills defaults from an empty environment', () => {
    const c = loadConfig(def, {});
    expect(c).toMatchObject({
      service: 'messaging',
      port: 3200,
      role: 'all',
      rateLimitPerMinute: 100,
      nodeEnv: 'development',
      devBootstrap: true,
      bodyMaxDepth: 128,
    });
    expect(c.authFailures).toEqual({ perAddress: 30, windowSeconds: 600 });
    expect(c.trustedProxies).toEqual([]);
    expect(c.database.url).toBeUndefined();
    expect(c.redis.url).toBeUndefined();
    expect(c.publicBaseUrl).toBe('http://localhost:3200');
  });

  it('reports every bad variable together', () => {
    let error: ConfigValidationError | undefined;
    try {
      loadConfig(def, {
        PORT: 'eighty',
        ROLE: 'boss',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'nope',
        SECRETS_KEY: 'short',
        BODY_LIMIT: 'huge',
        BODY_MAX_DEPTH: '0',
        AUTH_FAILURES_PER_ADDRESS: '-1',
      });
    } catch (e) {
      error = e as ConfigValidationError;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const vars = error!.problems.map((p) => p.split(':')[0]);
    expect(vars).toEqual(
      expect.arrayContaining(['PORT', 'ROLE', 'DATABASE_URL', 'REDIS_URL', 'SECRETS_KEY', 'BODY_LIMIT', 'BODY_MAX_DEPTH', 'AUTH_FAILURES_PER_ADDRESS']),
    );
    expect(error!.message).toContain('Invalid configuration for messaging');
  });

  it('reads TRUSTED_PROXIES as addresses, CIDR ranges and express range names, and names every bad entry', () => {
    expect(loadConfig(def, { TRUSTED_PROXIES: ' 10.0.0.0/8, 127.0.0.1,fd00::/8 ,::1, loopback,' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    expect(loadConfig(def, { TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
    let error: ConfigValidationError | undefined;
    try {
      loadConfig(def, { TRUSTED_PROXIES: '10.0.0.0/33, proxy.internal, 10.0.0.1, ::1/129, 1.2.3/8, 10.0.0.0/8/8, 10.0.0.0/' });
    } catch (e) {
      error = e as ConfigValidationError;
    }
    expect(error?.problems).toEqual([
      'TRUSTED_PROXIES: "10.0.0.0/33", "proxy.internal", "::1/129", "1.2.3/8", "10.0.0.0/8/8", "10.0.0.0/": not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    ]);
  });

  it('treats empty strings as unset and requires real parts in production', () => {
    expect(loadConfig(def, { PORT: '' }).port).toBe(3200);
    expect(() => loadConfig(def, { NODE_ENV: 'production' })).toThrow(/DATABASE_URL: required/);
    expect(() => loadConfig(def, { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', ROLE: 'worker' })).toThrow(/REDIS_URL: required/);
    const prod = loadConfig(def, { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379', ROLE: 'api' });
    expect(prod.devBootstrap).toBe(false);
  });

  it('adds service-specific variables', () => {
    const c = loadConfig({ ...def, extra: { FFMPEG_PATH: z.string().default('ffmpeg') }, map: (e) => ({ ffmpegPath: e.FFMPEG_PATH }) }, {});
    expect(c.ffmpegPath).toBe('ffmpeg');
  });
});
