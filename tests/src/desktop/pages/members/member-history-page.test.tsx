import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../../../domain/i18n';
import { formatDateTime } from '../../../../../domain/rules/date-time';
import { ApiError } from '../../../../../src/adapters/api-client';
import { getFormerMemberPage, restoreMembers } from '../../../../../src/adapters/members-api';
import { MemberHistoryPage } from '../../../../../src/desktop/pages/members/member-history-page';
import { Providers, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/members-api', () => ({
  getFormerMemberPage: vi.fn(),
  restoreMembers: vi.fn(),
}));

const row = {
  ID: 4,
  RealName: 'Grace Hopper',
  MobilePhone: null,
  Email: 'grace@lab.test',
  DeptName: null,
  RegisterTime: 1_700_000_000_000,
  RemovedTime: 1_710_000_000_000,
};

describe.each(['zh-CN', 'en-US'] as const)('former members page in %s', (language) => {
  beforeEach(async () => {
    await useLanguage(language);
    vi.mocked(getFormerMemberPage)
      .mockReset()
      .mockResolvedValue({ total: 1, rows: [row] });
    vi.mocked(restoreMembers).mockReset();
  });

  const open = async () => {
    render(
      <Providers path="/layout/history">
        <MemberHistoryPage />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('former-restore-4'));
    await screen.findByText(translate(language, 'members.history.confirmRestore', { count: 1 }));
  };

  it('asks in the confirm box before restoring, and restores on confirm', async () => {
    vi.mocked(restoreMembers).mockResolvedValue(undefined);
    await open();
    expect(restoreMembers).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('former-restore-confirm-confirm'));
    await waitFor(() => expect(restoreMembers).toHaveBeenCalledWith([4]));
    expect(await screen.findByText(translate(language, 'members.done.restored'))).toBeTruthy();
  }, 30_000); // the first render loads antd's table and modal on a busy machine

  it('keeps a refusal in the box in words', async () => {
    vi.mocked(restoreMembers).mockRejectedValue(new ApiError(409, 'errors.members.cannotRemoveSelf', 'no'));
    await open();
    fireEvent.click(screen.getByTestId('former-restore-confirm-confirm'));
    const box = within(screen.getByTestId('former-restore-confirm'));
    expect((await box.findByRole('alert')).textContent).toBe(
      translate(language, 'errors.members.cannotRemoveSelf'),
    );
  });

  it('shows the times in the interface language and the browser’s zone, not the browser’s locale', async () => {
    render(
      <Providers path="/layout/history">
        <MemberHistoryPage />
      </Providers>,
    );
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const removed = formatDateTime(row.RemovedTime, { language, timeZone: zone }, 'second');
    expect(await screen.findByText(removed)).toBeTruthy();
    expect(removed).toMatch(
      language === 'zh-CN' ? /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ : /^[A-Z][a-z]{2} \d{2}, \d{4} /,
    );
    expect(screen.queryByText(new Date(row.RemovedTime).toLocaleString())).toBeNull();
  }, 30_000);
});
