import { ConfigValidationError } from '@platform/config';
import { loadCreativeConfig } from '../config';

/** A production environment that starts: Stripe with its keys, S3 storage. */
const STRIPE = { BILLING_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', ...STRIPE };

describe('creative configuration', () => {
  it('needs nothing in development: local blobs under DATA_DIR, limits and TTL bounds by default', () => {
    const c = loadCreativeConfig({ DATA_DIR: '/var/x' });
    expect(c.storage).toMatchObject({ driver: 'local', localDir: '/var/x/blobs' });
    expect(c.assets).toEqual({
      importAllowPrivate: false,
      importTimeoutMs: 20_000,
      maxUploadBytes: 64 * 1024 * 1024,
      maxPixels: 67_108_864,
      maxAudioSeconds: 600,
      transformTimeoutMs: 60_000,
      tmpDir: '/var/x/tmp/uploads',
    });
    expect(c.signedUrls).toEqual({ minTtl: 60, maxTtl: 604_800, secret: undefined, secretFile: '/var/x/url-signing.key' });
  });

  it("starts each render worker's old generation at RENDER_WORKER_HEAP_MB (128 by default, 0 for V8's default)", () => {
    expect(loadCreativeConfig({}).rendering.workerHeapMb).toBe(128);
    expect(loadCreativeConfig({ RENDER_WORKER_HEAP_MB: '0' }).rendering.workerHeapMb).toBe(0);
    expect(loadCreativeConfig({ RENDER_WORKER_HEAP_MB: '512' }).rendering.workerHeapMb).toBe(512);
    for (const bad of ['-1', 'lots', '1.5', '5000']) expect(() => loadCreativeConfig({ RENDER_WORKER_HEAP_MB: bad }), bad).toThrow(ConfigValidationError);
  });

  it('reads the render budget and memory settings: the cost limit follows RENDER_TIMEOUT_MS unless set, 0 turns it off', () => {
    const d = loadCreativeConfig({});
    expect(d.rendering).toMatchObject({ timeoutMs: 20_000, costLimitMs: 20_000, stopGraceMs: 2000, idleWorkers: 1 });
    expect(d.memory).toEqual({ sharpCacheMb: 16, trimIdleMs: 30_000, trimEveryMs: 60_000 });
    expect(loadCreativeConfig({ RENDER_TIMEOUT_MS: '5000' }).rendering.costLimitMs).toBe(5000);
    expect(loadCreativeConfig({ RENDER_TIMEOUT_MS: '5000', RENDER_COST_LIMIT_MS: '0' }).rendering.costLimitMs).toBe(0);
    expect(loadCreativeConfig({ SHARP_CACHE_MB: '0', MEMORY_TRIM_IDLE_MS: '0', MEMORY_TRIM_EVERY_MS: '0' }).memory).toEqual({
      sharpCacheMb: 0,
      trimIdleMs: 0,
      trimEveryMs: 0,
    });
    for (const [k, bad] of [
      ['RENDER_COST_LIMIT_MS', '-1'],
      ['RENDER_STOP_GRACE_MS', '10'],
      ['TRANSFORM_TIMEOUT_MS', '500'],
      ['RENDER_WORKERS_IDLE', 'x'],
    ]) {
      expect(() => loadCreativeConfig({ [k]: bad }), `${k}=${bad}`).toThrow(ConfigValidationError);
    }
  });

  it('reads the media job budget: 5 minutes per unit of work by default, at least 1 s, at most a day', () => {
    expect(loadCreativeConfig({}).jobs.timeoutMs).toBe(300_000);
    expect(loadCreativeConfig({ MEDIA_JOB_TIMEOUT_MS: '1000' }).jobs.timeoutMs).toBe(1000);
    for (const bad of ['999', '86400001', '1.5', 'soon', '-1'])
      expect(() => loadCreativeConfig({ MEDIA_JOB_TIMEOUT_MS: bad }), bad).toThrow(ConfigValidationError);
  });

  it('reads S3 settings, sizes and limits', () => {
    const c = loadCreativeConfig({
      BLOB_DRIVER: 's3',
      S3_BUCKET: 'my-bucket',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.example.com',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: 'creative/',
      ASSET_UPLOAD_LIMIT: '512kb',
      ASSET_MAX_PIXELS: '1000000',
      AUDIO_MAX_SECONDS: '30',
    });
    expect(c.storage.s3).toEqual({
      bucket: 'my-bucket',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://files.example.com',
      forcePathStyle: true,
      keyPrefix: 'creative/',
      credentials: undefined,
    });
    expect(c.assets).toMatchObject({ maxUploadBytes: 512 * 1024, maxPixels: 1_000_000, maxAudioSeconds: 30 });
  });

  it('reports every bad variable together', () => {
    let error: ConfigValidationError | undefined;
    try {
      loadCreativeConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/x',
        BLOB_DRIVER: 's3',
        S3_ACCESS_KEY_ID: 'AKIA',
        SIGNED_URL_TTL_MIN: '600',
        SIGNED_URL_TTL_MAX: '60',
        ASSET_UPLOAD_LIMIT: 'lots',
      });
    } catch (e) {
      error = e as ConfigValidationError;
    }
    expect(error?.problems).toEqual([expect.stringMatching(/^ASSET_UPLOAD_LIMIT/)]);
    try {
      loadCreativeConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/x',
        BLOB_DRIVER: 's3',
        S3_ACCESS_KEY_ID: 'AKIA',
        SIGNED_URL_TTL_MIN: '600',
        SIGNED_URL_TTL_MAX: '60',
      });
    } catch (e) {
      error = e as ConfigValidationError;
    }
    expect(error?.problems).toEqual([
      'S3_BUCKET: required when BLOB_DRIVER=s3',
      expect.stringMatching(/^S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/),
      'SIGNED_URL_TTL_MIN: must not be larger than SIGNED_URL_TTL_MAX',
      expect.stringMatching(/^BILLING_GATEWAY: required when NODE_ENV=production/),
    ]);
  });

  it('requires URL_SIGNING_SECRET in production with local storage only', () => {
    expect(() => loadCreativeConfig({ ...PRODUCTION })).toThrow(/URL_SIGNING_SECRET: required/);
    expect(loadCreativeConfig({ ...PRODUCTION, URL_SIGNING_SECRET: 'x'.repeat(32) }).signedUrls.secret).toBe('x'.repeat(32));
    expect(loadCreativeConfig({ ...PRODUCTION, BLOB_DRIVER: 's3', S3_BUCKET: 'b-1' }).storage.driver).toBe('s3');
    expect(() => loadCreativeConfig({ URL_SIGNING_SECRET: 'short' })).toThrow(/URL_SIGNING_SECRET: must be at least 32/);
  });

  it('uses the local gateway by default outside production only', () => {
    expect(loadCreativeConfig({}).billing).toMatchObject({ gateway: 'local', localInProduction: false });
    expect(loadCreativeConfig({ NODE_ENV: 'test' }).billing.gateway).toBe('local');
    expect(loadCreativeConfig({ ...STRIPE }).billing).toMatchObject({ gateway: 'stripe', stripe: { secretKey: 'sk_live_x', webhookSecret: 'whsec_x' } });
    const prod = loadCreativeConfig({ ...PRODUCTION, BLOB_DRIVER: 's3', S3_BUCKET: 'b-1' });
    expect(prod.billing).toMatchObject({ gateway: 'stripe', localInProduction: false });
  });

  it('refuses production without a real gateway: unset, or local without the explicit allowance, reported with the other problems', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadCreativeConfig(env);
      } catch (e) {
        if (e instanceof ConfigValidationError) return e.problems;
        throw e;
      }
      return [];
    };
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', BLOB_DRIVER: 's3', S3_BUCKET: 'b-1' };
    expect(problemsOf({ ...base, SIGNED_URL_TTL_MIN: '600', SIGNED_URL_TTL_MAX: '60' })).toEqual([
      'SIGNED_URL_TTL_MIN: must not be larger than SIGNED_URL_TTL_MAX',
      expect.stringMatching(/^BILLING_GATEWAY: required when NODE_ENV=production: set stripe .*without payment/),
    ]);
    // Stripe without its keys (the k8s Secret not created) does not fall back to anything.
    expect(problemsOf({ ...base, BILLING_GATEWAY: 'stripe' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: required/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: required/),
    ]);
    // Local, chosen explicitly, is still refused without the allowance (anything but true is no allowance).
    for (const allow of [undefined, 'false', '0', 'no']) {
      expect(problemsOf({ ...base, BILLING_GATEWAY: 'local', ...(allow ? { BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: allow } : {}) })).toEqual([
        expect.stringMatching(/^BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: must be true .*without paying/),
      ]);
    }
    // The allowance alone does not pick the local gateway.
    expect(problemsOf({ ...base, BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true' })).toEqual([expect.stringMatching(/^BILLING_GATEWAY: required/)]);
    expect(problemsOf({ ...base, BILLING_GATEWAY: 'local', BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'maybe' })).toEqual([
      expect.stringMatching(/^BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: /),
    ]);
    const local = loadCreativeConfig({ ...base, BILLING_GATEWAY: 'local', BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true' });
    expect(local.billing).toMatchObject({ gateway: 'local', localInProduction: true });
  });
});
