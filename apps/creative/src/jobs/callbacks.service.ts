import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { SecretsBox, sendSignedWebhook } from '@platform/outbound';
import { JobQueue } from '@platform/queue';
import { randomBytes } from 'node:crypto';
import type { CreativeConfig } from '../config';
import type { CallbackDeliveryDto, SigningSecretDto } from './dto/job.dto';
import { CallbacksRepository } from './callbacks.repository';
import type { CallbackSecret, JobCallback } from './job-callback.entity';
import type { Job } from './job.entity';
import type { JobEvent } from './job-types';
import { JobViews } from './job-views.service';
import { CALLBACKS_QUEUE, type CallbackJobData } from './queues';

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

export type CallbackOutcome = 'delivered' | 'retry' | 'failed';

const EVENT_OF = { succeeded: 'job.succeeded', failed: 'job.failed', cancelled: 'job.cancelled' } as const;

function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Secrets are stored sealed (SECRETS_KEY), bound to their account. */
const secretAad = (accountId: string) => `callback-secret:${accountId}`;

/**
 * Callbacks: when a job with a `callback_url` ends, an event (`job.succeeded`, `job.failed`,
 * `job.cancelled`, with the job as GET shows it) is recorded and POSTed from the `callbacks`
 * queue, signed per Standard Webhooks with the account's secret, retried with exponential backoff;
 * every try is recorded. Sent through @platform/outbound: the address dialled is checked at
 * connection time, redirects are not followed.
 */
@Injectable()
export class CallbacksService {
  private readonly logger = new Logger('Callbacks');

  constructor(
    private readonly rows: CallbacksRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly queue: JobQueue,
    private readonly views: JobViews,
    private readonly box: SecretsBox,
  ) {}

  /** Records the event of a job that just ended (if it has a callback URL) and queues its delivery. */
  async jobEnded(job: Job): Promise<void> {
    if (!job.callbackUrl) return;
    const event: JobEvent | undefined = EVENT_OF[job.state as keyof typeof EVENT_OF];
    if (!event) return;
    const payload = { type: event, timestamp: new Date().toISOString(), data: await this.views.one(job) };
    const row: Partial<JobCallback> = {
      id: newId('cbk'),
      jobId: job.id,
      accountId: job.accountId,
      event,
      url: job.callbackUrl,
      payload,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
    };
    await this.rows.insert(row);
    await this.enqueue({ id: row.id!, accountId: job.accountId });
  }

  async enqueue(item: { id: string; accountId: string }): Promise<void> {
    const data: CallbackJobData = { callbackId: item.id, accountId: item.accountId };
    await this.queue.add(CALLBACKS_QUEUE, 'deliver', data, {
      attempts: this.config.callbacks.maxAttempts,
      backoffMs: this.config.callbacks.retryBaseMs,
      jobId: item.id,
    });
  }

  /** The secrets that sign now: the current one, and the previous one during its 24 hours. */
  private async signingSecrets(accountId: string): Promise<string[]> {
    const s = await this.secretRow(accountId);
    const out = [this.box.open(s.secret, secretAad(accountId))];
    if (s.previousSecret && s.previousUntil && s.previousUntil.getTime() > Date.now()) out.push(this.box.open(s.previousSecret, secretAad(accountId)));
    return out;
  }

  /** One try: POSTs the event and records it. `lastTry`: a failure is final. */
  async attempt(accountId: string, callbackId: string, lastTry: boolean): Promise<CallbackOutcome> {
    const cb = await this.rows.find(accountId, callbackId);
    if (!cb || cb.state !== 'pending') return 'delivered';
    const started = Date.now();
    const sent = await sendSignedWebhook(
      cb.url,
      { id: cb.id, payload: cb.payload, secrets: () => this.signingSecrets(accountId), userAgent: 'creative-callbacks/1.0' },
      { timeoutMs: this.config.callbacks.timeoutMs, allowPrivate: this.config.callbacks.allowPrivate },
    );
    const { statusCode, error } = sent;
    let outcome: CallbackOutcome = sent.outcome === 'refused' ? 'failed' : sent.outcome;
    if (outcome === 'retry' && lastTry) outcome = 'failed';
    const attempt = cb.attempts + 1;
    const retryIn = this.config.callbacks.retryBaseMs * 2 ** (attempt - 1);
    await this.rows.recordAttempt(
      cb.id,
      { attempt, statusCode, error, durationMs: Date.now() - started, at: new Date(started) },
      {
        attempts: attempt,
        state: outcome === 'retry' ? 'pending' : outcome,
        lastStatus: statusCode,
        lastError: error,
        nextAttemptAt: outcome === 'retry' ? new Date(Date.now() + retryIn) : null,
        deliveredAt: outcome === 'delivered' ? new Date() : null,
      },
    );
    if (outcome !== 'delivered') this.logger.warn(`Callback ${cb.id} of job ${cb.jobId}, try ${attempt}: ${error} (${outcome})`);
    return outcome;
  }

  /** After the queue's last try (or a try that threw): the delivery is failed for good. */
  async markFailed(accountId: string, callbackId: string, reason: string): Promise<void> {
    await this.rows.markFailed(accountId, callbackId, reason);
  }

  async listForJob(accountId: string, jobId: string): Promise<CallbackDeliveryDto[]> {
    const { rows, attempts } = await this.rows.forJob(accountId, jobId);
    return rows.map((r) => ({
      id: r.id,
      event: r.event,
      url: r.url,
      state: r.state,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      last_status: r.lastStatus,
      last_error: r.lastError,
      created_at: r.createdAt.toISOString(),
      delivered_at: r.deliveredAt?.toISOString() ?? null,
      attempt_log: attempts
        .filter((a) => a.callbackId === r.id)
        .map((a) => ({ attempt: a.attempt, status_code: a.statusCode, error: a.error, duration_ms: a.durationMs, at: a.at.toISOString() })),
    }));
  }

  /** The account's secret row, created on first use (concurrent first uses agree on one). */
  private async secretRow(accountId: string): Promise<CallbackSecret> {
    return (await this.rows.findSecret(accountId)) ?? this.rows.insertSecretIfNone(accountId, this.box.seal(newSecret(), secretAad(accountId)));
  }

  private secretView(s: CallbackSecret): SigningSecretDto {
    const live = s.previousSecret && s.previousUntil && s.previousUntil.getTime() > Date.now();
    return {
      secret: this.box.open(s.secret, secretAad(s.accountId)),
      created_at: (s.rotatedAt ?? s.createdAt).toISOString(),
      previous_secret_expires_at: live ? s.previousUntil!.toISOString() : null,
    };
  }

  async signingSecret(accountId: string): Promise<SigningSecretDto> {
    return this.secretView(await this.secretRow(accountId));
  }

  /** A new secret; the current one keeps signing beside it for 24 hours. */
  async rotate(accountId: string): Promise<SigningSecretDto> {
    await this.secretRow(accountId);
    return this.secretView(await this.rows.rotateSecret(accountId, this.box.seal(newSecret(), secretAad(accountId)), PREVIOUS_SECRET_MS / 1000));
  }
}
