import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/** Durable jobs (media work run from the `media` queue), their callback deliveries and attempts, the accounts' signing secrets (issue 17). */
export class Jobs1797000000000 implements MigrationInterface {
  name = 'Jobs1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${S}".jobs (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('animate', 'video', 'procedural_video', 'campaign_full')),
        state text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
        progress double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
        frames_done int NOT NULL DEFAULT 0,
        frames_total int,
        attempts int NOT NULL DEFAULT 0,
        run_seq int NOT NULL DEFAULT 0,
        lost_attempts int NOT NULL DEFAULT 0,
        request jsonb NOT NULL,
        result jsonb,
        artifacts jsonb NOT NULL DEFAULT '[]',
        error_code text,
        error_message text,
        callback_url text,
        worker_id text,
        lease_until timestamptz(3),
        heartbeat_at timestamptz(3),
        cancel_requested boolean NOT NULL DEFAULT false,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        started_at timestamptz(3),
        finished_at timestamptz(3),
        updated_at timestamptz(3) NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX jobs_account_created ON "${S}".jobs (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX jobs_account_state_created ON "${S}".jobs (account_id, state, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX jobs_account_kind_created ON "${S}".jobs (account_id, kind, created_at DESC, id DESC)`);
    // The pending sweep: queued jobs, and running ones whose lease ran out (a lost worker).
    await q.query(`CREATE INDEX jobs_pending ON "${S}".jobs (created_at, id) WHERE state IN ('queued', 'running')`);

    await q.query(`
      CREATE TABLE "${S}".job_callbacks (
        id text PRIMARY KEY,
        job_id text NOT NULL REFERENCES "${S}".jobs(id) ON DELETE CASCADE,
        account_id text NOT NULL REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        event text NOT NULL CHECK (event IN ('job.succeeded', 'job.failed', 'job.cancelled')),
        url text NOT NULL,
        payload jsonb NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3),
        last_status int,
        last_error text,
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        delivered_at timestamptz(3)
      )`);
    await q.query(`CREATE INDEX job_callbacks_job ON "${S}".job_callbacks (job_id, created_at, id)`);
    await q.query(`CREATE INDEX job_callbacks_pending ON "${S}".job_callbacks (created_at, id) WHERE state = 'pending'`);
    await q.query(`
      CREATE TABLE "${S}".job_callback_attempts (
        callback_id text NOT NULL REFERENCES "${S}".job_callbacks(id) ON DELETE CASCADE,
        attempt int NOT NULL,
        status_code int,
        error text,
        duration_ms int NOT NULL,
        at timestamptz(3) NOT NULL,
        PRIMARY KEY (callback_id, attempt)
      )`);
    await q.query(`
      CREATE TABLE "${S}".callback_secrets (
        account_id text PRIMARY KEY REFERENCES "${S}".accounts(id) ON DELETE CASCADE,
        secret text NOT NULL,
        previous_secret text,
        previous_until timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
        rotated_at timestamptz(3)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${S}".callback_secrets`);
    await q.query(`DROP TABLE "${S}".job_callback_attempts`);
    await q.query(`DROP TABLE "${S}".job_callbacks`);
    await q.query(`DROP TABLE "${S}".jobs`);
  }
}
