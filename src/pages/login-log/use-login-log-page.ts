import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_INDEX } from '../../../domain/constants';
import type { MessageKey } from '../../../domain/i18n';
import {
  clientNameKey,
  DEFAULT_LOGIN_LOG_RANGE,
  LOGIN_LOG_RANGES,
  type LoginLogRange,
  productNameKey,
} from '../../../domain/rules/login-log';
import type { LoginLogRow } from '../../../domain/schemas/login-logs';
import { exportLoginLog, getLoginLogPage } from '../../adapters/login-logs-api';
import { saveFile } from '../../adapters/save-file';
import { useFormatTime } from '../../i18n/use-t';
import { browserTimeZone } from '../../platforms/browser-language';
import { useSession } from '../session/use-session';
import { usePageSize } from '../table/use-page-size';

/** A name shown from the catalogue when this version knows the code, else the code itself. */
export interface NamedCode {
  key: MessageKey | null;
  code: string;
}

/** One sign-in as the page shows it; names and reasons are keys, translated by the view. */
export interface LoginLogEntry {
  id: number;
  /** The sign-in's time as the one formatter shows it, to the second. */
  time: string;
  ip: string;
  browser: string;
  product: NamedCode;
  client: NamedCode;
  success: boolean;
  reason: MessageKey | null;
}

/** A row of the API as the page shows it. */
export function presentLoginLogRow(row: LoginLogRow, formatTime: (ms: number) => string): LoginLogEntry {
  return {
    id: row.ID,
    time: formatTime(row.LoginTime),
    ip: row.IP,
    browser: row.Browser,
    product: { key: productNameKey(row.Product), code: row.Product },
    client: { key: clientNameKey(row.LoginClient), code: row.LoginClient },
    success: row.Success,
    reason: row.Reason,
  };
}

/**
 * Login-log page logic (personal centre): the signed-in user's own sign-ins in a range (last 3 days by
 * default), 10 a page unless another size is remembered for the table. `append` (phones) keeps earlier pages and adds the next one below them. Organisation
 * administrators may export the whole organisation's log for the range.
 */
export function useLoginLogPage({ append = false }: { append?: boolean } = {}) {
  const { session } = useSession();
  const [range, setRange] = useState<LoginLogRange>(DEFAULT_LOGIN_LOG_RANGE);
  const [pageIndex, setPageIndex] = useState(DEFAULT_PAGE_INDEX);
  const [pageSize, setPageSize] = usePageSize('loginLog');
  const [rows, setRows] = useState<LoginLogRow[]>([]);
  const formatTime = useFormatTime();
  const [total, setTotal] = useState(0);
  // The page last answered (or failed): while it is not the one asked for, the page is loading.
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const key = `${range}/${pageIndex}/${pageSize}`;
  const status = settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';

  useEffect(() => {
    let live = true;
    getLoginLogPage({ range, pageIndex, pageSize }).then(
      (page) => {
        if (!live) return;
        const entries = page.rows;
        setRows((previous) => (append && pageIndex > 1 ? [...previous, ...entries] : entries));
        setTotal(page.total);
        setSettled({ key, failed: false });
      },
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, range, pageIndex, pageSize, append]);

  const canExport = session?.AccountInfo.IsOrganAdmin === 1;

  return {
    status,
    rows: rows.map((row) => presentLoginLogRow(row, (ms) => formatTime(ms, 'second'))),
    total,
    range,
    ranges: LOGIN_LOG_RANGES,
    pageIndex,
    pageSize,
    /** Another range starts again at page 1. */
    chooseRange: (next: LoginLogRange) => {
      setRange(next);
      setPageIndex(DEFAULT_PAGE_INDEX);
    },
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    goToPage: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(DEFAULT_PAGE_INDEX);
      } else setPageIndex(index);
    },
    /** Phones: whether another page is left to add below. */
    hasMore: rows.length < total,
    loadMore: () => {
      if (status !== 'loading' && rows.length < total) setPageIndex((index) => index + 1);
    },
    canExport,
    exporting,
    /** Downloads the organisation's log for the range; true when the file was handed to the browser. */
    exportLog: async (): Promise<boolean> => {
      if (!canExport || exporting) return false;
      setExporting(true);
      try {
        const file = await exportLoginLog({ range, timeZone: browserTimeZone() });
        saveFile(file.blob, file.fileName ?? 'login-log.xlsx');
        return true;
      } catch {
        return false; // the API client has shown why
      } finally {
        setExporting(false);
      }
    },
  };
}
