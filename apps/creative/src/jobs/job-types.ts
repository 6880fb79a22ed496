import type { Charge } from '../billing/metering';

/**
 * The contract between the jobs module (records, queue, cancel/retry, callbacks) and the features
 * whose work runs as jobs (animate, videos, procedural videos, full campaigns). A feature validates
 * its request completely before calling `JobsService.create` (so a job only fails for reasons that
 * happen while it runs), and registers one `JobHandler` per kind with `JobHandlers.register`.
 */

export const JOB_KINDS = ['animate', 'video', 'procedural_video', 'campaign_full'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** queued → running → succeeded | failed | cancelled; failed and cancelled → queued again by retry. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Callback events, sent when a job ends. */
export const JOB_EVENTS = ['job.succeeded', 'job.failed', 'job.cancelled'] as const;
export type JobEvent = (typeof JOB_EVENTS)[number];

/** What a handler sees while it runs one attempt of a job. */
export interface JobContext {
  jobId: string;
  accountId: string;
  kind: JobKind;
  /** 1 for the first attempt, then 2, 3… (retries and recoveries after a lost worker). */
  attempt: number;
  /** The request as the feature stored it with `JobsService.create` (defaults applied). */
  request: Record<string, unknown>;
  /** Aborted when the job is cancelled (the handler must stop within a second) or the worker shuts down. */
  signal: AbortSignal;
  /** A fresh directory for this attempt's temporary files; the jobs module removes it when the attempt ends, whatever the outcome. */
  workDir: string;
  /** Records progress (0..1) and frames done; throttled by the jobs module, cheap to call per frame. */
  progress(fraction: number, frames?: { done: number; total: number }): void;
}

/** An artifact a job made, as listed in the job's `artifacts`. */
export interface JobArtifactRef {
  artifact_id: string;
  /** What it is within the result: `mp4`, `webm`, `gif`, `poster`, `piece`… */
  role: string;
}

export interface JobOutcome {
  artifacts: JobArtifactRef[];
  /** Kind-specific result (JSON), shown as the job's `result` (e.g. duration, frames, cuts, beats, campaign id). */
  result: Record<string, unknown>;
}

/**
 * The work of one job kind. `run` throws to fail the attempt: a `JobFailure` gives the job's
 * `error.code` and message; anything else is recorded as `internal_error` with a generic message.
 */
export interface JobHandler {
  kind: JobKind;
  run(ctx: JobContext): Promise<JobOutcome>;
  /** What an attempt's time budget scales with (`jobBudgetMs`); without it the job gets the budget of the largest video. */
  work?(request: Record<string, unknown>): JobWork;
}

/** The size of a job's work, from its stored request: what its time budget scales with. */
export interface JobWork {
  /** Output pixels times frames, summed over the output formats (mp4, webm, gif). */
  pixelFrames: number;
  /** Scenes drawn (each rasterized once: a render's worth of drawing). */
  scenes: number;
}

/** A failure with a code a client can act on (shown as the job's `error`). */
export class JobFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** What a feature passes to `JobsService.create`. */
export interface CreateJobInput {
  accountId: string;
  kind: JobKind;
  request: Record<string, unknown>;
  callbackUrl?: string | null;
  /** What the job costs (billing/job-charges.ts): reserved before the job is recorded (402 otherwise), held while it is queued, running or retried, captured when it succeeds, released when it fails or is cancelled. */
  charge?: Charge;
  /** The credential that asked for it (usage events record it). */
  credentialId?: string | null;
  /** The claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the job: a retry after the process died finds it. */
  idempotencyRef?: string | null;
}
