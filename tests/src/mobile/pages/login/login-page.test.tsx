import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../../../../../domain/constants';
import { catalogues } from '../../../../../domain/i18n';
import { login } from '../../../../../src/adapters/account-api';
import { setClientConfig } from '../../../../../src/adapters/config-api';
import { writeLoginNotice } from '../../../../../src/adapters/storage';
import { LoginPage } from '../../../../../src/mobile/pages/login/login-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, testConfig, testSession, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/account-api', () => ({ login: vi.fn() }));

describe.each(['zh-CN', 'en-US'] as const)('mobile login page in %s', (language) => {
  const text = catalogues[language];
  const phone = createBrowserPlatform('mobile');

  beforeEach(async () => {
    await useLanguage(language);
    sessionStore.clear();
    vi.mocked(login).mockReset();
  });

  it('renders the phone form with its test hooks in the language', () => {
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    expect(screen.getByTestId('mobile-login')).toBeTruthy();
    expect(screen.getByTestId('login-account').getAttribute('placeholder')).toBe(
      text.login.accountPlaceholder,
    );
    expect(screen.getByTestId('login-password').getAttribute('type')).toBe('password');
    expect(screen.getByText(text.login.autoLogin)).toBeTruthy();
    expect(screen.getByText(text.login.title)).toBeTruthy();
    expect(screen.getByText(text.login.agreement)).toBeTruthy();
  });

  it('links the reset wizard and the legal documents, nowhere that has no page, and caps the inputs', () => {
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    expect(screen.getByText(text.login.forgotPassword).closest('a')?.getAttribute('href')).toBe('/reset');
    expect(screen.getByText(text.login.register).closest('a')?.getAttribute('href')).toBe('/applyTrial');
    expect(screen.getByText(text.login.trialSignIn).closest('a')?.getAttribute('href')).toBe('/trial');
    expect(screen.getByText(text.login.privacy).closest('a')?.getAttribute('href')).toBe('/privacy');
    expect(document.querySelectorAll('a')).toHaveLength(5);
    expect(screen.getByTestId('login-account').getAttribute('maxlength')).toBe(String(ACCOUNT_MAX_LENGTH));
    expect(screen.getByTestId('login-password').getAttribute('maxlength')).toBe(
      String(LOGIN_PASSWORD_MAX_LENGTH),
    );
  });

  it('links neither trial page while the trial module is off', () => {
    setClientConfig({ ...testConfig, modules: { ...testConfig.modules, register: false } });
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    expect(screen.queryByText(text.login.register)).toBeNull();
    expect(screen.queryByTestId('login-trial-link')).toBeNull();
    expect(document.querySelectorAll('a')).toHaveLength(3);
    setClientConfig(testConfig);
  });

  it('keeps what was typed when the language is switched', async () => {
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800000000' } });
    const other = language === 'zh-CN' ? 'en-US' : 'zh-CN';
    fireEvent.click(screen.getByRole('button', { name: catalogues[other].common.languages[other] }));
    await waitFor(() => expect(screen.getByText(catalogues[other].login.title)).toBeTruthy());
    expect((screen.getByTestId('login-account') as HTMLInputElement).value).toBe('13800000000');
  });

  it('blocks sign-in without the agreement tick', () => {
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByRole('alert').textContent).toBe(text.errors.login.agreementRequired);
    expect(login).not.toHaveBeenCalled();
  });

  it('signs in from a phone as the mobile client once the agreement is ticked', async () => {
    vi.mocked(login).mockResolvedValue(testSession({ Lang: language }));
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('login-agree'));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('/cardModeIndex')).toBeTruthy();
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ loginClient: 'mobile', agreed: true }));
  });

  it('shows the forced-logout notice', () => {
    writeLoginNotice('errors.auth.forcedLogout');
    render(
      <Providers platform={phone}>
        <LoginPage />
      </Providers>,
    );
    expect(screen.getByText(text.errors.auth.forcedLogout)).toBeTruthy();
  });
});
