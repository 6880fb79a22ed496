import { DataSource, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

interface Runner {
  connectionLostWith?: unknown;
  releasePostgresConnection(err?: unknown): Promise<void>;
  query(...args: unknown[]): Promise<unknown>;
  stream(...args: unknown[]): Promise<unknown>;
}

const PATCHED = Symbol.for('platform.database.lost-connection');

/** Hands on `runner`'s lost connection as `err`'s cause when `err` is a released-runner refusal without one. */
function handOnCause(err: unknown, kind: typeof QueryRunnerAlreadyReleasedError | typeof QueryRunnerProviderAlreadyReleasedError, runner?: Runner): void {
  if (err instanceof kind && runner?.connectionLostWith !== undefined && err.cause === undefined) {
    Object.defineProperty(err, 'cause', { value: runner.connectionLostWith, enumerable: false, configurable: true });
  }
}

/**
 * TypeORM releases a query runner when its connection emits `error` (PostgreSQL ended it: a restart, a
 * pg_terminate_backend) and then answers the runner's next statement, a transaction's BEGIN or COMMIT, with
 * `QueryRunnerAlreadyReleasedError`, which says nothing of why: the request answered 500 where any other lost
 * connection answers 503 (issue 39, found by cutting a test app's connections while requests ran). The runner now
 * remembers the error that ended its connection and hands it on as that error's `cause`, so the classifier sees the
 * lost connection (57P01, `Connection terminated…`); a runner released by our own code (a bug) has no such cause and
 * stays a 500. Installed once per process, by `dataSourceOptions`.
 */
export function rememberLostConnections(): void {
  const proto = PostgresQueryRunner.prototype as unknown as Runner & { [PATCHED]?: boolean };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const release = proto.releasePostgresConnection;
  proto.releasePostgresConnection = function (this: Runner, err?: unknown) {
    if (err && this.connectionLostWith === undefined) this.connectionLostWith = err;
    return release.call(this, err);
  };
  // A statement of an EntityManager bound to that runner (a transaction's `m.query`) goes through DataSource.query,
  // which refuses it with QueryRunnerProviderAlreadyReleasedError before the runner sees it (oidc-provider's
  // revokeByGrantId in a refresh: entity's connections-cut test): the same cause is handed on there.
  const ds = DataSource.prototype as unknown as { query(q: string, p?: unknown[], runner?: Runner): Promise<unknown> };
  const dsQuery = ds.query;
  ds.query = async function (this: unknown, q: string, p?: unknown[], runner?: Runner) {
    try {
      return await dsQuery.call(this, q, p, runner);
    } catch (err) {
      handOnCause(err, QueryRunnerProviderAlreadyReleasedError, runner);
      throw err;
    }
  };
  for (const name of ['query', 'stream'] as const) {
    const original = proto[name];
    proto[name] = async function (this: Runner, ...args: unknown[]) {
      try {
        return await original.apply(this, args);
      } catch (err) {
        handOnCause(err, QueryRunnerAlreadyReleasedError, this);
        throw err;
      }
    };
  }
}
