import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

const ROOT = resolve(__dirname, '../../../..');
const MAIN = join(__dirname, '../main.ts');

interface Run {
  code: number | null;
  output: string;
}

/**
 * The creative service's own entry point (main.ts, compiled on load by `@swc-node/register` with the workspace's
 * tsconfig, as the worker kill tests run theirs) in a process of its own, with only `env` (plus PATH and HOME).
 * `until`: stop it with SIGTERM once its output matches (a service that starts); otherwise wait for it to exit.
 */
function runMain(args: string[], env: Record<string, string>, until?: RegExp): Promise<Run> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', MAIN, ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((done) => {
    const onData = (b: Buffer) => {
      output += b.toString('utf8');
      if (!stopping && until?.test(output)) {
        stopping = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** What a production pod has, less the billing gateway: never reached when the configuration is refused. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: 'postgres://creative@127.0.0.1:1/unreachable',
  URL_SIGNING_SECRET: 'u'.repeat(32),
  LOG_LEVEL: 'info',
};

describe('the creative service in production refuses to hand out credits for free', () => {
  it('exits 1 at start, before anything else, when BILLING_GATEWAY is not set, naming it with the other problems', async () => {
    const run = await runMain([], { ...PRODUCTION, SIGNED_URL_TTL_MIN: '600', SIGNED_URL_TTL_MAX: '60' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Invalid configuration for creative:');
    expect(run.output).toContain('  - SIGNED_URL_TTL_MIN: must not be larger than SIGNED_URL_TTL_MAX');
    expect(run.output).toMatch(/ {2}- BILLING_GATEWAY: required when NODE_ENV=production: set stripe/);
    expect(run.output).not.toContain('listening on');
  }, 120_000);

  it('exits 1 with BILLING_GATEWAY=local unless BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION=true, and with stripe without its keys', async () => {
    const local = await runMain(['migrate'], { ...PRODUCTION, BILLING_GATEWAY: 'local' });
    expect(local.code).toBe(1);
    expect(local.output).toMatch(/ {2}- BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: must be true to run BILLING_GATEWAY=local when NODE_ENV=production/);
    const stripe = await runMain([], { ...PRODUCTION, BILLING_GATEWAY: 'stripe' });
    expect(stripe.code).toBe(1);
    expect(stripe.output).toMatch(/ {2}- STRIPE_SECRET_KEY: required when BILLING_GATEWAY=stripe/);
    expect(stripe.output).toMatch(/ {2}- STRIPE_WEBHOOK_SECRET: required when BILLING_GATEWAY=stripe/);
  }, 120_000);

  describe('with the local gateway explicitly allowed', () => {
    const base = process.env.TEST_DATABASE_URL!;
    const database = `t_creative_prod_${randomBytes(5).toString('hex')}`;
    const url = new URL(base);
    url.pathname = `/${database}`;
    const admin = async (sql: string) => {
      const c = new Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    beforeAll(() => admin(`CREATE DATABASE "${database}"`));
    afterAll(() => admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));

    it('starts, and says at boot in an error line that purchases complete without payment', async () => {
      const env = { ...PRODUCTION, DATABASE_URL: url.toString(), BILLING_GATEWAY: 'local', BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true', ROLE: 'all' };
      const migrated = await runMain(['migrate'], env);
      expect(migrated.output).toMatch(/creative: applied /);
      expect(migrated.code).toBe(0);
      const served = await runMain([], env, /listening on/);
      expect(served.output).toContain('[creative] listening on');
      const warning = served.output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .find((l) => l.msg.includes('BILLING_GATEWAY=local with NODE_ENV=production'));
      expect(warning).toBeDefined();
      expect(warning!.level).toBeGreaterThanOrEqual(50); // pino's error
      expect(warning!.msg).toMatch(/WITHOUT PAYMENT.*for free/);
      expect(served.code).toBe(0);
    }, 180_000);
  });
});
