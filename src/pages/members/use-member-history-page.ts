import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_INDEX } from '../../../domain/constants';
import { usePageSize } from '../table/use-page-size';
import type { ErrorKey } from '../../../domain/i18n';
import type { FormerMemberRow } from '../../../domain/schemas/members';
import { ApiError } from '../../adapters/api-client';
import { getFormerMemberPage, restoreMembers } from '../../adapters/members-api';

/**
 * Former members page logic: removed members with their removal time, 10 a page, searched by name,
 * mobile or email; restoring picked ones brings them back (in their department if it still exists).
 */
export function useMemberHistoryPage() {
  const [keyword, setKeyword] = useState('');
  const [pageIndex, setPageIndex] = useState(DEFAULT_PAGE_INDEX);
  const [pageSize, setPageSize] = usePageSize('formerMembers');
  const [data, setData] = useState<{ rows: FormerMemberRow[]; total: number }>({ rows: [], total: 0 });
  const [reloads, setReloads] = useState(0);
  // The request last answered (or failed): while it is not the one asked for, the page is loading.
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const key = JSON.stringify([keyword, pageIndex, pageSize, reloads]);
  const status = settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    let live = true;
    getFormerMemberPage({ pageIndex, pageSize, ...(keyword ? { keyword } : {}) }).then(
      (page) => {
        if (!live) return;
        setData(page);
        setSettled({ key, failed: false });
      },
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, keyword, pageIndex, pageSize]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return {
    status,
    rows: data.rows,
    total: data.total,
    pageIndex,
    pageSize,
    keyword,
    selected,
    setSelected,
    search: (next: string) => {
      setKeyword(next.trim());
      setPageIndex(DEFAULT_PAGE_INDEX);
    },
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    goToPage: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(DEFAULT_PAGE_INDEX);
      } else setPageIndex(index);
    },
    /** Restores the given former members; answers the error key to show, or null when done. */
    restore: async (ids: number[]): Promise<{ ok: boolean; key: ErrorKey | null }> => {
      if (ids.length === 0) return { ok: false, key: 'errors.members.noneSelected' };
      try {
        await restoreMembers(ids);
        setSelected([]);
        reload();
        return { ok: true, key: null };
      } catch (error) {
        return { ok: false, key: error instanceof ApiError ? error.key : null };
      }
    },
  };
}
