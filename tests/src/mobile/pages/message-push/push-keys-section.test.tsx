import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../../../domain/i18n';
import { listPushKeys, revokePushKeys } from '../../../../../src/adapters/message-push-api';
import { PushKeysSection } from '../../../../../src/mobile/pages/message-push/push-keys-section';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/message-push-api', () => ({
  listPushKeys: vi.fn(),
  issuePushKey: vi.fn(),
  revokePushKeys: vi.fn(),
}));

const phone = createBrowserPlatform('mobile');

describe.each(['zh-CN', 'en-US'] as const)('phone push keys in %s', (language) => {
  beforeEach(async () => {
    await useLanguage(language);
    vi.mocked(listPushKeys)
      .mockReset()
      .mockResolvedValue({ keys: [{ id: 1, label: 'ELN', createdAt: 5 }] });
    vi.mocked(revokePushKeys).mockReset().mockResolvedValue({ revoked: 1 });
  });

  const ask = async () => {
    render(
      <Providers platform={phone} path="/layout/messagePush">
        <PushKeysSection />
      </Providers>,
    );
    fireEvent.click(await screen.findByText(translate(language, 'messagePush.screen.keys.revoke')));
    await screen.findByText(translate(language, 'messagePush.screen.keys.revokeConfirm'));
  };

  it('revokes only once the confirm box is confirmed', async () => {
    await ask();
    expect(revokePushKeys).not.toHaveBeenCalled();
    fireEvent.click(document.querySelector('.m-dialog-confirm')!);
    await waitFor(() => expect(revokePushKeys).toHaveBeenCalledTimes(1));
  });

  it('revokes nothing when cancelled', async () => {
    await ask();
    fireEvent.click(screen.getByText(translate(language, 'common.cancel')));
    expect(revokePushKeys).not.toHaveBeenCalled();
  });
});
