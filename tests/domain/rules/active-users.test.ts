import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../domain/constants';
import {
  dayNumber,
  parseReportDate,
  reportPeriods,
  startOfLocalDay,
  uniformDayRuns,
  zoneOffsetMs,
} from '../../../domain/rules/active-users';

const periodsOf = (...args: Parameters<typeof reportPeriods>) => {
  const result = reportPeriods(...args);
  if ('refusal' in result) throw new Error(result.refusal.key);
  return result.periods;
};

describe('parseReportDate', () => {
  it.each([
    ['2026-02-28', 'day', { year: 2026, month: 2, day: 28 }],
    ['2028-02-29', 'day', { year: 2028, month: 2, day: 29 }],
    ['2026-02-29', 'day', null],
    ['2026-13-01', 'day', null],
    ['2026-1-01', 'day', null],
    ['2026-11', 'month', { year: 2026, month: 11, day: 1 }],
    ['2026-11-01', 'month', null],
    ['1969-12', 'month', null],
  ] as const)('reads %s as a %s', (text, granularity, expected) => {
    expect(parseReportDate(text, granularity)).toEqual(expected);
  });
});

describe('zoneOffsetMs and startOfLocalDay', () => {
  it('knows fixed and daylight-saving offsets', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 1), 'Asia/Shanghai')).toBe(8 * HOUR_MS);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 1), 'UTC')).toBe(0);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 1), 'Europe/Berlin')).toBe(2 * HOUR_MS);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 1), 'America/New_York')).toBe(-5 * HOUR_MS);
  });

  it('finds local midnight', () => {
    expect(startOfLocalDay({ year: 2026, month: 11, day: 23 }, 'Asia/Shanghai')).toBe(
      Date.UTC(2026, 10, 22, 16),
    );
    expect(startOfLocalDay({ year: 2026, month: 3, day: 29 }, 'Europe/Berlin')).toBe(
      Date.UTC(2026, 2, 28, 23),
    );
    expect(startOfLocalDay({ year: 2026, month: 3, day: 30 }, 'Europe/Berlin')).toBe(
      Date.UTC(2026, 2, 29, 22),
    );
  });
});

describe('reportPeriods', () => {
  it('gives each local day, both ends included, end excluded', () => {
    const periods = periodsOf('day', '2026-11-20', '2026-11-22', 'Asia/Shanghai');
    expect(periods.map((p) => p.label)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(periods[0]).toEqual({
      label: '2026-11-20',
      from: Date.UTC(2026, 10, 19, 16),
      to: Date.UTC(2026, 10, 20, 16),
    });
  });

  it('gives each month, across a year end', () => {
    const periods = periodsOf('month', '2025-11', '2026-02', 'UTC');
    expect(periods.map((p) => p.label)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periods[3]).toMatchObject({ from: Date.UTC(2026, 1, 1), to: Date.UTC(2026, 2, 1) });
  });

  it.each([
    ['day', '2026-11-2', '2026-11-22', { key: 'errors.activeUsers.invalidDate' }],
    ['day', '2026-11-22', '2026-11-21', { key: 'errors.activeUsers.invalidRange' }],
    ['day', '2025-01-01', '2026-01-01', null],
    ['day', '2024-01-01', '2025-01-01', { key: 'errors.activeUsers.tooManyDays', max: 366 }],
    ['month', '2024-01', '2026-12', null],
    ['month', '2024-01', '2027-01', { key: 'errors.activeUsers.tooManyMonths', max: 36 }],
    ['month', '2026-01-01', '2026-02', { key: 'errors.activeUsers.invalidDate' }],
  ] as const)('%s from %s to %s: refusal %j', (granularity, from, to, refusal) => {
    const result = reportPeriods(granularity, from, to, 'UTC');
    expect('refusal' in result ? result.refusal : null).toEqual(refusal);
  });
});

describe('uniformDayRuns', () => {
  it('keeps a fixed-offset range as one run keyed by day numbers', () => {
    const periods = periodsOf('day', '2026-01-01', '2026-03-31', 'Asia/Shanghai');
    const runs = uniformDayRuns(periods);
    expect(runs).toHaveLength(1);
    expect(runs[0].offset).toBe(8 * HOUR_MS);
    const numbers = periods.map((p) => dayNumber(p.from, 8 * HOUR_MS));
    expect(numbers[1] - numbers[0]).toBe(1);
    expect(dayNumber(periods[0].to - 1, 8 * HOUR_MS)).toBe(numbers[0]);
  });

  it('puts a daylight-saving day in a run of its own', () => {
    const periods = periodsOf('day', '2026-03-27', '2026-04-01', 'Europe/Berlin');
    const runs = uniformDayRuns(periods);
    expect(runs.map((run) => [run.periods.map((p) => p.label.slice(8)), run.offset])).toEqual([
      [['27', '28'], HOUR_MS],
      [['29'], null],
      [['30', '31', '01'], 2 * HOUR_MS],
    ]);
    expect(periods[2].to - periods[2].from).toBe(DAY_MS - HOUR_MS);
  });
});
