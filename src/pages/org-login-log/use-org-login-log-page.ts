import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import {
  DEFAULT_LOGIN_LOG_RANGE,
  LOGIN_LOG_RANGES,
  type LoginLogRange,
} from '../../../domain/rules/login-log';
import type { DepartmentTree } from '../../../domain/schemas/departments';
import type { LoginLogResult, OrgLoginLogRow } from '../../../domain/schemas/login-logs';
import { getDepartmentTree } from '../../adapters/departments-api';
import { exportLoginLog, getOrgLoginLogPage } from '../../adapters/login-logs-api';
import { saveFile } from '../../adapters/save-file';

/** The organisation log's filters: a named range or a custom window, a member keyword, department, result. */
export interface OrgLoginLogFilters {
  range: LoginLogRange;
  /** A custom window (epoch ms, both ends), instead of the range. */
  window: { from: number; to: number } | null;
  keyword: string;
  deptId?: number;
  result?: LoginLogResult;
}

const INITIAL: OrgLoginLogFilters = { range: DEFAULT_LOGIN_LOG_RANGE, window: null, keyword: '' };
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The request body of filters, shared by the list and the export. */
export function orgFilterBody({ range, window, keyword, deptId, result }: OrgLoginLogFilters) {
  return {
    ...(window ? window : { range }),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    ...(deptId !== undefined ? { deptId } : {}),
    ...(result ? { result } : {}),
  };
}

/**
 * Organisation > Login log page logic (administrators): every member's sign-ins, filters being edited and
 * the ones applied, pages by keyset (the cursors of the pages before are kept so Previous goes back), the
 * departments to filter on, and the .xlsx export of the applied filters.
 */
export function useOrgLoginLogPage() {
  const [draft, setDraft] = useState<OrgLoginLogFilters>(INITIAL);
  const [applied, setApplied] = useState<OrgLoginLogFilters>(INITIAL);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [rows, setRows] = useState<OrgLoginLogRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const [departments, setDepartments] = useState<DepartmentTree>([]);
  const [exporting, setExporting] = useState(false);
  const cursor = cursors[cursors.length - 1];
  const key = JSON.stringify([orgFilterBody(applied), cursor]);

  useEffect(() => {
    getDepartmentTree().then(setDepartments, () => setDepartments([]));
  }, []);

  useEffect(() => {
    let live = true;
    const body = { ...orgFilterBody(applied), pageSize: DEFAULT_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
    getOrgLoginLogPage(body).then(
      (page) => {
        if (!live) return;
        setRows(page.rows);
        setNext(page.nextCursor);
        setSettled({ key, failed: false });
      },
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, applied, cursor]);

  const restart = (filters: OrgLoginLogFilters) => {
    setApplied(filters);
    setCursors([undefined]);
  };

  return {
    status: settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready',
    rows,
    draft,
    ranges: LOGIN_LOG_RANGES,
    departments,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: next !== null,
    edit: (changes: Partial<OrgLoginLogFilters>) => setDraft((current) => ({ ...current, ...changes })),
    /** Applies the filters being edited, from the first page. */
    search: () => restart(draft),
    reset: () => {
      setDraft(INITIAL);
      restart(INITIAL);
    },
    nextPage: () => {
      if (next) setCursors((list) => [...list, next]);
    },
    previousPage: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
    exporting,
    /** Downloads the applied filters' log; true when the file was handed to the browser. */
    exportLog: async (): Promise<boolean> => {
      if (exporting) return false;
      setExporting(true);
      try {
        const file = await exportLoginLog({ ...orgFilterBody(applied), timeZone: browserTimeZone() });
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

/** What the organisation login-log views render. */
export type OrgLoginLogPageState = ReturnType<typeof useOrgLoginLogPage>;
