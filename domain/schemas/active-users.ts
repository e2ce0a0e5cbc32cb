import { z } from 'zod';
import { ACTIVE_USER_GRANULARITIES } from '../rules/active-users';

const DATE_MAX_LENGTH = 10;
const TIME_ZONE_MAX_LENGTH = 64;

/**
 * Body of POST /api/activeUserReport: DAU (`day`, from and to as `YYYY-MM-DD`) or MAU (`month`, as
 * `YYYY-MM`), both ends included, in the caller's time zone (UTC when absent). The range limits are checked
 * by domain/rules/active-users, so the refusal names the limit.
 */
export const activeUserReportRequestSchema = z.object({
  granularity: z.enum(ACTIVE_USER_GRANULARITIES).default('day'),
  from: z.string().max(DATE_MAX_LENGTH, 'errors.activeUsers.invalidDate'),
  to: z.string().max(DATE_MAX_LENGTH, 'errors.activeUsers.invalidDate'),
  timeZone: z.string().max(TIME_ZONE_MAX_LENGTH, 'errors.validation.tooLong').optional(),
});
export type ActiveUserReportRequest = z.input<typeof activeUserReportRequestSchema>;

/** One day or month of the report. */
export const activeUserPeriodSchema = z.object({
  /** `YYYY-MM-DD` or `YYYY-MM`, in the requested time zone. */
  Period: z.string(),
  /** Distinct members with at least one successful sign-in in the period (DAU or MAU). */
  ActiveUsers: z.number(),
  /** Successful sign-ins in the period. */
  SignIns: z.number(),
});
export type ActiveUserPeriod = z.infer<typeof activeUserPeriodSchema>;

/** Answer of POST /api/activeUserReport: every period of the range, oldest first, and the range's totals. */
export const activeUserReportSchema = z.object({
  Granularity: z.enum(ACTIVE_USER_GRANULARITIES),
  Periods: z.array(activeUserPeriodSchema),
  /** Distinct members active anywhere in the range (not the sum of the periods). */
  ActiveUsers: z.number(),
  SignIns: z.number(),
  /** Members of the organisation now (active or locked), the base the figures can be read against. */
  Members: z.number(),
});
export type ActiveUserReport = z.infer<typeof activeUserReportSchema>;
