import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../../../domain/i18n';
import {
  addAppCredential,
  getAppCredential,
  regenerateAppSecret,
} from '../../../../../src/adapters/app-credential-api';
import { AppCredentialPage } from '../../../../../src/desktop/pages/app-credential/app-credential-page';
import { Providers, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/app-credential-api', () => ({
  getAppCredential: vi.fn(),
  addAppCredential: vi.fn(),
  renameAppCredential: vi.fn(),
  regenerateAppSecret: vi.fn(),
  fetchAccessToken: vi.fn(),
  whoseToken: vi.fn(),
}));

const SECRET = `uas_${'s'.repeat(39)}WXYZ`;
const stored = {
  id: 3,
  name: 'ERP',
  appKey: 'uak_abc',
  secretMask: 'uas_••••••••WXYZ',
  secretIssuedAt: 5,
  createdAt: 5,
};

describe.each(['zh-CN', 'en-US'] as const)('desktop app credentials in %s', (language) => {
  beforeEach(async () => {
    await useLanguage(language);
    vi.mocked(getAppCredential)
      .mockReset()
      .mockResolvedValue({ credential: null, tokenPath: '/api/Sdk/ucapi/token', expiresIn: 7200 });
    vi.mocked(addAppCredential)
      .mockReset()
      .mockResolvedValue({ ...stored, appSecret: SECRET, revokedTokens: 0 });
    vi.mocked(regenerateAppSecret).mockReset();
  });

  const renderPage = () =>
    render(
      <Providers path="/layout/appCredential">
        <AppCredentialPage />
      </Providers>,
    );

  it('shows the new secret once, then only its mask, and the three steps in words', async () => {
    renderPage();
    expect(await screen.findByText(translate(language, 'appCredential.key.none'))).toBeTruthy();
    for (const step of ['key', 'invoke', 'test'] as const) {
      expect(screen.getByText(translate(language, `appCredential.steps.${step}`))).toBeTruthy();
    }
    fireEvent.change(screen.getByTestId('app-credential-name'), { target: { value: 'ERP' } });
    fireEvent.click(screen.getByTestId('app-credential-save'));
    expect((await screen.findByTestId('app-secret-new')).textContent).toContain(SECRET);
    expect(screen.getByTestId('app-secret-mask').textContent).toBe('uas_••••••••WXYZ');
    expect(screen.getByTestId('app-credential').textContent).not.toContain(SECRET);
    expect(screen.getByTestId('app-key').textContent).toContain('uak_abc');
    fireEvent.click(screen.getByTestId('app-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('app-secret-done')).toBeNull());
  }, 30_000); // the first render loads antd's steps and modal on a busy machine

  it('regenerates the secret only once the confirm box is confirmed', async () => {
    vi.mocked(getAppCredential).mockResolvedValue({
      credential: stored,
      tokenPath: '/api/Sdk/ucapi/token',
      expiresIn: 7200,
    });
    vi.mocked(regenerateAppSecret).mockResolvedValue({ ...stored, appSecret: SECRET, revokedTokens: 2 });
    renderPage();
    fireEvent.click(await screen.findByTestId('app-secret-regenerate'));
    await screen.findByText(translate(language, 'appCredential.key.regenerateConfirm'));
    expect(regenerateAppSecret).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('app-secret-confirm-confirm'));
    await waitFor(() => expect(regenerateAppSecret).toHaveBeenCalledWith(3));
    expect(
      await screen.findByText(translate(language, 'appCredential.key.revokedTokens', { count: 2 })),
    ).toBeTruthy();
  }, 30_000);
});
