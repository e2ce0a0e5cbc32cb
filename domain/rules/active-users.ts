import { DAY_MS } from '../constants';

/** How the active-user report counts (SPEC §9 metrics): distinct members a day (DAU) or a month (MAU). */
export const ACTIVE_USER_GRANULARITIES = ['day', 'month'] as const;
export type ActiveUserGranularity = (typeof ACTIVE_USER_GRANULARITIES)[number];

/** The longest DAU range: a year and a day, so one report stays one screen and a bounded query. */
export const MAX_REPORT_DAYS = 366;
/** The longest MAU range: three years. */
export const MAX_REPORT_MONTHS = 36;

/** A day `YYYY-MM-DD` (DAU) or a month `YYYY-MM` (MAU). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH_PATTERN = /^\d{4}-\d{2}$/;

/** One period of the report: its label and its instants, `from` included, `to` excluded (epoch ms). */
export interface ReportPeriod {
  label: string;
  from: number;
  to: number;
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A calendar date of `YYYY-MM-DD` or `YYYY-MM` (the first of the month), or null when it is no date. */
export function parseReportDate(text: string, granularity: ActiveUserGranularity): CalendarDate | null {
  const pattern = granularity === 'day' ? DAY_PATTERN : MONTH_PATTERN;
  if (!pattern.test(text)) return null;
  const [year, month, day = 1] = text.split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  const real =
    year >= 1970 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/**
 * How far `timeZone`'s wall clock is ahead of UTC at the instant `ms` (negative west of Greenwich), from
 * the runtime's time-zone data; whole seconds.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant a calendar date begins in `timeZone` (its local midnight, or the first instant after it). */
export function startOfLocalDay(date: CalendarDate, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles a date whose offset differs from the one a day's span away (daylight saving).
  return wall - zoneOffsetMs(guess, timeZone);
}

const nextDay = ({ year, month, day }: CalendarDate): CalendarDate => {
  const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
};
const nextMonth = ({ year, month }: CalendarDate): CalendarDate =>
  month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };

/** Why a report range cannot be answered, with the limit it crossed; null when it can. */
export type ReportRangeRefusal =
  | { key: 'errors.activeUsers.invalidDate' }
  | { key: 'errors.activeUsers.invalidRange' }
  | { key: 'errors.activeUsers.tooManyDays'; max: number }
  | { key: 'errors.activeUsers.tooManyMonths'; max: number };

/**
 * The periods of a report, oldest first: each local day (DAU) or month (MAU) from `from` to `to`, both
 * included, in `timeZone`; or why the range is refused (not dates, the end before the start, longer than
 * MAX_REPORT_DAYS days or MAX_REPORT_MONTHS months).
 */
export function reportPeriods(
  granularity: ActiveUserGranularity,
  from: string,
  to: string,
  timeZone: string,
): { periods: ReportPeriod[] } | { refusal: ReportRangeRefusal } {
  const first = parseReportDate(from, granularity);
  const last = parseReportDate(to, granularity);
  if (!first || !last) return { refusal: { key: 'errors.activeUsers.invalidDate' } };
  const key = (date: CalendarDate) => date.year * 10_000 + date.month * 100 + date.day;
  if (key(first) > key(last)) return { refusal: { key: 'errors.activeUsers.invalidRange' } };
  const count =
    granularity === 'day'
      ? Math.round(
          (Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) /
            DAY_MS,
        ) + 1
      : (last.year - first.year) * 12 + (last.month - first.month) + 1;
  if (granularity === 'day' && count > MAX_REPORT_DAYS) {
    return { refusal: { key: 'errors.activeUsers.tooManyDays', max: MAX_REPORT_DAYS } };
  }
  if (granularity === 'month' && count > MAX_REPORT_MONTHS) {
    return { refusal: { key: 'errors.activeUsers.tooManyMonths', max: MAX_REPORT_MONTHS } };
  }
  const step = granularity === 'day' ? nextDay : nextMonth;
  const label = (date: CalendarDate) =>
    granularity === 'day'
      ? `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`
      : `${pad(date.year, 4)}-${pad(date.month)}`;
  const periods: ReportPeriod[] = [];
  let date = first;
  let start = startOfLocalDay(date, timeZone);
  for (let i = 0; i < count; i += 1) {
    const following = step(date);
    const end = startOfLocalDay(following, timeZone);
    periods.push({ label: label(date), from: start, to: end });
    date = following;
    start = end;
  }
  return { periods };
}

/**
 * Consecutive periods that are whole days of one UTC offset, so a database can count them in one grouped
 * query by `floor((time + offset) / DAY_MS)`; a day of a daylight-saving change (23 or 25 hours) is a run of
 * its own with `offset` null, counted on its own. Each run gives the day number of its first period.
 */
export function uniformDayRuns(
  periods: readonly ReportPeriod[],
): Array<{ periods: ReportPeriod[]; offset: number | null }> {
  const runs: Array<{ periods: ReportPeriod[]; offset: number | null }> = [];
  for (const period of periods) {
    const whole = period.to - period.from === DAY_MS;
    const offset = whole ? (DAY_MS - (((period.from % DAY_MS) + DAY_MS) % DAY_MS)) % DAY_MS : null;
    const last = runs[runs.length - 1];
    if (last && offset !== null && last.offset === offset) last.periods.push(period);
    else runs.push({ periods: [period], offset });
  }
  return runs;
}

/** The day number `floor((ms + offset) / DAY_MS)` a grouped count keys a period of a run by. */
export function dayNumber(ms: number, offset: number): number {
  return Math.floor((ms + offset) / DAY_MS);
}

/** The ranges the screen offers in one click (SPEC §9 offers recent ranges), ending today. */
export const QUICK_REPORT_RANGES = ['days7', 'days30', 'days90', 'months6', 'months12'] as const;
export type QuickReportRange = (typeof QUICK_REPORT_RANGES)[number];

/**
 * A quick range as a report asks for it, ending on `today` (the user's local date, `YYYY-MM-DD`): the last
 * 7, 30 or 90 days by day, or the last 6 or 12 months by month, both ends included.
 */
export function quickReportRange(
  quick: QuickReportRange,
  today: string,
): { granularity: ActiveUserGranularity; from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number);
  if (quick === 'months6' || quick === 'months12') {
    const back = quick === 'months6' ? 5 : 11;
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    return {
      granularity: 'month',
      from: `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}`,
      to: `${pad(year, 4)}-${pad(month)}`,
    };
  }
  const days = { days7: 7, days30: 30, days90: 90 }[quick];
  const first = new Date(Date.UTC(year, month - 1, day) - (days - 1) * DAY_MS);
  return { granularity: 'day', from: first.toISOString().slice(0, 10), to: today };
}
