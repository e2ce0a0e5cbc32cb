import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRow } from '../../../../domain/schemas/members';
import { ApiError } from '../../../../src/adapters/api-client';
import { getDepartmentTree } from '../../../../src/adapters/departments-api';
import * as api from '../../../../src/adapters/members-api';
import { useMemberHistoryPage } from '../../../../src/pages/members/use-member-history-page';
import { useMembersPage } from '../../../../src/pages/members/use-members-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/members-api', () => ({
  getMemberPage: vi.fn(),
  createMember: vi.fn(),
  updateMember: vi.fn(),
  setMembersAdmin: vi.fn(),
  removeMembers: vi.fn(),
  changeMembersDepartment: vi.fn(),
  resetMembersPasswords: vi.fn(),
  unlockMember: vi.fn(),
  getFormerMemberPage: vi.fn(),
  restoreMembers: vi.fn(),
  checkMemberHandover: vi.fn(),
}));
vi.mock('../../../../src/adapters/departments-api', () => ({ getDepartmentTree: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/layout/member">{children}</Providers>
);

const member = (id: number, patch: Partial<MemberRow> = {}): MemberRow => ({
  ID: id,
  RealName: `Member ${id}`,
  MobilePhone: null,
  Email: `m${id}@demo.test`,
  DeptID: null,
  DeptName: null,
  SuperiorID: null,
  SuperiorName: null,
  IsOrganAdmin: 0,
  Locked: false,
  Products: [],
  RegisterTime: 0,
  LastLoginTime: null,
  ...patch,
});

/** The signed-in administrator is member 7 (testSession). */
async function renderPage() {
  const hook = renderHook(() => useMembersPage(), { wrapper });
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  return hook;
}

describe('useMembersPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    vi.mocked(api.getMemberPage).mockReset();
    vi.mocked(api.getMemberPage).mockResolvedValue({
      total: 12,
      rows: [member(7, { IsOrganAdmin: 1 }), member(8)],
      OrgProducts: ['ELN'],
    });
    vi.mocked(api.removeMembers).mockReset();
    vi.mocked(api.setMembersAdmin).mockReset();
    vi.mocked(api.resetMembersPasswords).mockReset();
    vi.mocked(getDepartmentTree).mockResolvedValue([]);
  });

  it('loads page 1 of 10 and starts again at page 1 when a filter changes', async () => {
    const { result } = await renderPage();
    expect(api.getMemberPage).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 10 });
    expect(result.current.products).toEqual(['ELN']);
    act(() => result.current.goToPage(2));
    await waitFor(() => expect(api.getMemberPage).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 10 }));
    act(() => result.current.filter({ keyword: 'ada', isAdmin: true }));
    await waitFor(() =>
      expect(api.getMemberPage).toHaveBeenLastCalledWith({
        keyword: 'ada',
        isAdmin: true,
        pageIndex: 1,
        pageSize: 10,
      }),
    );
  });

  it.each([
    [
      'remove',
      (page: ReturnType<typeof useMembersPage>) => page.remove([8, 7]),
      'errors.members.cannotRemoveSelf',
    ],
    [
      'revoke',
      (page: ReturnType<typeof useMembersPage>) => page.setAdmin([7], false),
      'errors.members.cannotRevokeOwnAdmin',
    ],
    [
      'reset',
      (page: ReturnType<typeof useMembersPage>) => page.resetPasswords([7]),
      'errors.members.notOnSelf',
    ],
    [
      'an empty pick',
      (page: ReturnType<typeof useMembersPage>) => page.remove([]),
      'errors.members.noneSelected',
    ],
  ])('refuses %s before calling the server', async (_, run, key) => {
    const { result } = await renderPage();
    let outcome: Awaited<ReturnType<typeof run>> | undefined;
    await act(async () => {
      outcome = await run(result.current);
    });
    expect(outcome).toEqual({ ok: false, key });
    expect(api.removeMembers).not.toHaveBeenCalled();
    expect(api.setMembersAdmin).not.toHaveBeenCalled();
    expect(api.resetMembersPasswords).not.toHaveBeenCalled();
  });

  it('removes picked members, clears the pick and reloads', async () => {
    const { result } = await renderPage();
    act(() => result.current.setSelected([8]));
    const calls = vi.mocked(api.getMemberPage).mock.calls.length;
    await act(async () => {
      expect(await result.current.remove([8])).toEqual({ ok: true, value: undefined });
    });
    expect(api.removeMembers).toHaveBeenCalledWith([8]);
    expect(result.current.selected).toEqual([]);
    await waitFor(() => expect(vi.mocked(api.getMemberPage).mock.calls.length).toBe(calls + 1));
  });

  it('runs the handover check without reloading, and refuses yourself before asking', async () => {
    const handover = {
      Products: [
        {
          Product: 'ELN',
          Status: 'checked' as const,
          Accounts: [{ ID: 8, RealName: 'Member 8', Findings: ['owns 3 projects'] }],
        },
      ],
    };
    vi.mocked(api.checkMemberHandover).mockReset();
    vi.mocked(api.checkMemberHandover).mockResolvedValue(handover);
    const { result } = await renderPage();
    const calls = vi.mocked(api.getMemberPage).mock.calls.length;
    await act(async () => {
      expect(await result.current.checkHandover([8, 7])).toEqual({
        ok: false,
        key: 'errors.members.cannotRemoveSelf',
      });
      expect(await result.current.checkHandover([8])).toEqual({ ok: true, value: handover });
    });
    expect(api.checkMemberHandover).toHaveBeenCalledTimes(1);
    expect(result.current.removalRefusal([])).toBe('errors.members.noneSelected');
    expect(vi.mocked(api.getMemberPage).mock.calls.length).toBe(calls);
  });

  it("answers the server's refusal key for the page to show", async () => {
    vi.mocked(api.setMembersAdmin).mockRejectedValue(new ApiError(409, 'errors.members.lastAdmin', 'last'));
    const { result } = await renderPage();
    await act(async () => {
      expect(await result.current.setAdmin([8], false)).toEqual({
        ok: false,
        key: 'errors.members.lastAdmin',
      });
    });
  });

  it('hands back the one-time passwords of a reset', async () => {
    vi.mocked(api.resetMembersPasswords).mockResolvedValue({
      Passwords: [{ ID: 8, Account: 'm8@demo.test', Password: 'Ab#12345678', Delivery: null }],
    });
    const { result } = await renderPage();
    await act(async () => {
      const outcome = await result.current.resetPasswords([8]);
      expect(outcome.ok && outcome.value.Passwords[0].Password).toBe('Ab#12345678');
    });
  });
});

describe('useMemberHistoryPage', () => {
  beforeEach(() => {
    vi.mocked(api.getFormerMemberPage).mockReset();
    vi.mocked(api.getFormerMemberPage).mockResolvedValue({
      total: 1,
      rows: [
        {
          ID: 9,
          RealName: 'Gone',
          MobilePhone: null,
          Email: 'g@demo.test',
          DeptName: null,
          RegisterTime: 0,
          RemovedTime: 5,
        },
      ],
    });
    vi.mocked(api.restoreMembers).mockReset();
  });

  it('searches from page 1, refuses an empty pick and restores picked members', async () => {
    const { result } = renderHook(() => useMemberHistoryPage(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.search(' gone '));
    await waitFor(() =>
      expect(api.getFormerMemberPage).toHaveBeenLastCalledWith({
        pageIndex: 1,
        pageSize: 10,
        keyword: 'gone',
      }),
    );
    await act(async () => {
      expect(await result.current.restore([])).toEqual({ ok: false, key: 'errors.members.noneSelected' });
      expect(await result.current.restore([9])).toEqual({ ok: true, key: null });
    });
    expect(api.restoreMembers).toHaveBeenCalledWith([9]);
  });
});
