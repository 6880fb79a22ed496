import { Injectable } from '@nestjs/common';

/**
 * The contract between billable operations and billing (ARCHITECTURE.md: "every billable operation goes through
 * billing (reserve → capture or release) and records a usage event").
 *
 * Feature folders (rendering, assets, campaigns, videos, intelligence…) depend only on this file; the billing folder
 * provides the real `Metering` (price book, reservations, ledger, usage events) in place of `UnmeteredMetering`.
 */
export const BILLABLE_OPERATIONS = [
  /** params: { width, height, format } of the output */
  'render',
  /** params: { width, format } — free in the price book, still a usage event */
  'preview',
  /** params: { width, height, format } */
  'procedural_render',
  /** params: { provider, width, height } */
  'generation',
  /** params: { operations (count), width, height } of the output */
  'transform',
  /** params: { seconds, width, height, fps } (resolution tier from the larger side) */
  'video',
  /** params: { pieces: [{ width, height, format }] } — the sum of its renders */
  'campaign',
  /** params: { provider } */
  'vision',
  /** params: { provider } */
  'planning',
] as const;
export type BillableOperation = (typeof BILLABLE_OPERATIONS)[number];

/** What is charged: the operation and the parameters its price depends on (see BILLABLE_OPERATIONS). */
export interface Charge {
  operation: BillableOperation;
  params: Record<string, unknown>;
}

/** The charge of a render: its output size and format (what the price book prices a render by). */
export const renderCharge = (r: { width: number; height: number; format: string }): Charge => ({
  operation: 'render',
  params: { width: r.width, height: r.height, format: r.format },
});

/** Who is charged, and what the usage event points at. */
export interface MeterContext {
  accountId: string;
  /** The API key or access token used (usage events record it); null for work not started by a request. */
  credentialId?: string | null;
  designId?: string | null;
  jobId?: string | null;
  assetId?: string | null;
  /**
   * The claim of the request's Idempotency-Key, for an operation that is its request's one charge (a render): recorded
   * on the reservation, so a retry after the process died finds the charge instead of making a second (see `metered`).
   */
  idempotencyRef?: string | null;
}

export interface Estimate {
  operation: BillableOperation;
  credits: number;
  /** Human-readable lines of how the figure was reached. */
  breakdown: { item: string; credits: number }[];
}

export abstract class Metering {
  /** The price of `charge` from the price book: the same figure `metered` reserves and captures. */
  abstract estimate(charge: Charge): Estimate;

  /**
   * Reserves the estimate of `charge` for the caller, runs `work`, captures the reservation when it resolves and
   * releases it when it throws (rethrowing). Throws 402 `insufficient_credits` before running `work` when the balance
   * cannot cover the estimate. Records a usage event for the operation.
   */
  abstract metered<T>(ctx: MeterContext, charge: Charge, work: () => Promise<T>): Promise<T>;

  /**
   * Checks that the balance covers `charge` now, without reserving (402 `insufficient_credits` otherwise): for an
   * operation that changes something before its billable part (a node change that renders), so a 402 changes nothing.
   */
  abstract check(ctx: MeterContext, charge: Charge): Promise<void>;

  /** Jobs: reserves the job's charge when it is accepted (before the 202; 402 otherwise). `ctx.jobId` is required. */
  abstract reserveJob(ctx: MeterContext & { jobId: string }, charge: Charge): Promise<void>;

  /** Jobs: a retry reserves the job's charge again (402 when the balance cannot cover it: the job stays as it was). */
  abstract reserveJobAgain(accountId: string, jobId: string): Promise<void>;

  /** Jobs: a worker started (or took up again) the job. */
  abstract jobStarted(jobId: string): Promise<void>;

  /** Jobs: the job ended: its reservation is captured when it succeeded and released otherwise. */
  abstract jobEnded(jobId: string, state: 'succeeded' | 'failed' | 'cancelled'): Promise<void>;
}

/** Runs work without charging: the binding until the billing folder provides its own. */
@Injectable()
export class UnmeteredMetering extends Metering {
  estimate(charge: Charge): Estimate {
    return { operation: charge.operation, credits: 0, breakdown: [] };
  }

  metered<T>(_ctx: MeterContext, _charge: Charge, work: () => Promise<T>): Promise<T> {
    return work();
  }

  check(): Promise<void> {
    return Promise.resolve();
  }
  reserveJob(): Promise<void> {
    return Promise.resolve();
  }
  reserveJobAgain(): Promise<void> {
    return Promise.resolve();
  }
  jobStarted(): Promise<void> {
    return Promise.resolve();
  }
  jobEnded(): Promise<void> {
    return Promise.resolve();
  }
}
