import { Client } from 'pg';

export interface BackendKiller {
  /** Stops killing; resolves to how many backends were terminated in all. */
  stop(): Promise<number>;
}

export interface BackendKillerOptions {
  /** Milliseconds between two rounds of terminations (default 40). */
  everyMs?: number;
  /** Only backends whose `application_name` starts with this (default: every backend of the test app's database). */
  applicationName?: string;
}

/**
 * Terminates, round after round until `stop()`, the PostgreSQL backends of one test app's own database (each test
 * app has a database of its own, `t_<service>_<random>`): `pg_terminate_backend` ends a connection as a server
 * restart does (57P01 to a query in flight, `Connection terminated unexpectedly` to the next use of the client).
 * Never touches another database's sessions, nor its own connection; the server itself is never restarted.
 */
export async function killBackendsWhile(databaseUrl: string, opts: BackendKillerOptions = {}): Promise<BackendKiller> {
  const admin = new Client({ connectionString: databaseUrl, application_name: 'test-backend-killer' });
  await admin.connect();
  const database = new URL(databaseUrl).pathname.slice(1);
  if (!/^t_[a-z]+_[0-9a-f]+$/.test(database)) throw new Error(`killBackendsWhile: ${database} is not a test app's own database`);
  let killed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name <> 'test-backend-killer'
            AND ($2::text IS NULL OR application_name LIKE $2 || '%')`,
        [database, opts.applicationName ?? null],
      );
      killed += r.rows.filter((x: { ok: boolean }) => x.ok).length;
      await new Promise((resolve) => setTimeout(resolve, opts.everyMs ?? 40));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await admin.end();
      return killed;
    },
  };
}

/** What a request answered while its database connections were being cut. */
export interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/**
 * The answers that break the rule "a lost database connection is a 503 with Retry-After, never a 500": anything but
 * 2xx, `allowed` statuses, and 503 with `Retry-After` whose body passes `is503` (the service's envelope).
 */
export function answersBreakingAvailability(answers: Answer[], is503: (body: unknown) => boolean, allowed: number[] = []): Answer[] {
  return answers.filter((a) => {
    if (a.status >= 200 && a.status < 300) return false;
    if (allowed.includes(a.status)) return false;
    return !(a.status === 503 && a.retryAfter !== null && Number(a.retryAfter) > 0 && is503(a.body));
  });
}

/** One request of a storm: its name and how to send it (plain `fetch`, so every answer is seen as it is). */
export type StormOp = [what: string, send: () => Promise<Response>];

/**
 * Sends `ops` round-robin from `concurrency` loops for `ms` milliseconds and returns every answer. A request whose
 * connection fails (no HTTP answer at all) is recorded with status 0, which no rule allows.
 */
export async function storm(ops: StormOp[], ms: number, concurrency = 4): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = Date.now() + ms;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const [what, send] = ops[next++ % ops.length];
        try {
          const res = await send();
          const text = await res.text();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON: kept as text */
          }
          answers.push({ what, status: res.status, retryAfter: res.headers.get('retry-after'), body: res.status >= 300 ? body : undefined });
        } catch (err) {
          answers.push({ what, status: 0, retryAfter: null, body: String(err) });
        }
      }
    }),
  );
  return answers;
}

/** Counts of answers by `what` and status, for a failure message. */
export function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[`${a.what} ${a.status}`] = (out[`${a.what} ${a.status}`] ?? 0) + 1;
  return out;
}
