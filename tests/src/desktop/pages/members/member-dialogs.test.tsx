import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import {
  ChangeDepartmentModal,
  OneTimePasswordsModal,
} from '../../../../../src/desktop/pages/members/member-dialogs';
import { Providers, useLanguage } from '../../../test-utils';

describe.each([
  ['zh-CN', '已通过邮件发送至 a@lab.test', '短信发送失败', '初始密码已发送给成员'],
  ['en-US', 'Sent by email to a@lab.test', 'The SMS could not be sent', 'was sent to the member'],
] as const)('one-time passwords dialog in %s', (language, sentText, failedText, allSentText) => {
  beforeEach(async () => {
    await useLanguage(language);
  });

  it('says where a sent password went instead of showing it, and shows one that could not be sent', () => {
    render(
      <Providers path="/layout/member">
        <OneTimePasswordsModal
          shown={{
            kind: 'reset',
            items: [
              {
                ID: 1,
                Account: 'a@lab.test',
                Password: null,
                Delivery: { Channel: 'email', To: 'a@lab.test', Sent: true },
              },
              {
                ID: 2,
                Account: '13900000001',
                Password: 'Ab#shown-once-1',
                Delivery: { Channel: 'sms', To: '13900000001', Sent: false },
              },
            ],
          }}
          onClose={vi.fn()}
        />
      </Providers>,
    );
    expect(screen.getByTestId('member-password-sent').textContent).toBe(sentText);
    expect(screen.getByTestId('member-password-not-sent').textContent).toContain(failedText);
    expect(screen.getAllByTestId('member-one-time-password').map((e) => e.textContent)).toEqual([
      'Ab#shown-once-1',
    ]);
    expect(document.body.textContent).not.toContain(allSentText);
  }, 30_000); // the first render loads antd's table and modal on a busy machine

  it('says the password was sent, and shows none, when every one went', () => {
    render(
      <Providers path="/layout/member">
        <OneTimePasswordsModal
          shown={{
            kind: 'created',
            items: [
              {
                ID: 3,
                Account: 'a@lab.test',
                Password: null,
                Delivery: { Channel: 'email', To: 'a@lab.test', Sent: true },
              },
            ],
          }}
          onClose={vi.fn()}
        />
      </Providers>,
    );
    expect(document.body.textContent).toContain(allSentText);
    expect(screen.queryAllByTestId('member-one-time-password')).toHaveLength(0);
  });
});

describe.each(['zh-CN', 'en-US'] as const)('transfer department dialog in %s', (language) => {
  beforeEach(async () => {
    await useLanguage(language);
  });

  it('submits through the submit modal: submitted is shown, then the dialog closes', async () => {
    const onSubmit = vi.fn(async () => true);
    const onClose = vi.fn();
    render(
      <Providers path="/layout/member">
        <ChangeDepartmentModal count={2} departments={[]} onSubmit={onSubmit} onClose={onClose} />
      </Providers>,
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByTestId('member-move-submit'));
      await act(async () => {});
      expect(onSubmit).toHaveBeenCalledWith(null);
      expect(screen.getByTestId('member-move-submit').textContent?.replace(/\s/g, '')).toBe(
        catalogues[language].common.submitted.replace(/\s/g, ''),
      );
      act(() => vi.advanceTimersByTime(1500));
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays open when the move is refused (the page says why)', async () => {
    const onClose = vi.fn();
    render(
      <Providers path="/layout/member">
        <ChangeDepartmentModal count={1} departments={[]} onSubmit={async () => false} onClose={onClose} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('member-move-submit'));
    await waitFor(() => expect(screen.getByTestId('member-move').dataset.phase).toBe('error'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
