import { useEffect, useState } from 'react';
import type { DownloadedFile } from '../../adapters/api-client';
import { saveFile } from '../../adapters/save-file';
import { browserTimeZone } from '../../platforms/browser-language';
import { usePageSize } from '../table/use-page-size';

/** One page of a keyset-paged log: its rows and the cursor of the next page (null on the last). */
export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/** What a log page tells the shared logic: its filters, their request body, its reads and its export. */
export interface KeysetLogSource<Filters, Body extends object, Row> {
  /** The table's name its page size is remembered under. */
  table: string;
  initial: Filters;
  /** The request body of filters, shared by the list and the export. Module-level: read in an effect. */
  body: (filters: Filters) => Body;
  loadPage: (request: Body & { pageSize: number; cursor?: string }) => Promise<KeysetPage<Row>>;
  exportFile: (request: Body & { timeZone: string }) => Promise<DownloadedFile>;
  /** The file name when the answer names none. */
  fileName: string;
}

/**
 * The logic the administrators' logs share (operation log, organisation login log): filters being edited
 * and the ones applied, pages by keyset (the cursors of the pages before are kept so Previous goes back),
 * and the .xlsx export of the applied filters in the browser's time zone.
 */
export function useKeysetLog<Filters, Body extends object, Row>(source: KeysetLogSource<Filters, Body, Row>) {
  const { table, initial, body, loadPage, exportFile, fileName } = source;
  const [pageSize, setPageSize] = usePageSize(table);
  const [draft, setDraft] = useState<Filters>(initial);
  const [applied, setApplied] = useState<Filters>(initial);
  // The cursor of each page shown so far: [undefined] is the first page.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [rows, setRows] = useState<Row[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  // Each Search or Reset asks again, even with the filters already applied: new rows may have come.
  const [round, setRound] = useState(0);
  const cursor = cursors[cursors.length - 1];
  const key = JSON.stringify([body(applied), cursor, pageSize, round]);

  useEffect(() => {
    let live = true;
    loadPage({ ...body(applied), pageSize, ...(cursor ? { cursor } : {}) }).then(
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
  }, [key, applied, cursor, pageSize, body, loadPage]);

  const restart = (filters: Filters) => {
    setApplied(filters);
    setCursors([undefined]);
    setRound((n) => n + 1);
  };
  const status: 'loading' | 'failed' | 'ready' =
    settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';

  return {
    status,
    loading: status === 'loading',
    rows,
    draft,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: next !== null,
    edit: (changes: Partial<Filters>) => setDraft((current) => ({ ...current, ...changes })),
    /** Applies the filters being edited, from the first page. */
    search: () => restart(draft),
    reset: () => {
      setDraft(initial);
      restart(initial);
    },
    nextPage: () => {
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
    exporting,
    /** Downloads the applied filters' log; true when the file was handed to the browser. */
    exportLog: async (): Promise<boolean> => {
      if (exporting) return false;
      setExporting(true);
      try {
        const file = await exportFile({ ...body(applied), timeZone: browserTimeZone() });
        saveFile(file.blob, file.fileName ?? fileName);
        return true;
      } catch {
        return false; // the API client has shown why
      } finally {
        setExporting(false);
      }
    },
  };
}
