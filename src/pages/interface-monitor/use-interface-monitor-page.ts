import { useEffect, useState } from 'react';
import { canWithdraw } from '../../../domain/rules/interface-monitor';
import type { InterfaceDetail, InterfaceRow } from '../../../domain/schemas/interface-monitor';
import {
  getInterfaceDetail,
  getInterfacePage,
  getInterfacePlatforms,
  withdrawInterfaceCall,
} from '../../adapters/interface-monitor-api';
import { usePageSize } from '../table/use-page-size';

/** The list's filters (SPEC: status as its numbers, -1 all; application; api; a window of time). */
export interface InterfaceFilters {
  status: number;
  platform?: string;
  api?: string;
  window: { from: number; to: number } | null;
}

export const INITIAL_INTERFACE_FILTERS: InterfaceFilters = { status: -1, window: null };

/** The request body of filters. */
export function interfaceFilterBody({ status, platform, api, window }: InterfaceFilters) {
  return { status, ...(platform ? { platform } : {}), ...(api ? { api } : {}), ...(window ?? {}) };
}

/**
 * Openness > Interface monitor: the organisation's open calls, filtered and paged by keyset (the cursors of
 * the pages before are kept so Previous goes back), one call's detail, and withdrawing a queued call.
 */
export function useInterfaceMonitorPage() {
  const [draft, setDraft] = useState<InterfaceFilters>(INITIAL_INTERFACE_FILTERS);
  const [applied, setApplied] = useState<InterfaceFilters>(INITIAL_INTERFACE_FILTERS);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [pageSize, setPageSize] = usePageSize('interfaceMonitor');
  // `at`: when the page was read, against which a queued row's time to take effect is compared.
  const [page, setPage] = useState<{ rows: InterfaceRow[]; next: string | null; at: number }>({
    rows: [],
    next: null,
    at: 0,
  });
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  // Each Search, Reset or withdrawal asks again: new calls may have come, a row's status changed.
  const [round, setRound] = useState(0);
  const [platforms, setPlatforms] = useState<string[]>([]);
  const [detail, setDetail] = useState<InterfaceDetail | null>(null);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1];
  const key = JSON.stringify([interfaceFilterBody(applied), cursor, pageSize, round]);

  useEffect(() => {
    let live = true;
    const body = {
      ...interfaceFilterBody(applied),
      pageSize,
      ...(cursor ? { cursor } : {}),
    };
    getInterfacePage(body).then(
      (answer) => {
        if (!live) return;
        setPage({ rows: answer.rows, next: answer.nextCursor, at: Date.now() });
        setSettled({ key, failed: false });
      },
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, applied, cursor, pageSize]);

  useEffect(() => {
    getInterfacePlatforms().then(setPlatforms, () => setPlatforms([]));
  }, []);

  const restart = (filters: InterfaceFilters) => {
    setApplied(filters);
    setCursors([undefined]);
    setRound((n) => n + 1);
  };
  const status = settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';

  return {
    status,
    loading: status === 'loading',
    rows: page.rows,
    draft,
    platforms,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: page.next !== null,
    edit: (changes: Partial<InterfaceFilters>) => setDraft((current) => ({ ...current, ...changes })),
    search: () => restart(draft),
    reset: () => {
      setDraft(INITIAL_INTERFACE_FILTERS);
      restart(INITIAL_INTERFACE_FILTERS);
    },
    nextPage: () => {
      const { next } = page;
      if (next) setCursors((list) => [...list, next]);
    },
    previousPage: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
    pageSize,
    /** A new page size (remembered for this table): the cursors are for the old size, so page 1 again. */
    choosePageSize: (size: number) => {
      if (size === pageSize) return;
      setPageSize(size);
      setCursors([undefined]);
    },
    detail,
    /** Opens one call's detail (its bodies are read then); a failure is toasted by the API client. */
    openDetail: (reqId: string) => getInterfaceDetail(reqId).then(setDetail, () => undefined),
    closeDetail: () => setDetail(null),
    /** Whether a row offers Withdraw: queued, and its time to take effect not come when the page was read. */
    canWithdraw: (row: InterfaceRow) => canWithdraw(row, page.at),
    withdrawing,
    /** Withdraws a queued call, then reads the page again; true when it was withdrawn. */
    withdraw: async (reqId: string): Promise<boolean> => {
      if (withdrawing) return false;
      setWithdrawing(reqId);
      try {
        await withdrawInterfaceCall(reqId);
        setDetail((open) => (open?.RequestId === reqId ? null : open));
        setRound((n) => n + 1);
        return true;
      } catch {
        return false; // the API client has shown why
      } finally {
        setWithdrawing(null);
      }
    },
  };
}
