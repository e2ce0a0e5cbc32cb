import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../domain/i18n';
import {
  type ActiveUserGranularity,
  MAX_REPORT_DAYS,
  MAX_REPORT_MONTHS,
  QUICK_REPORT_RANGES,
  type QuickReportRange,
  quickReportRange,
} from '../../../domain/rules/active-users';
import type { ActiveUserReport } from '../../../domain/schemas/active-users';
import { getActiveUserReport } from '../../adapters/active-users-api';
import { ApiError } from '../../adapters/api-client';
import { browserTimeZone } from '../../platforms/browser-language';

/** What a report asks for: DAU or MAU and the first and last day (`YYYY-MM-DD`) or month (`YYYY-MM`). */
export interface ActiveUsersQuery {
  granularity: ActiveUserGranularity;
  from: string;
  to: string;
}

/** A refusal to show beside the range: the catalogue key and what it names (the limit crossed). */
export interface ReportRefusal {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** The browser's local date today, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Organisation > Active users page logic: the query being edited and the one shown (the last 30 days by
 * day at first), quick ranges, the report of the applied query in the browser's time zone, and a refusal
 * (a range too long, backwards) shown on the page rather than as a toast.
 */
export function useActiveUsersPage(today: string = localToday()) {
  const [draft, setDraft] = useState<ActiveUsersQuery>(() => quickReportRange('days30', today));
  const [applied, setApplied] = useState<ActiveUsersQuery>(draft);
  const [report, setReport] = useState<ActiveUserReport | null>(null);
  const [refusal, setRefusal] = useState<ReportRefusal | null>(null);
  const [settled, setSettled] = useState<string | null>(null);
  const key = JSON.stringify(applied);

  useEffect(() => {
    let live = true;
    getActiveUserReport({ ...applied, timeZone: browserTimeZone() }).then(
      (answer) => {
        if (!live) return;
        setReport(answer);
        setRefusal(null);
        setSettled(key);
      },
      (error: unknown) => {
        if (!live) return;
        setReport(null);
        setRefusal(
          error instanceof ApiError
            ? { key: error.key, params: error.params }
            : { key: 'errors.request.network' },
        );
        setSettled(key);
      },
    );
    return () => {
      live = false;
    };
  }, [key, applied]);

  return {
    loading: settled !== key,
    draft,
    applied,
    report,
    refusal,
    quickRanges: QUICK_REPORT_RANGES,
    limits: { days: MAX_REPORT_DAYS, months: MAX_REPORT_MONTHS },
    /** Switches DAU/MAU, keeping the range's ends in the other unit. */
    chooseGranularity: (granularity: ActiveUserGranularity) =>
      setDraft((current) =>
        granularity === current.granularity
          ? current
          : granularity === 'month'
            ? { granularity, from: current.from.slice(0, 7), to: current.to.slice(0, 7) }
            : { granularity, from: `${current.from.slice(0, 7)}-01`, to: today },
      ),
    chooseRange: (from: string, to: string) => setDraft((current) => ({ ...current, from, to })),
    /** A quick range is applied at once. */
    chooseQuick: (quick: QuickReportRange) => {
      const query = quickReportRange(quick, today);
      setDraft(query);
      setApplied(query);
    },
    search: () => setApplied(draft),
  };
}

/** What the active-users views render. */
export type ActiveUsersPageState = ReturnType<typeof useActiveUsersPage>;
