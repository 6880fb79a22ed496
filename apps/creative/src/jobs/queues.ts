/** Media work (one BullMQ try per enqueue: a job's retries are the client's `retry`). */
export const MEDIA_QUEUE = 'media';
/** Callback deliveries (retried with exponential backoff). */
export const CALLBACKS_QUEUE = 'callbacks';

export interface MediaJobData {
  jobId: string;
  accountId: string;
}

export interface CallbackJobData {
  callbackId: string;
  accountId: string;
}

/** The queue job id of one run of a job: a retry or a recovery is a new run, so BullMQ does not take it for the finished one. */
export function mediaQueueJobId(jobId: string, runSeq: number): string {
  return runSeq === 0 ? jobId : `${jobId}-r${runSeq}`;
}
