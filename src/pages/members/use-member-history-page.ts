import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE } from '../../../domain/constants';
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
  const [data, setData] = useState<{ rows: FormerMemberRow[]; total: number }>({ rows: [], total: 0 });
  const [reloads, setReloads] = useState(0);
  // The request last answered (or failed): while it is not the one asked for, the page is loading.
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const key = JSON.stringify([keyword, pageIndex, reloads]);
  const status = settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    let live = true;
    getFormerMemberPage({ pageIndex, pageSize: DEFAULT_PAGE_SIZE, ...(keyword ? { keyword } : {}) }).then(
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
  }, [key, keyword, pageIndex]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return {
    status,
    rows: data.rows,
    total: data.total,
    pageIndex,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword,
    selected,
    setSelected,
    search: (next: string) => {
      setKeyword(next.trim());
      setPageIndex(DEFAULT_PAGE_INDEX);
    },
    goToPage: setPageIndex,
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
