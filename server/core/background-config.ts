import { z } from 'zod';

/**
 * The pace of each instance's background work. The defaults suit a deployment; a shorter pace lets a
 * check of several instances (a staging run, the cluster test) see a queue or a job move within a second
 * instead of waiting out the production intervals.
 */
export const backgroundSettings = {
  /** How often each instance looks for due open-API calls (SPEC: at least every 30 s). */
  OPEN_QUEUE_POLL_MS: z.coerce.number().int().min(100).max(30_000).default(15_000),
  /** How often each instance passes over the housekeeping jobs; unset: twice the shortest job's period. */
  JOB_POLL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30 * 60_000)
    .optional(),
  /** How long a push message's lease outlasts the send timeout, before another instance may send it. */
  PUSH_LEASE_MARGIN_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
};

export interface BackgroundConfig {
  openQueuePollMs: number;
  /** null: the scheduler's own pace (twice a period of its shortest job). */
  jobPollMs: number | null;
  pushLeaseMarginMs: number;
}

type BackgroundValues = z.output<z.ZodObject<typeof backgroundSettings>>;

export function backgroundConfig(values: BackgroundValues): BackgroundConfig {
  return {
    openQueuePollMs: values.OPEN_QUEUE_POLL_MS,
    jobPollMs: values.JOB_POLL_MS ?? null,
    pushLeaseMarginMs: values.PUSH_LEASE_MARGIN_MS,
  };
}
