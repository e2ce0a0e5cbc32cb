import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_INDEX } from '../../../domain/constants';
import { usePageSize } from '../table/use-page-size';
import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import { type MemberAction, memberActionRefusal } from '../../../domain/rules/members';
import type { DepartmentTree } from '../../../domain/schemas/departments';
import type { MemberHandover } from '../../../domain/schemas/member-handover';
import type { MemberCreate, MemberRow, MemberUpdate } from '../../../domain/schemas/members';
import { ApiError } from '../../adapters/api-client';
import { getDepartmentTree } from '../../adapters/departments-api';
import * as api from '../../adapters/members-api';
import { useSession } from '../session/use-session';

/** The list's filters; undefined means all. */
export interface MemberFilters {
  keyword?: string;
  deptId?: number;
  isAdmin?: boolean;
  locked?: boolean;
  product?: string;
}

/**
 * What an action answers the view: done, or the error key (and its values) to show (the API client toasts
 * the others).
 */
export type ActionResult<T = null> =
  { ok: true; value: T } | { ok: false; key: ErrorKey | null; params?: MessageParams };

const failed = (error: unknown): ActionResult<never> => ({
  ok: false,
  key: error instanceof ApiError ? error.key : null,
  params: error instanceof ApiError ? error.params : undefined,
});

/**
 * Members page logic (organisation administrators): a page of members with search and filters, the
 * department tree for the picker and filter, the picked rows, and every action with the member rules
 * checked before the call (never on yourself, at least one picked). Each action reloads the page.
 */
export function useMembersPage() {
  const { session } = useSession();
  const selfId = session?.AccountInfo.ID ?? 0;
  const [filters, setFilters] = useState<MemberFilters>({});
  const [pageIndex, setPageIndex] = useState(DEFAULT_PAGE_INDEX);
  const [pageSize, setPageSize] = usePageSize('members');
  const [data, setData] = useState<{ rows: MemberRow[]; total: number; products: string[] }>({
    rows: [],
    total: 0,
    products: [],
  });
  const [reloads, setReloads] = useState(0);
  // The request last answered (or failed): while it is not the one asked for, the page is loading.
  const [settled, setSettled] = useState<{ key: string; failed: boolean } | null>(null);
  const key = JSON.stringify([filters, pageIndex, pageSize, reloads]);
  const status = settled?.key !== key ? 'loading' : settled.failed ? 'failed' : 'ready';
  const [departments, setDepartments] = useState<DepartmentTree>([]);
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    let live = true;
    api.getMemberPage({ ...filters, pageIndex, pageSize }).then(
      (page) => {
        if (!live) return;
        setData({ rows: page.rows, total: page.total, products: page.OrgProducts });
        setSettled({ key, failed: false });
      },
      () => live && setSettled({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, filters, pageIndex, pageSize]);

  useEffect(() => {
    getDepartmentTree().then(setDepartments, () => setDepartments([]));
  }, [reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const searchMembers = useCallback(async (keyword: string) => {
    const found = await api.getMemberPage({
      pageIndex: 1,
      pageSize: 20,
      keyword: keyword.trim() || undefined,
    });
    return found.rows.map((row) => ({
      value: row.ID,
      label: `${row.RealName} (${row.MobilePhone ?? row.Email})`,
    }));
  }, []);

  /** Runs an action on picked members after the rules; reloads and clears the pick when it worked. */
  const act = async <T>(
    action: MemberAction | null,
    ids: number[],
    call: () => Promise<T>,
  ): Promise<ActionResult<T>> => {
    const refusal = action
      ? memberActionRefusal(action, selfId, ids)
      : ids.length
        ? null
        : 'errors.members.noneSelected';
    if (refusal) return { ok: false, key: refusal };
    try {
      const value = await call();
      setSelected([]);
      reload();
      return { ok: true, value };
    } catch (error) {
      return failed(error);
    }
  };

  return {
    status,
    rows: data.rows,
    total: data.total,
    products: data.products,
    departments,
    filters,
    pageIndex,
    pageSize,
    selfId,
    selected,
    setSelected,
    /** New filters start again at page 1. */
    filter: (next: Partial<MemberFilters>) => {
      setFilters((previous) => ({ ...previous, ...next }));
      setPageIndex(DEFAULT_PAGE_INDEX);
    },
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    goToPage: (index: number, size = pageSize) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPageIndex(DEFAULT_PAGE_INDEX);
      } else setPageIndex(index);
    },
    reload,
    add: (body: MemberCreate) => act(null, [0], () => api.createMember(body)),
    edit: (id: number, body: MemberUpdate) => act(null, [id], () => api.updateMember(id, body)),
    setAdmin: (ids: number[], isAdmin: boolean) =>
      act(isAdmin ? 'setAdmin' : 'revokeAdmin', ids, () =>
        api.setMembersAdmin({ IDs: ids, IsOrganAdmin: isAdmin ? 1 : 0 }),
      ),
    remove: (ids: number[]) => act('remove', ids, () => api.removeMembers(ids)),
    /** Why the picked members cannot be removed before anything is asked (yourself, none), or null. */
    removalRefusal: (ids: number[]) => memberActionRefusal('remove', selfId, ids),
    /** The handover check before removing (changes nothing, so no reload); a failure answers its key. */
    checkHandover: async (ids: number[]): Promise<ActionResult<MemberHandover>> => {
      const refusal = memberActionRefusal('remove', selfId, ids);
      if (refusal) return { ok: false, key: refusal };
      return api.checkMemberHandover(ids).then((value) => ({ ok: true, value }), failed);
    },
    resetPasswords: (ids: number[]) => act('resetPassword', ids, () => api.resetMembersPasswords(ids)),
    changeDepartment: (ids: number[], deptId: number | null) =>
      act(null, ids, () => api.changeMembersDepartment({ IDs: ids, DeptID: deptId })),
    unlock: (id: number) => act(null, [id], () => api.unlockMember(id)),
    /** Members whose name, mobile or email starts with `keyword` (20), for the superior picker. */
    searchMembers,
    /** Whether a row is the signed-in administrator (no remove, revoke or reset on it). */
    isSelf: (row: MemberRow) => row.ID === selfId,
  };
}

export type MembersPageState = ReturnType<typeof useMembersPage>;
