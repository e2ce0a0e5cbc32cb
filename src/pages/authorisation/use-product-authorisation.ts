import { useCallback, useEffect, useState } from 'react';
import type { LicenceMode } from '../../../domain/rules/authorisation';
import type { Seat } from '../../../domain/schemas/authorisation';
import type { MemberRow } from '../../../domain/schemas/members';
import { authorizeMembers, getSeats } from '../../adapters/authorisation-api';
import { getMemberPage } from '../../adapters/members-api';
import { usePageSize } from '../table/use-page-size';
import { type ActionResult, attempt } from './action-result';

/**
 * Product authorisation tab: the licensed products with their seats, a page of members (searched, filtered
 * by product) with the products each holds, the picked members, and the change that sets, adds or removes
 * products for one or several members (the server checks the seats; a refusal comes back in words).
 */
export function useProductAuthorisation() {
  const [seats, setSeats] = useState<Seat[]>([]);
  const [rows, setRows] = useState<MemberRow[]>([]);
  const [total, setTotal] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [product, setProduct] = useState<string | undefined>();
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = usePageSize('productAuthorisation');
  const [selected, setSelected] = useState<number[]>([]);
  const [reloads, setReloads] = useState(0);
  // The request last answered (or failed): while it is not the one asked for, the tab is loading.
  const key = JSON.stringify([keyword, product, pageIndex, pageSize, reloads]);
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const status = settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';

  useEffect(() => {
    let live = true;
    Promise.all([
      getSeats(),
      getMemberPage({
        keyword: keyword.trim() || undefined,
        product,
        pageIndex,
        pageSize,
      }),
    ]).then(
      ([nextSeats, page]) => {
        if (!live) return;
        setSeats(nextSeats);
        setRows(page.rows);
        setTotal(page.total);
        setSettled({ key, failed: false });
      },
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, keyword, product, pageIndex, pageSize]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  /** Sets (adds, removes) `products` for the members `ids`; reloads and clears the pick when it worked. */
  const authorize = async (ids: number[], products: string[], mode: LicenceMode): Promise<ActionResult> => {
    if (ids.length === 0) return { ok: false, key: 'errors.authorize.noneSelected' };
    const result = await attempt(() => authorizeMembers({ IDs: ids, Products: products, Mode: mode }));
    if (result.ok) {
      setSelected([]);
      reload();
    }
    return result;
  };

  return {
    status,
    seats,
    rows,
    total,
    keyword,
    product,
    pageIndex,
    pageSize,
    selected,
    setSelected,
    /** A new search or filter starts again at page 1. */
    search: (next: string) => {
      setKeyword(next);
      setPageIndex(1);
    },
    filterProduct: (next: string | undefined) => {
      setProduct(next);
      setPageIndex(1);
    },
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    setPageIndex: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(1);
      } else setPageIndex(index);
    },
    authorize,
    reload,
  };
}
