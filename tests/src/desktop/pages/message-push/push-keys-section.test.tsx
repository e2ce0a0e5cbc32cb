import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../../../domain/i18n';
import { listPushKeys, revokePushKeys } from '../../../../../src/adapters/message-push-api';
import { PushKeysSection } from '../../../../../src/desktop/pages/message-push/push-keys-section';
import { Providers, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/message-push-api', () => ({
  listPushKeys: vi.fn(),
  issuePushKey: vi.fn(),
  revokePushKeys: vi.fn(),
}));

describe.each(['zh-CN', 'en-US'] as const)('desktop push keys in %s', (language) => {
  beforeEach(async () => {
    await useLanguage(language);
    vi.mocked(listPushKeys)
      .mockReset()
      .mockResolvedValue({ keys: [{ id: 1, label: 'ELN', createdAt: 5 }] });
    vi.mocked(revokePushKeys).mockReset().mockResolvedValue({ revoked: 1 });
  });

  const ask = async () => {
    render(
      <Providers path="/layout/messagePush">
        <PushKeysSection />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('push-key-revoke'));
    await screen.findByText(translate(language, 'messagePush.screen.keys.revokeConfirm'));
  };

  it('revokes only once the confirm box is confirmed', async () => {
    await ask();
    expect(revokePushKeys).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('push-key-confirm-confirm'));
    await waitFor(() => expect(revokePushKeys).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText(translate(language, 'messagePush.screen.keys.revoked', { count: 1 })),
    ).toBeTruthy();
  }, 30_000); // the first render loads antd's list and modal on a busy machine

  it('revokes nothing when cancelled', async () => {
    await ask();
    fireEvent.click(
      screen.getByRole('button', {
        name: new RegExp(translate(language, 'common.cancel').split('').join('\\s*')),
      }),
    );
    expect(revokePushKeys).not.toHaveBeenCalled();
  });
});
