import { useEffect, useState } from 'react';
import type { Monomer, MonomerImportReport, MonomerList } from '../../../domain/schemas/monomers';
import {
  deleteMonomer,
  exportMonomerLibrary,
  importMonomerLibrary,
  listMonomers,
} from '../../adapters/monomers-api';
import { saveFile } from '../../adapters/save-file';
import { usePageSize } from '../table/use-page-size';

/**
 * Components > Monomer library: the organisation's HELM monomers (system ones read-only), searched and paged;
 * delete, import (all or nothing, the problems by entry) and export of the HELM monomer-library JSON. The
 * add and edit dialog is the page's (it holds the structure editor).
 */
export function useMonomersPage() {
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = usePageSize('monomers');
  const [version, setVersion] = useState(0);
  // The query of what is shown: a page is loading while the last answer is for another query.
  const query = `${pageIndex}\n${pageSize}\n${keyword}\n${version}`;
  const [loaded, setLoaded] = useState<{ query: string; list: MonomerList | null } | null>(null);
  const [editing, setEditing] = useState<Monomer | 'new' | null>(null);
  const [report, setReport] = useState<MonomerImportReport | null>(null);
  const reload = () => setVersion((last) => last + 1);

  useEffect(() => {
    let live = true;
    const settle = (list: MonomerList | null) => {
      if (live) setLoaded((last) => ({ query, list: list ?? last?.list ?? null }));
    };
    // A failure was toasted by the API client; the last page stays.
    listMonomers({ pageIndex, pageSize, keyword: keyword || undefined }).then(settle, () => settle(null));
    return () => {
      live = false;
    };
  }, [query, pageIndex, pageSize, keyword]);

  return {
    list: loaded?.list ?? null,
    loading: loaded?.query !== query,
    keyword,
    search: (text: string) => {
      setKeyword(text.trim());
      setPageIndex(1);
    },
    pageIndex,
    pageSize,
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    setPageIndex: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(1);
      } else setPageIndex(index);
    },
    editing,
    startAdd: () => setEditing('new'),
    startEdit: (monomer: Monomer) => setEditing(monomer),
    closeEditor: (saved: boolean) => {
      setEditing(null);
      if (saved) reload();
    },
    remove: async (monomer: Monomer) => {
      try {
        await deleteMonomer(monomer.ID);
        reload();
        return true;
      } catch {
        return false;
      }
    },
    exportLibrary: async () => {
      const file = await exportMonomerLibrary();
      saveFile(file.blob, file.fileName ?? 'monomer-library.json');
    },
    /** Reads the chosen file as JSON and imports it; a file that is not JSON is sent as nothing (refused). */
    importFile: async (file: Blob) => {
      let entries: unknown = null;
      try {
        entries = JSON.parse(await file.text());
      } catch {
        entries = null;
      }
      try {
        const answer = await importMonomerLibrary(entries);
        setReport(answer);
        if (answer.Imported > 0) reload();
      } catch {
        setReport(null);
      }
    },
    report,
    closeReport: () => setReport(null),
  };
}
