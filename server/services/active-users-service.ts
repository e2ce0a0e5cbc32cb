import { dayNumber, type ReportPeriod, uniformDayRuns } from '../../domain/rules/active-users';
import type { ActiveUserPeriod } from '../../domain/schemas/active-users';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { LoginLogsRepository } from '../repositories/login-logs-repository';

/**
 * Counts a report's periods from the organisation's successful sign-ins: months one query each (at most
 * 36); days by runs of one UTC offset, one grouped query a run, so a year of days is a handful of queries
 * (a daylight-saving day is counted on its own). Distinct members per period, never summed across periods.
 */
export async function countPeriods(
  loginLogs: Pick<LoginLogsRepository, 'activeByDay' | 'activeBetween'>,
  orgId: number,
  granularity: 'day' | 'month',
  periods: readonly ReportPeriod[],
): Promise<ActiveUserPeriod[]> {
  const counted = new Map<string, { active: number; signIns: number }>();
  if (granularity === 'month') {
    for (const period of periods) {
      counted.set(period.label, await loginLogs.activeBetween(orgId, period.from, period.to));
    }
  } else {
    for (const run of uniformDayRuns(periods)) {
      const first = run.periods[0];
      const last = run.periods[run.periods.length - 1];
      if (run.offset === null) {
        counted.set(first.label, await loginLogs.activeBetween(orgId, first.from, first.to));
        continue;
      }
      const offset = run.offset;
      const byDay = new Map(
        (await loginLogs.activeByDay(orgId, first.from, last.to, offset)).map((row) => [row.day, row]),
      );
      for (const period of run.periods) {
        const row = byDay.get(dayNumber(period.from, offset));
        if (row) counted.set(period.label, { active: row.active, signIns: row.signIns });
      }
    }
  }
  return periods.map((period) => ({
    Period: period.label,
    ActiveUsers: counted.get(period.label)?.active ?? 0,
    SignIns: counted.get(period.label)?.signIns ?? 0,
  }));
}

/**
 * The active-users report of an organisation over its periods: each period's counts, the distinct active
 * members and sign-ins of the whole span, and how many members the organisation has.
 */
export async function activeUserReport(
  db: Kysely<Database>,
  orgId: number,
  granularity: Parameters<typeof countPeriods>[2],
  periods: ReportPeriod[],
) {
  const repos = readRepositories(db);
  const [rows, totals, members] = await Promise.all([
    countPeriods(repos.loginLogs, orgId, granularity, periods),
    repos.loginLogs.activeBetween(orgId, periods[0].from, periods[periods.length - 1].to),
    repos.loginLogs.memberCount(orgId),
  ]);
  return { rows, totals, members };
}
