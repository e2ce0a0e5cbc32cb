import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRow } from '../../../../../domain/schemas/members';
import { formatDateTime } from '../../../../../domain/rules/date-time';
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

// 2026-11-28T12:13:49Z: the browser's locale would show it as "11/28/2026, 12:13:49 PM".
const SIGNED_IN = Date.UTC(2026, 10, 28, 12, 13, 49);

const member: MemberRow = {
  ID: 8,
  RealName: 'Zhou Yi',
  MobilePhone: null,
  Email: 'zhou@demo.test',
  DeptID: null,
  DeptName: null,
  SuperiorID: null,
  SuperiorName: null,
  IsOrganAdmin: 0,
  Locked: false,
  Products: [],
  RegisterTime: 0,
  LastLoginTime: SIGNED_IN,
};

describe.each([
  ['zh-CN', /^2026-11-2\d \d{2}:\d{2}:\d{2}$/],
  ['en-US', /^Nov 2\d, 2026 \d{2}:\d{2}:\d{2}$/],
] as const)('members table in %s', (language, shape) => {
  beforeEach(async () => {
    await useLanguage(language);
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    vi.mocked(api.getMemberPage)
      .mockReset()
      .mockResolvedValue({ total: 1, rows: [member], OrgProducts: [] });
    vi.mocked(getDepartmentTree).mockResolvedValue([]);
  });

  it('shows the last sign-in in the interface language and the user’s zone, not the browser’s locale', async () => {
    render(
      <Providers path="/layout/member">
        <MembersPage />
      </Providers>,
    );
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const shown = formatDateTime(SIGNED_IN, { language, timeZone: zone }, 'second');
    expect(shown).toMatch(shape);
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.queryByText(new Date(SIGNED_IN).toLocaleString())).toBeNull();
  }, 30_000); // the first render loads antd's table on a busy machine
});
