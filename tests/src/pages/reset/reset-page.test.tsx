import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../../domain/i18n';
import { ResetPage as DesktopResetPage } from '../../../../src/desktop/pages/reset/reset-page';
import { ResetPage as MobileResetPage } from '../../../../src/mobile/pages/reset/reset-page';
import {
  getCaptcha,
  getResetOptions,
  resetPassword,
  sendResetCode,
  verifyResetCode,
  verifyResetOldPassword,
} from '../../../../src/adapters/password-reset-api';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { Providers, useLanguage } from '../../test-utils';

/** antd's first render on a busy machine can take seconds; each walk through the wizard gets 20. */
const SLOW = { timeout: 5000 };

vi.mock('../../../../src/adapters/password-reset-api', () => ({
  getCaptcha: vi.fn(),
  getResetOptions: vi.fn(),
  sendResetCode: vi.fn(),
  verifyResetCode: vi.fn(),
  verifyResetOldPassword: vi.fn(),
  resetPassword: vi.fn(),
}));

const rules = { MinLength: 8, MaxLength: 64, RequiredClasses: [], Expiry: 'never', HistoryDepth: 5 };

/**
 * The two shells' reset wizards, driven alike. antd-mobile puts test ids on an input's wrapper and the id
 * on the input itself, so the phone's inputs are found by id.
 */
const SHELLS = [
  {
    shell: 'desktop',
    ResetPage: DesktopResetPage,
    platform: undefined,
    input: (id: string) => screen.queryByTestId(id) as HTMLInputElement | null,
  },
  {
    shell: 'mobile',
    ResetPage: MobileResetPage,
    platform: createBrowserPlatform('mobile'),
    input: (id: string) => document.getElementById(id) as HTMLInputElement | null,
  },
] as const;

describe.each(
  SHELLS.flatMap((shell) => (['zh-CN', 'en-US'] as const).map((language) => ({ ...shell, language }))),
)('$shell reset page in $language', ({ ResetPage, platform, input, language }) => {
  const text = catalogues[language];

  beforeEach(async () => {
    await useLanguage(language);
    let n = 0;
    vi.mocked(getCaptcha)
      .mockReset()
      .mockImplementation(async () => ({
        CaptchaId: `c${(n += 1)}`,
        Image: `data:image/svg+xml;base64,${n}`,
        ExpiresAt: 0,
      }));
    vi.mocked(getResetOptions)
      .mockReset()
      .mockResolvedValue({ CodeTypes: [1, 2] });
    vi.mocked(sendResetCode).mockReset().mockResolvedValue();
    vi.mocked(verifyResetCode)
      .mockReset()
      .mockResolvedValue({ ResetToken: 't', ExpiresAt: 0, PwdRules: rules });
    vi.mocked(resetPassword).mockReset().mockResolvedValue();
    vi.mocked(verifyResetOldPassword)
      .mockReset()
      .mockResolvedValue({ ResetToken: 'old', ExpiresAt: 0, PwdRules: rules });
  });

  const type = (id: string, value: string) => fireEvent.change(input(id)!, { target: { value } });

  it('walks through verify, new password and finished in the language', async () => {
    render(
      <Providers path="/reset" platform={platform}>
        <ResetPage />
      </Providers>,
    );
    expect(screen.getByText(text.reset.title)).toBeTruthy();
    for (const title of [
      text.reset.steps.verify,
      text.reset.steps.setPassword,
      text.reset.steps.unfinished,
    ]) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(screen.getByText(text.reset.byPhone)).toBeTruthy();
    expect(screen.getByText(text.reset.byEmail)).toBeTruthy();
    expect(input('reset-account')!.getAttribute('placeholder')).toBe(text.reset.phonePlaceholder);
    const image = await screen.findByAltText(text.reset.captchaImage, undefined, SLOW);
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');

    const send = screen.getByTestId('reset-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    type('reset-account', '13900000001');
    type('reset-captcha', 'km7p');
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(
      () => expect(send.textContent).toBe(text.reset.resendIn.replace('{{seconds}}', '60')),
      SLOW,
    );
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('reset-code-sent').textContent).toContain(
      text.reset.codeSent.replace('{{minutes}}', '10'),
    );

    type('reset-code', '123456');
    fireEvent.click(screen.getByTestId('reset-next'));
    await waitFor(() => expect(input('reset-new-password')).not.toBeNull(), SLOW);
    expect(screen.getByText(text.password.rules.title)).toBeTruthy();
    type('reset-new-password', 'Fresh#2026x');
    type('reset-confirm-password', 'Fresh#2026y');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-confirm-password-error', undefined, SLOW)).textContent).toBe(
      catalogues[language].errors.password.mismatch,
    );
    type('reset-confirm-password', 'Fresh#2026x');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await screen.findByTestId('reset-done', undefined, SLOW);
    expect(screen.getByText(text.reset.doneTitle)).toBeTruthy();
    expect(screen.getByText(text.reset.steps.finished)).toBeTruthy();
    fireEvent.click(screen.getByTestId('reset-go-login'));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  }, 20_000);

  it('shows a new captcha when the image is clicked, and field problems in the language', async () => {
    render(
      <Providers path="/reset" platform={platform}>
        <ResetPage />
      </Providers>,
    );
    const image = await screen.findByAltText(text.reset.captchaImage, undefined, SLOW);
    fireEvent.click(screen.getByTestId('reset-captcha-image'));
    await waitFor(() => expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,2'), SLOW);
    type('reset-account', '12345');
    type('reset-code', '12');
    fireEvent.click(screen.getByTestId('reset-next'));
    expect((await screen.findByTestId('reset-account-error', undefined, SLOW)).textContent).toBe(
      text.errors.validation.invalidMobile,
    );
    expect(screen.getByTestId('reset-code-error').textContent).toBe(text.errors.verification.codeFormat);
    expect(verifyResetCode).not.toHaveBeenCalled();
  }, 20_000);

  it('offers the old password as a way in: account, old password and captcha, then the new password', async () => {
    render(
      <Providers path="/reset" platform={platform}>
        <ResetPage />
      </Providers>,
    );
    await screen.findByAltText(text.reset.captchaImage, undefined, SLOW);
    fireEvent.click(screen.getByText(text.reset.byOldPassword));
    expect(await screen.findByText(text.reset.oldPassword, undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(text.reset.account)).toBeTruthy();
    expect(input('reset-account')!.getAttribute('placeholder')).toBe(text.reset.accountPlaceholder);
    expect(input('reset-code')).toBeNull();
    fireEvent.click(screen.getByTestId('reset-next'));
    expect((await screen.findByTestId('reset-old-password-error', undefined, SLOW)).textContent).toBe(
      text.errors.password.oldRequired,
    );
    type('reset-account', 'ada@lab.test');
    type('reset-old-password', 'Old#Pass2026');
    type('reset-captcha', 'km7p');
    fireEvent.click(screen.getByTestId('reset-next'));
    await screen.findByTestId('reset-new-password', undefined, SLOW);
    expect(verifyResetOldPassword).toHaveBeenCalledWith({
      Account: 'ada@lab.test',
      OldPassword: 'Old#Pass2026',
      captchaId: expect.any(String),
      validCode: 'km7p',
    });
    expect(verifyResetCode).not.toHaveBeenCalled();
  }, 20_000);
});
