import { isIP } from 'node:net';
import { z } from 'zod';

export type ServiceName = 'creative' | 'messaging' | 'entity';
export type Role = 'api' | 'worker' | 'all';

export interface ServiceDefaults {
  port: number;
  rateLimitPerMinute: number;
}

/** A boolean environment variable: true/false, 1/0 or yes/no. */
export const envBool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const bool = envBool;

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .optional();

/** Names express's `trust proxy` knows: 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; the private ranges and fc00::/7. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.3.7`, `::1`), a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of express's range names. */
export function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const kind = isIP(address);
  if (!kind || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128));
}

/** A comma-separated list: its entries, trimmed, without empty ones. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Variables every service reads. Names are the environment variable names. */
export const baseEnvSchema = (defaults: ServiceDefaults) => ({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('Production requires `DATABASE_URL`, never runs migrations at start and never creates a development key.'),
  PORT: z.coerce.number().int().min(0).max(65535).default(defaults.port).describe('HTTP port.'),
  HOST: z.string().min(1).default('0.0.0.0').describe('Bind address.'),
  ROLE: z
    .enum(['api', 'worker', 'all'])
    .default('all')
    .describe(
      '`api` (HTTP, enqueues jobs), `worker` (runs jobs; serves only `/healthz`, `/readyz`, `/metrics`), `all` (both). `api`/`worker` need `REDIS_URL` in production.',
    ),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']).describe(
    '`postgres://…`; each service uses its own schema (`creative`, `messaging`, `entity`). Unset: an embedded PostgreSQL (required with `NODE_ENV=production`).',
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10).describe('Connections per process.'),
  DATABASE_SSL: bool.default('false').describe('TLS to PostgreSQL.'),
  REDIS_URL: optionalUrl(['redis', 'rediss']).describe(
    '`redis://` or `rediss://`; BullMQ queues and the rate-limit counters shared by replicas. Unset: an inline queue and an in-memory rate limit.',
  ),
  REDIS_PREFIX: z.string().min(1).default('platform').describe('Key prefix (the service name is appended).'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info').describe('pino level; JSON logs with request ids.'),
  DATA_DIR: z.string().min(1).default('.data').describe('Embedded PostgreSQL data and other local state.'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329).describe('Port of the embedded PostgreSQL (joined if already running).'),
  PUBLIC_BASE_URL: z.string().url().optional().describe('The address clients use (URLs the service hands out). Unset: `http://localhost:<PORT>`.'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'must look like 512kb or 1mb')
    .default('1mb')
    .describe('Largest JSON or form body (`413 payload_too_large` above it).'),
  BODY_MAX_DEPTH: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024)
    .default(128)
    .describe(
      'Deepest nesting of objects and arrays in a JSON body (deeper: 422 `validation_error`, `loc: ["body"]`, type `json_too_deep`, refused before anything parses it; 128 leaves room for Creative IR documents, whose 48-level node trees are about 100 JSON levels).',
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(defaults.rateLimitPerMinute).describe('Requests per credential per minute.'),
  AUTH_FAILURES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'Distinct wrong credentials (API keys, access tokens) one client address may present per window; past it, every request from that address that carries a credential answers 429 until the window ends. `0` turns it off.',
    ),
  AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600).describe('The window of `AUTH_FAILURES_PER_ADDRESS`.'),
  TRUSTED_PROXIES: z
    .string()
    .superRefine((v, ctx) => {
      const bad = listOf(v).filter((e) => !isTrustedProxyEntry(e));
      if (bad.length) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `${bad.map((e) => JSON.stringify(e.slice(0, 60))).join(', ')}: not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
        });
      }
    })
    .optional()
    .describe(
      "Comma-separated addresses or CIDR ranges (`10.244.0.0/16, 127.0.0.1`; also `loopback`, `linklocal`, `uniquelocal`) of the proxies in front of the service: only from these peers does `X-Forwarded-For` name the client address (failed-credential counts, per-IP rate limits); from anyone else the header is ignored. Unset: trust none. Set it to your ingress's range, or every client behind it shares one address.",
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000).describe('Graceful shutdown budget on SIGTERM.'),
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional()
    .describe(
      '32 bytes, base64: encrypts stored third-party credentials (AES-256-GCM; messaging channel credentials and webhook secrets, creative callback secrets, stored idempotent responses that carry a secret) and keys the idempotency fingerprints (HMAC). Unset: development derives a fixed key and warns; production refuses to store or use them, and answers requests with an `Idempotency-Key` 503 `secrets_key_missing`.',
    ),
  DEV_BOOTSTRAP: bool.optional().describe('On an empty database, create a development account and print its key. Unset: `true` in development.'),
  RECOVERY_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60_000)
    .describe(
      'With BullMQ, how often workers queue again work Postgres shows as pending with no job (messaging replies, sends, webhook deliveries; entity turns); `0`: only at start.',
    ),
  RECOVERY_GRACE_MS: z.coerce.number().int().min(0).default(60_000).describe('Pending work younger than this is left to the request that is queueing it.'),
});

/**
 * The variables of a service that runs an OAuth provider (oidc-provider: entity's authorization server, creative's for
 * MCP connectors), one schema for both.
 */
export const oauthProviderEnvSchema = {
  OAUTH_COOKIE_KEYS: z
    .string()
    .refine((v) => v.split(',').every((k) => k.trim().length >= 32), 'comma-separated keys of at least 32 characters each')
    .optional()
    .describe(
      "Comma-separated keys (32+ characters each, newest first) signing the OAuth provider's interaction and session cookies (entity: its authorization pages; creative: the sign-in of MCP connectors); set it (the same on every replica) in production. Unset: derived from `SECRETS_KEY`, else random per process (one replica only).",
    ),
  OAUTH_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(600_000)
    .describe(
      "Worker and all roles: how often expired rows of the OAuth provider's `oidc_payloads` (authorization codes, sessions, interactions, access and refresh tokens, registration access tokens) are deleted, a minute after they expire, at most 20 000 per pass. Several processes may sweep at once: each skips the rows another holds. `0` turns it off (the table then grows without bound).",
    ),
  OAUTH_REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe(
      "Refresh token rotation's reuse grace: a rotated refresh token presented again by its client within this many seconds of its rotation gets a new pair once more (the answer that carried its successor was lost: a restart, a cut connection), instead of being a replay that revokes the grant. Only the latest rotated token (none rotated after it used), once, and only by the client it was issued to. The tokens of the lost answer stay valid (the server cannot tell a lost answer from one the client stopped waiting for). `0`: every reuse is a replay (the grant revoked).",
    ),
};

export type BaseEnv = z.infer<z.ZodObject<ReturnType<typeof baseEnvSchema>>>;

export interface BaseConfig {
  service: ServiceName;
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  role: Role;
  database: { url?: string; poolMax: number; ssl: boolean; embeddedPort: number };
  redis: { url?: string; prefix: string };
  logLevel: string;
  dataDir: string;
  publicBaseUrl: string;
  bodyLimit: string;
  /** Deepest nesting of objects and arrays in a JSON body. */
  bodyMaxDepth: number;
  rateLimitPerMinute: number;
  /** Failed credentials per client address: `perAddress` distinct ones per `windowSeconds` (0: off). */
  authFailures: { perAddress: number; windowSeconds: number };
  /** Proxies trusted to name the client in `X-Forwarded-For` (express's `trust proxy`); empty: none. */
  trustedProxies: string[];
  shutdownTimeoutMs: number;
  secretsKey?: string;
  /** Create a development account and key on an empty database (never in production). */
  devBootstrap: boolean;
  /** The sweep that queues again pending work with no job (see PendingSweeper in @platform/queue). */
  recovery: { intervalMs: number; graceMs: number };
  /** Where JSON log lines go instead of stdout. Never read from the environment: set by tests that read the logs. */
  logStream?: { write(line: string): void };
}

export class ConfigValidationError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

export interface ConfigDefinition<Extra extends z.ZodRawShape, T> {
  service: ServiceName;
  defaults: ServiceDefaults;
  extra: Extra;
  /** Rules across variables (e.g. a key required by a provider), reported with the base problems. */
  check?: (env: z.infer<z.ZodObject<Extra>>) => string[];
  map: (env: z.infer<z.ZodObject<Extra>>) => T;
}

/**
 * Reads and validates the environment once. Every bad variable is reported together.
 * `env` defaults to the process environment; tests pass their own object.
 */
export function loadConfig<Extra extends z.ZodRawShape, T>(
  def: ConfigDefinition<Extra, T>,
  env: Record<string, string | undefined> = process.env,
): BaseConfig & T {
  const schema = z.object({ ...baseEnvSchema(def.defaults), ...def.extra });
  // Empty strings mean "unset", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigValidationError(def.service, problems);
  }
  const e = parsed.data as BaseEnv & z.infer<z.ZodObject<Extra>>;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) problems.push('DATABASE_URL: required when NODE_ENV=production');
  if (e.NODE_ENV === 'production' && e.ROLE !== 'all' && !e.REDIS_URL)
    problems.push(`REDIS_URL: required when ROLE=${e.ROLE} (the inline queue only works in one process)`);
  if (def.check) problems.push(...def.check(e));
  if (problems.length) throw new ConfigValidationError(def.service, problems);

  const base: BaseConfig = {
    service: def.service,
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, ssl: e.DATABASE_SSL, embeddedPort: e.EMBEDDED_PG_PORT },
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    bodyLimit: e.BODY_LIMIT,
    bodyMaxDepth: e.BODY_MAX_DEPTH,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authFailures: { perAddress: e.AUTH_FAILURES_PER_ADDRESS, windowSeconds: e.AUTH_FAILURE_WINDOW_SECONDS },
    trustedProxies: listOf(e.TRUSTED_PROXIES ?? ''),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    secretsKey: e.SECRETS_KEY,
    devBootstrap: e.DEV_BOOTSTRAP ?? e.NODE_ENV === 'development',
    recovery: { intervalMs: e.RECOVERY_INTERVAL_MS, graceMs: e.RECOVERY_GRACE_MS },
  };
  return { ...base, ...def.map(e) };
}

/** For main.ts: load or print every problem and exit with status 1. */
export function loadConfigOrExit<Extra extends z.ZodRawShape, T>(
  def: ConfigDefinition<Extra, T>,
  env: Record<string, string | undefined> = process.env,
): BaseConfig & T {
  try {
    return loadConfig(def, env);
  } catch (err) {
    if (err instanceof ConfigValidationError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Nest injection token for the typed configuration object. */
export const APP_CONFIG = Symbol.for('platform.config');
