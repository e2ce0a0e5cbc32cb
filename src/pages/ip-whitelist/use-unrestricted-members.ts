import { useCallback, useEffect, useState } from 'react';
import type { IpMember, IpUnrestrictedPage } from '../../../domain/schemas/ip-whitelist';
import {
  addUnrestricted,
  listOptionalAccounts,
  listUnrestricted,
  removeUnrestricted,
} from '../../adapters/ip-whitelist-api';
import { type Problem, problemOf } from '../departments/department-problem';
import { usePageSize } from '../table/use-page-size';

/**
 * The unrestricted members (SPEC §6): a page of them, a search among the members who may be added, and
 * add and remove. A change reloads the page it was made on.
 */
export function useUnrestrictedMembers() {
  const [page, setPage] = useState<IpUnrestrictedPage | null>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = usePageSize('unrestrictedMembers');
  // The list last answered (or failed): while it is not the one asked for, the list is loading.
  const [settled, setSettled] = useState<string | null>(null);
  const [options, setOptions] = useState<IpMember[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [reload, setReload] = useState(0);
  const key = `${pageIndex}/${pageSize}/${reload}`;

  useEffect(() => {
    let live = true;
    listUnrestricted({ pageIndex, pageSize }).then(
      (loaded) => {
        if (!live) return;
        // A removal may empty the last page: go back one.
        if (loaded.rows.length === 0 && pageIndex > 1) setPageIndex(pageIndex - 1);
        else setPage(loaded);
        setSettled(key);
      },
      (error: unknown) => {
        if (!live) return;
        setProblem(problemOf(error));
        setSettled(key);
      },
    );
    return () => {
      live = false;
    };
  }, [key, pageIndex, pageSize]);

  const search = useCallback(async (keyword: string) => {
    try {
      setOptions(await listOptionalAccounts(keyword.trim()));
    } catch (error) {
      setProblem(problemOf(error));
    }
  }, []);

  const change = async (work: () => Promise<void>): Promise<boolean> => {
    setProblem(null);
    try {
      await work();
      setReload((n) => n + 1);
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    }
  };

  return {
    page,
    pageIndex,
    loading: settled !== key,
    options,
    problem,
    pageSize,
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    goTo: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(1);
      } else setPageIndex(index);
    },
    search,
    add: (accountIds: number[]) => change(() => addUnrestricted(accountIds)),
    remove: (accountId: number) => change(() => removeUnrestricted([accountId])),
  };
}
