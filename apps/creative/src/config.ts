import { engineConfigFromEnv, engineEnvProblems, engineEnvSchema } from '@platform/conversation';
import { envBool as bool, loadConfig, oauthProviderEnvSchema } from '@platform/config';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const SIZE = /^(\d+)(b|kb|mb|gb)?$/i;
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A byte size such as `64mb`, `512kb` or `1048576`. */
const byteSize = z
  .string()
  .regex(SIZE, 'must look like 64mb, 512kb or a number of bytes')
  .transform((v) => {
    const [, n, unit] = SIZE.exec(v)!;
    return Number(n) * UNITS[(unit ?? 'b').toLowerCase()];
  });

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' });

/** S3 SigV4 presigned URLs live at most 7 days. */
export const MAX_SIGNED_URL_TTL = 604_800;

const extra = {
  ...engineEnvSchema,
  RENDER_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .optional()
    .describe('Render worker threads; `0` renders on the main thread (measurements only: a heavy render then stalls every request). Unset: one per CPU.'),
  /** See render-pool.service.ts. */
  RENDER_WORKER_HEAP_MB: z.coerce
    .number()
    .int()
    .min(0)
    .max(4096)
    .default(128)
    .describe(
      "Initial old-generation size of each render worker's V8 heap (MB), `0` for V8's default. A worker's JavaScript heap is ~15 MB while each render allocates 10–25 MB of external memory (pixels, zlib, the PNG), which V8 counts against that limit: with the default the workers ran a full garbage collection about every other render, and renders a second were ~25% fewer.",
    ),
  RENDER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(20_000)
    .describe(
      'Time budget of one render, queue wait included; past it the render is aborted (its worker replaced) and the request answers 504 `render_timeout`.',
    ),
  RENDER_COST_LIMIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .optional()
    .describe(
      'Renders whose estimated drawing time (one core, from the laid-out design: page pixels times blurs and layers, shadows, procedural areas, text; see `libs/creative-ir/src/render/cost.ts`) passes this are refused before drawing with 422 `render_too_costly` (nothing charged); a page whose canvas alone passes it is refused from its size before it is queued (and a campaign piece before its design is made). Unset: `RENDER_TIMEOUT_MS`; `0` turns the check off.',
    ),
  RENDER_STOP_GRACE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(2000)
    .describe(
      'A render past `RENDER_TIMEOUT_MS` is told to stop (at its next checkpoint, within a chunk of drawing); its worker is terminated if it has not returned this long after, and a terminated worker still running this long after that is reported stuck (`/readyz` 503, `creative_worker_threads_stuck`).',
    ),
  RENDER_WORKERS_IDLE: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(1)
    .describe(
      'Render worker threads kept when idle (at most `RENDER_WORKERS`): the others exit after a minute without a task, with their heap and caches (decoded images up to 128 MB, a spare canvas up to 33 MB, PNG buffers up to 64 MB), and start again (~0.3 s) when renders come.',
    ),
  SHARP_CACHE_MB: z.coerce
    .number()
    .int()
    .min(0)
    .max(4096)
    .default(16)
    .describe("libvips' operation cache (`sharp.cache`) in MB, process-wide; `0` turns it off."),
  MEMORY_TRIM_IDLE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .describe('After this long without a render task or a video, free heap pages go back to the system (`malloc_trim`); `0`: never.'),
  MEMORY_TRIM_EVERY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(60_000)
    .describe(
      'Under constant traffic (renders never idle for `MEMORY_TRIM_IDLE_MS`), free heap pages still go back to the system (`malloc_trim`) at most this often, between render tasks; `0`: only when idle.',
    ),
  RENDER_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(256)
    .describe('Renders waiting for a worker beyond this answer 503 `render_busy` (with `Retry-After`).'),
  PREVIEW_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024)
    .describe('Rendered previews kept in memory per process, in bytes (64 MiB by default; least recently used dropped first); `0` disables the cache.'),
  PREVIEW_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(31_536_000)
    .default(0)
    .describe('`Cache-Control: private, max-age=N` of `GET …/preview` of the current revision (`0`: clients revalidate with the ETag, answered 304).'),
  /**
   * Read by libs/creative-ir itself (render/libdeflate.ts), from the process environment; listed here so that it is
   * documented with the others. Any string passes, as before: only `zlib` changes anything.
   */
  CREATIVE_IR_DEFLATE: z
    .string()
    .optional()
    .describe(
      "`auto` (unset: the same) writes opaque PNGs with libdeflate (the system's `libdeflate0`, loaded through `koffi`) when it loads, at the levels whose files match what node's zlib wrote, in 30–60% less CPU (renders a second +26% in `tools/bench/creative`); `zlib` always uses node's zlib (the fallback when the library is missing: same pixels, other bytes). Read by `libs/creative-ir`, so it applies to anything using it.",
    ),
  BLOB_DRIVER: z
    .enum(['local', 's3'])
    .default('local')
    .describe('Where asset and artifact bytes live: `local` (a directory) or `s3` (AWS S3, MinIO, R2, GCS interoperability).'),
  BLOB_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('Local driver: the directory (writes go to a temporary file and are renamed into place). Unset: `<DATA_DIR>/blobs`.'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional()
    .describe('S3 driver: the bucket (required with `BLOB_DRIVER=s3`).'),
  S3_REGION: z.string().min(1).default('us-east-1').describe('S3 driver: the region.'),
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' })
    .optional()
    .describe('S3 driver: the endpoint of an S3-compatible store, e.g. `http://minio:9000`. Unset: AWS.'),
  S3_PUBLIC_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' })
    .optional()
    .describe(
      'S3 driver: the endpoint clients reach, when the service reaches the store at another address (MinIO inside the cluster); presigned URLs are signed for it. Unset: `S3_ENDPOINT`.',
    ),
  S3_FORCE_PATH_STYLE: bool.default('false').describe('S3 driver: `bucket` in the path instead of the host name (MinIO and most compatible stores).'),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "may hold letters, digits and ! _ . * ' ( ) / - only")
    .default('')
    .describe('S3 driver: prefix of every object key, e.g. `creative/`.'),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      "S3 driver: static credentials, with `S3_SECRET_ACCESS_KEY` (both or neither). Unset: the AWS SDK's default chain applies (environment, shared files, web identity, instance role).",
    ),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('S3 driver: the secret of `S3_ACCESS_KEY_ID` (both or neither).'),
  ASSET_UPLOAD_LIMIT: byteSize.default('64mb').describe('Largest upload (`512kb`, `64mb`, bytes); above it 413 `payload_too_large`.'),
  ASSET_IMPORT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(20_000)
    .describe('`POST /v1/assets` with `{"url": …}`: the whole download (redirects and body included) must finish within it, else 422 at `["body","url"]`.'),
  ASSET_IMPORT_ALLOW_PRIVATE: bool
    .default('false')
    .describe('Let `POST /v1/assets` with `{"url": …}` fetch from private, loopback or link-local addresses (development, tests, in-cluster sources).'),
  DESIGN_BODY_LIMIT: byteSize
    .default('32mb')
    .describe(
      'Largest JSON body of `POST /v1/designs` (a design bundle or an IR with its images and fonts inlined as data URLs), read after the credential check; above it 413 `payload_too_large`. Every other JSON body keeps `BODY_LIMIT`. Also the least `POST /v1/mcp` takes, so `create_design` imports what REST does.',
    ),
  MCP_ALLOWED_HOSTS: z
    .string()
    .default('')
    .describe(
      "Host names (comma-separated, no port) the MCP endpoint (`POST /v1/mcp`) accepts in `Host` besides `PUBLIC_BASE_URL`'s host, `localhost`, `127.0.0.1`, `[::1]` (DNS-rebinding protection; others get 403). `*` turns the check off, for a proxy that checks Host itself.",
    ),
  ...oauthProviderEnvSchema,
  TRANSFORM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe(
      "Longest an asset transform may take, all its operations together (sharp's own `timeout`, set on each pipeline to what is left): past it the work stops and the request fails with 504 `transform_timeout`.",
    ),
  ASSET_MAX_PIXELS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .default(67_108_864)
    .describe(
      'Largest image (8192² by default), read from its header before anything is decoded (422 `image_too_large`); also bounds what a transform may make.',
    ),
  AUDIO_MAX_SECONDS: z.coerce.number().positive().max(86_400).default(600).describe('Longest audio upload (422 `audio_too_long`).'),
  SIGNED_URL_TTL_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SIGNED_URL_TTL)
    .default(60)
    .describe('Lower bound of `ttl` for artifact signed URLs; below it 422.'),
  SIGNED_URL_TTL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SIGNED_URL_TTL)
    .default(MAX_SIGNED_URL_TTL)
    .describe("Upper bound of `ttl` for artifact signed URLs (7 days is S3's limit); above it 422."),
  URL_SIGNING_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'Local driver: HMAC key of signed URLs (32+ characters, the same on every replica). Unset in development and test: generated once into `<DATA_DIR>/url-signing.key` (mode 0600). Required in production with `BLOB_DRIVER=local`.',
    ),
  FFPROBE_PATH: z.string().min(1).optional().describe('ffprobe, which reads uploaded audio. Unset: the `@ffprobe-installer` binary.'),
  FFMPEG_PATH: z.string().min(1).optional().describe('ffmpeg, which makes videos. Unset: the `@ffmpeg-installer` binary.'),
  JOB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .describe('Media jobs one worker process runs at once (each runs ffmpeg: size with the CPU limit).'),
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(30_000)
    .describe("A running job's lease, renewed by its worker; once it runs out the pending sweep gives the job to another worker."),
  JOB_MAX_LOST_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(3)
    .describe(
      "Workers a job's run may lose (lease run out: OOM, node lost) before it fails with `worker_lost` instead of being taken up again: a job that kills every worker that runs it must not do so forever.",
    ),
  MEDIA_JOB_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .default(300_000)
    .describe(
      'Time budget of one attempt of a media job (animate, video, procedural video, full campaign) per minute of 1920x1080 at 30 fps in one output format; ' +
        'a job gets this times its minutes x pixels x fps x formats relative to that (at least once), plus RENDER_TIMEOUT_MS per scene; ' +
        "a full campaign gets the largest video's. Past it the job stops (ffmpeg killed, threads stopped) and fails with `job_timeout`, " +
        'its credits released; it is not retried by itself (POST /v1/jobs/{id}/retry may).',
    ),
  CALLBACK_ALLOW_PRIVATE: bool
    .default('false')
    .describe('Accept job `callback_url`s on private, loopback or link-local addresses (development, tests, in-cluster receivers).'),
  CALLBACK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8).describe('Tries per job callback, the first included.'),
  CALLBACK_RETRY_BASE_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600_000)
    .default(1000)
    .describe('First delay between job callback tries; each later one doubles.'),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000).describe("One job callback try's time limit."),
  BILLING_FREE_MONTHLY_CREDITS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .optional()
    .describe("Credits the free plan grants every month. Unset: 500, or 1,000,000 when `NODE_ENV=test` (the test harness's accounts run whole suites)."),
  BILLING_RESERVATION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(900)
    .describe(
      'A held reservation nothing has settled expires after this (its job still queued or running extends it, a synchronous operation still running renews it every third of it); the sweep then releases it.',
    ),
  BLOB_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000)
    .default(3_600_000)
    .describe(
      'Worker and all roles: how often the blob sweep lists `accounts/` in the blob store and removes blobs no asset or artifact row refers to (left by a process that died between uploading a blob and inserting its row, or between deleting a row and its blob); artifact blobs under their content lock. `0` turns it off.',
    ),
  BLOB_SWEEP_MIN_AGE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(30 * 86_400_000)
    .default(86_400_000)
    .describe("The blob sweep only removes blobs written at least this long ago (24 h by default; an upload's row follows its blob within moments)."),
  PREVIEW_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(600_000)
    .describe(
      'Worker and all roles: how often the preview sweep lists `previews/` in the blob store and removes the previews MCP results linked to (preview_design, get_template_preview) whose signed link has expired (an hour after they were made). Several processes may sweep at once: removals are idempotent. `0` turns it off (then only the per-account cap bounds them).',
    ),
  PREVIEW_LINKS_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(100)
    .describe('Most previews one account keeps stored for the signed links of MCP results: storing one more removes its oldest (whose link then answers 404).'),
  BILLING_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(60_000)
    .describe('How often the reservation sweep runs (worker and all roles).'),
  BILLING_GATEWAY: z
    .enum(['local', 'stripe'])
    .optional()
    .describe(
      'The payment gateway: `stripe`, or `local` (a checkout page served by the service, where a purchase completes without any payment). Unset: `local`, except with `NODE_ENV=production`, where the service refuses to start without it.',
    ),
  BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: bool
    .default('false')
    .describe(
      'With `NODE_ENV=production`, `BILLING_GATEWAY=local` refuses to start unless this is true (it then logs an error line at boot): the local gateway hands out plans and credit packs for free, so running it in production (a demo, a staging cluster) has to be meant.',
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("Stripe's secret API key (`sk_test_…` = test mode, `sk_live_…` = live); required with `BILLING_GATEWAY=stripe`."),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The signing secret of the Stripe webhook endpoint (`POST {PUBLIC_BASE_URL}/v1/billing/stripe/webhook`); required with `BILLING_GATEWAY=stripe`.',
    ),
  STRIPE_API_BASE: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { message: 'must start with http:// or https://' })
    .optional()
    .describe("Where the Stripe SDK sends its requests (the tests use a local server speaking Stripe's wire format). Unset: `https://api.stripe.com`."),
  IMAGE_PROVIDER: z
    .enum(['builtin', 'openai', 'openai-compatible'])
    .default('builtin')
    .describe('The image provider `POST /v1/generations` uses when a request names none.'),
  OPENAI_IMAGE_MODEL: z
    .string()
    .min(1)
    .default('gpt-image-1')
    .describe('OpenAI images (the key is `OPENAI_API_KEY`): the model (`dall-e-3` and `dall-e-2` work too).'),
  OPENAI_IMAGE_BASE_URL: httpUrl
    .optional()
    .describe('OpenAI images: another address for the OpenAI API (a proxy, Azure-style gateways). Unset: `https://api.openai.com/v1`.'),
  IMAGE_COMPATIBLE_BASE_URL: httpUrl
    .optional()
    .describe('Any OpenAI-compatible image endpoint (LocalAI, vLLM-omni, a gateway): its base URL (`…/v1`), with `IMAGE_COMPATIBLE_MODEL` (both or neither).'),
  IMAGE_COMPATIBLE_MODEL: z.string().min(1).optional().describe('The model of the OpenAI-compatible image endpoint.'),
  IMAGE_COMPATIBLE_API_KEY: z.string().min(1).optional().describe('The key of the OpenAI-compatible image endpoint, if it needs one.'),
  IMAGE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(120_000)
    .describe('Longest an image provider call may take before the request fails with 504 `<provider>_timeout`.'),
};

type Extra = z.infer<z.ZodObject<typeof extra>>;
/** `check` and `map` receive the whole parsed environment (base variables included). */
type WithBase = Extra & { NODE_ENV?: string; DATA_DIR?: string; PUBLIC_BASE_URL?: string };

function problems(env: Extra): string[] {
  const e = env as WithBase;
  const out: string[] = [...engineEnvProblems(env)];
  if (e.BLOB_DRIVER === 's3' && !e.S3_BUCKET) out.push('S3_BUCKET: required when BLOB_DRIVER=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
    out.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default credential chain then applies)');
  if (e.IMAGE_PROVIDER === 'openai' && !e.OPENAI_API_KEY) out.push('OPENAI_API_KEY: required when IMAGE_PROVIDER=openai');
  if (e.IMAGE_PROVIDER === 'openai-compatible' && !(e.IMAGE_COMPATIBLE_BASE_URL && e.IMAGE_COMPATIBLE_MODEL))
    out.push('IMAGE_COMPATIBLE_BASE_URL, IMAGE_COMPATIBLE_MODEL: required when IMAGE_PROVIDER=openai-compatible');
  if (!!e.IMAGE_COMPATIBLE_BASE_URL !== !!e.IMAGE_COMPATIBLE_MODEL) out.push('IMAGE_COMPATIBLE_BASE_URL, IMAGE_COMPATIBLE_MODEL: set both, or neither');
  if (e.SIGNED_URL_TTL_MIN > e.SIGNED_URL_TTL_MAX) out.push('SIGNED_URL_TTL_MIN: must not be larger than SIGNED_URL_TTL_MAX');
  if (e.NODE_ENV === 'production' && e.BLOB_DRIVER === 'local' && !e.URL_SIGNING_SECRET)
    out.push('URL_SIGNING_SECRET: required when NODE_ENV=production and BLOB_DRIVER=local (it signs artifact URLs; every replica needs the same one)');
  if (e.NODE_ENV === 'production' && !e.BILLING_GATEWAY)
    out.push(
      'BILLING_GATEWAY: required when NODE_ENV=production: set stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); the local gateway completes purchases without payment',
    );
  if (e.NODE_ENV === 'production' && e.BILLING_GATEWAY === 'local' && !e.BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION)
    out.push(
      'BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: must be true to run BILLING_GATEWAY=local when NODE_ENV=production: every account could then buy plans and credit packs without paying (use BILLING_GATEWAY=stripe)',
    );
  if (e.BILLING_GATEWAY === 'stripe' && !e.STRIPE_SECRET_KEY) out.push('STRIPE_SECRET_KEY: required when BILLING_GATEWAY=stripe');
  if (e.BILLING_GATEWAY === 'stripe' && !e.STRIPE_WEBHOOK_SECRET)
    out.push('STRIPE_WEBHOOK_SECRET: required when BILLING_GATEWAY=stripe (webhooks are verified with it)');
  return out;
}

/** The Host names the MCP endpoint answers: PUBLIC_BASE_URL's, the loopback names, and MCP_ALLOWED_HOSTS. */
function mcpAllowedHosts(list: string, publicBaseUrl: string | undefined): string[] | null {
  const given = list
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (given.includes('*')) return null;
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]', ...given]);
  if (publicBaseUrl) hosts.add(new URL(publicBaseUrl).hostname.toLowerCase());
  return [...hosts];
}

function mapConfig(env: Extra) {
  const e = env as WithBase;
  const dataDir = e.DATA_DIR ?? '.data';
  return {
    storage: {
      driver: e.BLOB_DRIVER,
      /** Local driver: where blobs live. */
      localDir: e.BLOB_DIR ?? join(dataDir, 'blobs'),
      sweep: { intervalMs: e.BLOB_SWEEP_INTERVAL_MS, minAgeMs: e.BLOB_SWEEP_MIN_AGE_MS },
      /** Previews MCP results link to (`previews/`): the sweep of expired ones, and how many an account keeps. */
      previews: { sweepIntervalMs: e.PREVIEW_SWEEP_INTERVAL_MS, perAccount: e.PREVIEW_LINKS_PER_ACCOUNT },
      s3: {
        bucket: e.S3_BUCKET ?? '',
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        publicEndpoint: e.S3_PUBLIC_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        keyPrefix: e.S3_KEY_PREFIX,
        credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
      },
    },
    assets: {
      /** Largest upload in bytes (413 above it). */
      maxUploadBytes: e.ASSET_UPLOAD_LIMIT,
      /** Largest image in pixels, read from its header before anything is decoded; also bounds transform outputs. */
      maxPixels: e.ASSET_MAX_PIXELS,
      maxAudioSeconds: e.AUDIO_MAX_SECONDS,
      transformTimeoutMs: e.TRANSFORM_TIMEOUT_MS,
      /** Imports by URL (`POST /v1/assets` `{"url"}`): the whole download's time limit, and whether private addresses may be fetched. */
      importTimeoutMs: e.ASSET_IMPORT_TIMEOUT_MS,
      importAllowPrivate: e.ASSET_IMPORT_ALLOW_PRIVATE,
      /** Uploads stream into files here before they are checked and stored. */
      tmpDir: join(dataDir, 'tmp', 'uploads'),
    },
    signedUrls: {
      minTtl: e.SIGNED_URL_TTL_MIN,
      maxTtl: e.SIGNED_URL_TTL_MAX,
      /** Local storage: HMAC key; unset in development and test means a generated one kept in `secretFile`. */
      secret: e.URL_SIGNING_SECRET,
      secretFile: join(dataDir, 'url-signing.key'),
    },
    media: { ffprobePath: e.FFPROBE_PATH, ffmpegPath: e.FFMPEG_PATH },
    /** The LLM provider the conversation engine would use (listed by GET /v1/llm/providers). */
    llm: engineConfigFromEnv(e),
    /** Which provider keys are set (a provider other than the active one counts as configured when its key is). */
    llmKeys: { openai: !!e.OPENAI_API_KEY, anthropic: !!e.ANTHROPIC_API_KEY },
    /** Image generation providers (GET /v1/providers); the LLM ones are `llm` above. */
    images: {
      defaultProvider: e.IMAGE_PROVIDER,
      timeoutMs: e.IMAGE_TIMEOUT_MS,
      openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, model: e.OPENAI_IMAGE_MODEL, baseUrl: e.OPENAI_IMAGE_BASE_URL } : null,
      compatible:
        e.IMAGE_COMPATIBLE_BASE_URL && e.IMAGE_COMPATIBLE_MODEL
          ? { baseUrl: e.IMAGE_COMPATIBLE_BASE_URL, model: e.IMAGE_COMPATIBLE_MODEL, apiKey: e.IMAGE_COMPATIBLE_API_KEY }
          : null,
    },
    /** LLM keys themselves, for vision and planning calls to a provider other than the active one. */
    llmSecrets: { openai: e.OPENAI_API_KEY, anthropic: e.ANTHROPIC_API_KEY },
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      leaseMs: e.JOB_LEASE_MS,
      maxLostAttempts: e.JOB_MAX_LOST_ATTEMPTS,
      /** Budget of an attempt per unit of work (see `jobBudgetMs` in jobs/media.processor.ts). */
      timeoutMs: e.MEDIA_JOB_TIMEOUT_MS,
      /** Each attempt's work directory lives here, removed when the attempt ends. */
      workDir: join(dataDir, 'tmp', 'jobs'),
    },
    callbacks: {
      allowPrivate: e.CALLBACK_ALLOW_PRIVATE,
      maxAttempts: e.CALLBACK_MAX_ATTEMPTS,
      retryBaseMs: e.CALLBACK_RETRY_BASE_MS,
      timeoutMs: e.CALLBACK_TIMEOUT_MS,
    },
    mcp: {
      /** Host names (no port) the MCP endpoint accepts in the Host header; null: any (MCP_ALLOWED_HOSTS=*). */
      allowedHosts: mcpAllowedHosts(e.MCP_ALLOWED_HOSTS, e.PUBLIC_BASE_URL),
      /** Largest JSON body of `POST /v1/mcp`: an asset upload as base64 or a design body (the larger), plus room for the JSON-RPC envelope. */
      bodyLimitBytes: Math.max(Math.ceil((e.ASSET_UPLOAD_LIMIT * 4) / 3), e.DESIGN_BODY_LIMIT) + 64 * 1024,
    },
    oauth: {
      /** Signing keys of the OAuth provider's cookies, newest first; unset: derived from SECRETS_KEY, else random per process. */
      cookieKeys: e.OAUTH_COOKIE_KEYS?.split(',').map((k) => k.trim()),
      /** How often expired provider rows (oidc_payloads) are deleted, worker and all roles; 0: never. */
      sweepIntervalMs: e.OAUTH_SWEEP_INTERVAL_MS,
      /** A rotated refresh token presented again within this many seconds is honoured once more (a lost answer); 0: a replay. */
      refreshReuseGraceSeconds: e.OAUTH_REFRESH_REUSE_GRACE_SECONDS,
    },
    designs: {
      /** Largest JSON body of `POST /v1/designs` (bundles and IRs with inlined images and fonts). */
      bodyLimitBytes: e.DESIGN_BODY_LIMIT,
    },
    billing: {
      freeMonthlyCredits: e.BILLING_FREE_MONTHLY_CREDITS ?? (e.NODE_ENV === 'test' ? 1_000_000 : 500),
      reservationTtlSeconds: e.BILLING_RESERVATION_TTL_SECONDS,
      sweepIntervalMs: e.BILLING_SWEEP_INTERVAL_MS,
      gateway: e.BILLING_GATEWAY ?? 'local',
      /** The local gateway with NODE_ENV=production (explicitly allowed): purchases complete without payment; said at boot. */
      localInProduction: e.NODE_ENV === 'production' && e.BILLING_GATEWAY === 'local',
      stripe: { secretKey: e.STRIPE_SECRET_KEY ?? '', webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '', apiBase: e.STRIPE_API_BASE },
    },
    memory: {
      sharpCacheMb: e.SHARP_CACHE_MB,
      trimIdleMs: e.MEMORY_TRIM_IDLE_MS,
      trimEveryMs: e.MEMORY_TRIM_EVERY_MS,
    },
    rendering: {
      workers: e.RENDER_WORKERS ?? Math.max(1, availableParallelism()),
      idleWorkers: e.RENDER_WORKERS_IDLE,
      workerHeapMb: e.RENDER_WORKER_HEAP_MB,
      timeoutMs: e.RENDER_TIMEOUT_MS,
      /** 0: no cost check. */
      costLimitMs: e.RENDER_COST_LIMIT_MS ?? e.RENDER_TIMEOUT_MS,
      stopGraceMs: e.RENDER_STOP_GRACE_MS,
      queueMax: e.RENDER_QUEUE_MAX,
      previewCacheBytes: e.PREVIEW_CACHE_BYTES,
      previewMaxAgeSeconds: e.PREVIEW_MAX_AGE_SECONDS,
    },
  };
}

export const creativeConfigDefinition = {
  service: 'creative' as const,
  defaults: { port: 3100, rateLimitPerMinute: 600 },
  extra,
  check: problems,
  map: mapConfig,
};

export type CreativeConfig = ReturnType<typeof loadCreativeConfig>;

export function loadCreativeConfig(env: Record<string, string | undefined>) {
  return loadConfig(creativeConfigDefinition, env);
}
