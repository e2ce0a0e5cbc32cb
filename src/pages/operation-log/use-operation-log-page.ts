import { useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import {
  DEFAULT_LOGIN_LOG_RANGE,
  LOGIN_LOG_RANGES,
  type LoginLogRange,
} from '../../../domain/rules/login-log';
import type { OperationLogOperator, OperationLogRow } from '../../../domain/schemas/operation-logs';
import {
  exportOperationLog,
  getOperationLogOperators,
  getOperationLogPage,
} from '../../adapters/operation-logs-api';
import { saveFile } from '../../adapters/save-file';

/** The list's filters: a named range or a custom window, a module, an operator and a keyword. */
export interface OperationLogFilters {
  range: LoginLogRange;
  /** A custom window (epoch ms, both ends), instead of the range. */
  window: { from: number; to: number } | null;
  module?: string;
  operator?: number | 'cli';
  keyword: string;
}

const INITIAL: OperationLogFilters = { range: DEFAULT_LOGIN_LOG_RANGE, window: null, keyword: '' };
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The request body of filters. */
export function filterBody(filters: OperationLogFilters) {
  const { range, window, module, operator, keyword } = filters;
  return {
    ...(window ? window : { range }),
    ...(module ? { module } : {}),
    ...(operator !== undefined ? { operator } : {}),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  };
}

/**
 * Operation log page logic: filters being edited and the ones applied, pages by keyset (the cursors of
 * the pages before are kept so Previous goes back), the operators to filter on, and the export.
 */
export function useOperationLogPage() {
  const [draft, setDraft] = useState<OperationLogFilters>(INITIAL);
  const [applied, setApplied] = useState<OperationLogFilters>(INITIAL);
  // The cursor of each page shown so far: [undefined] is the first page.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [rows, setRows] = useState<OperationLogRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [settled, setSettled] = useState<string | null>(null);
  const [operators, setOperators] = useState<OperationLogOperator[]>([]);
  const [exporting, setExporting] = useState(false);
  const cursor = cursors[cursors.length - 1];
  const key = JSON.stringify([filterBody(applied), cursor]);

  useEffect(() => {
    getOperationLogOperators().then(setOperators, () => setOperators([]));
  }, []);

  useEffect(() => {
    let live = true;
    getOperationLogPage({
      ...filterBody(applied),
      pageSize: DEFAULT_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    }).then(
      (page) => {
        if (!live) return;
        setRows(page.rows);
        setNext(page.nextCursor);
        setSettled(key);
      },
      () => live && setSettled(key),
    );
    return () => {
      live = false;
    };
  }, [key, applied, cursor]);

  return {
    loading: settled !== key,
    rows,
    draft,
    ranges: LOGIN_LOG_RANGES,
    operators,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: next !== null,
    edit: (changes: Partial<OperationLogFilters>) => setDraft((current) => ({ ...current, ...changes })),
    /** Applies the filters being edited, from the first page. */
    search: () => {
      setApplied(draft);
      setCursors([undefined]);
    },
    reset: () => {
      setDraft(INITIAL);
      setApplied(INITIAL);
      setCursors([undefined]);
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
        const file = await exportOperationLog({ ...filterBody(applied), timeZone: browserTimeZone() });
        saveFile(file.blob, file.fileName ?? 'operation-log.xlsx');
        return true;
      } catch {
        return false; // the API client has shown why
      } finally {
        setExporting(false);
      }
    },
  };
}
