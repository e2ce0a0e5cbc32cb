import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRow } from '../../../../../domain/schemas/members';
import { getDepartmentTree } from '../../../../../src/adapters/departments-api';
import * as api from '../../../../../src/adapters/members-api';
import { MembersPage } from '../../../../../src/desktop/pages/members/members-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/members-api', () => ({
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
vi.mock('../../../../../src/adapters/departments-api', () => ({ getDepartmentTree: vi.fn() }));

const row = (ID: number, RealName: string): MemberRow => ({
  ID,
  RealName,
  MobilePhone: null,
  Email: `${ID}@demo.test`,
  DeptID: null,
  DeptName: null,
  SuperiorID: null,
  SuperiorName: null,
  IsOrganAdmin: 0,
  Locked: false,
  Products: [],
  RegisterTime: 0,
  LastLoginTime: null,
});

/** The row's selection box. */
const pick = (id: number) =>
  fireEvent.click(within(screen.getByTestId(`member-row-${id}`)).getByRole('checkbox'));

describe('members batch actions', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    vi.mocked(api.getMemberPage)
      .mockReset()
      .mockResolvedValue({ total: 2, rows: [row(8, 'Wang Chen'), row(9, 'Zhou Yi')], OrgProducts: [] });
    vi.mocked(getDepartmentTree).mockResolvedValue([]);
    vi.mocked(api.checkMemberHandover).mockResolvedValue({ Products: [] } as never);
  });

  it('keeps the batch buttons off until a member is picked, and names the one member Remove asks about', async () => {
    render(
      <Providers path="/layout/member">
        <MembersPage />
      </Providers>,
    );
    await screen.findByTestId('member-row-8');
    const remove = screen.getByTestId('members-batch-remove') as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect((screen.getByTestId('members-batch-admin') as HTMLButtonElement).disabled).toBe(true);

    pick(8);
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    expect(await screen.findByText(/^Remove Wang Chen\?/)).toBeTruthy();
    expect(screen.queryByText(/the 1 selected member/)).toBeNull();
  }, 30_000); // the first render loads antd's table on a busy machine

  it('counts the members when several are picked', async () => {
    render(
      <Providers path="/layout/member">
        <MembersPage />
      </Providers>,
    );
    await screen.findByTestId('member-row-8');
    pick(8);
    pick(9);
    fireEvent.click(screen.getByTestId('members-batch-admin'));
    expect(await screen.findByText('Make the 2 selected member(s) administrators?')).toBeTruthy();
  }, 30_000);
});
