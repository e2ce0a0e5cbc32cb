import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../../../domain/i18n';
import type { OrgNotice } from '../../../../../domain/schemas/notices';
import { endOrgNotice, listOrgNotices } from '../../../../../src/adapters/notices-api';
import { NoticesPage } from '../../../../../src/desktop/pages/notices/notices-page';
import { Providers, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/notices-api', () => ({
  listOrgNotices: vi.fn(),
  endOrgNotice: vi.fn(),
  postOrgNotice: vi.fn(),
}));

const live: OrgNotice = {
  ID: 9,
  NoticeType: 'announcement',
  Title: 'Maintenance on Saturday',
  Detail: '',
  EnDetail: '',
  Link: '',
  BeginTime: 1_700_000_000_000,
  EndTime: 1_900_000_000_000,
  Scope: 'organization',
  Status: 'live',
  CreatedBy: 'Ada',
  CreatedAt: 1_700_000_000_000,
};

describe.each(['zh-CN', 'en-US'] as const)('organisation notices page in %s', (language) => {
  beforeEach(async () => {
    await useLanguage(language);
    vi.mocked(listOrgNotices)
      .mockReset()
      .mockResolvedValue({ total: 1, rows: [live] });
    vi.mocked(endOrgNotice).mockReset();
  });

  const ask = async () => {
    render(
      <Providers path="/layout/systemSetting">
        <NoticesPage />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('notice-end-9'));
    await screen.findByText(translate(language, 'notices.admin.endConfirm'));
  };

  it('ends a notice only once the confirm box is confirmed, and lists the notices again', async () => {
    vi.mocked(endOrgNotice).mockResolvedValue({ ...live, Status: 'ended' });
    await ask();
    expect(endOrgNotice).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('notice-end-confirm-confirm'));
    await waitFor(() => expect(endOrgNotice).toHaveBeenCalledWith(9));
    await waitFor(() => expect(listOrgNotices).toHaveBeenCalledTimes(2));
  }, 30_000); // the first render loads antd's table and modal on a busy machine

  it('keeps the box open when the end is refused (the refusal is toasted)', async () => {
    vi.mocked(endOrgNotice).mockRejectedValue(new Error('refused'));
    await ask();
    fireEvent.click(screen.getByTestId('notice-end-confirm-confirm'));
    await waitFor(() => expect(endOrgNotice).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByTestId('notice-end-confirm-confirm').className).not.toContain('ant-btn-loading'),
    );
    expect(screen.getByText(translate(language, 'notices.admin.endConfirm'))).toBeTruthy();
  });
});
