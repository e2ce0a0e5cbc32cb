import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../../../../../domain/constants';
import { catalogues } from '../../../../../domain/i18n';
import { login } from '../../../../../src/adapters/account-api';
import { writeLoginNotice } from '../../../../../src/adapters/storage';
import { LoginPage } from '../../../../../src/desktop/pages/login/login-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { setClientConfig } from '../../../../../src/adapters/config-api';
import { Providers, testConfig, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/account-api', () => ({ login: vi.fn() }));

describe.each(['zh-CN', 'en-US'] as const)('desktop login page in %s', (language) => {
  const text = catalogues[language];

  beforeEach(async () => {
    await useLanguage(language);
    sessionStore.clear();
    vi.mocked(login).mockReset();
  });

  it('renders the form with its test hooks and strings in the language', () => {
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    expect(screen.getByTestId('desktop-login')).toBeTruthy();
    for (const id of ['login-account', 'login-password', 'login-agree', 'login-auto', 'login-submit']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text.login.title);
    expect(screen.getByText(text.login.autoLogin)).toBeTruthy();
    expect(screen.getByTestId('login-submit').textContent?.replace(/\s/g, '')).toBe(
      text.login.submit.replace(/\s/g, ''),
    );
  });

  it('links the reset wizard, the legal documents, the trial form and the trial sign-in, nowhere that has no page', () => {
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    // the test config switches the reset and register modules on: the reset wizard and the trial pages
    expect(screen.getByText(text.login.forgotPassword).closest('a')?.getAttribute('href')).toBe('/reset');
    expect(screen.getByText(text.login.register).closest('a')?.getAttribute('href')).toBe('/applyTrial');
    expect(screen.getByText(text.login.trialSignIn).closest('a')?.getAttribute('href')).toBe('/trial');
    expect(screen.getByText(text.login.haveTrial, { exact: false })).toBeTruthy();
    expect(screen.getByText(text.login.agreement).closest('a')?.getAttribute('href')).toBe('/agreement');
    expect(screen.getByText(text.login.privacy).closest('a')?.getAttribute('href')).toBe('/privacy');
    expect(document.querySelectorAll('a')).toHaveLength(5);
  });

  it('links neither trial page while the trial module is off', () => {
    setClientConfig({ ...testConfig, modules: { ...testConfig.modules, register: false } });
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    expect(screen.queryByText(text.login.register)).toBeNull();
    expect(screen.queryByTestId('login-trial-link')).toBeNull();
    expect(screen.queryByText(text.login.noAccount, { exact: false })).toBeNull();
    // the reset wizard and the two legal documents
    expect(document.querySelectorAll('a')).toHaveLength(3);
  });

  it('hides the forgot-password link when the reset module is off', () => {
    setClientConfig({ ...testConfig, modules: { ...testConfig.modules, reset: false } });
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    expect(screen.queryByText(text.login.forgotPassword)).toBeNull();
    // the two legal documents, the trial form and the trial sign-in
    expect(document.querySelectorAll('a')).toHaveLength(4);
  });

  it('stops the account and password at the lengths the server accepts', () => {
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    expect(screen.getByTestId('login-account').getAttribute('maxlength')).toBe(String(ACCOUNT_MAX_LENGTH));
    expect(screen.getByTestId('login-password').getAttribute('maxlength')).toBe(
      String(LOGIN_PASSWORD_MAX_LENGTH),
    );
  });

  it('keeps what was typed when the language is switched', async () => {
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'ada@demo.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-1' } });
    const other = language === 'zh-CN' ? 'en-US' : 'zh-CN';
    fireEvent.click(screen.getByRole('button', { name: catalogues[other].common.languages[other] }));
    await waitFor(() =>
      expect(screen.getByTestId('login-submit').textContent).toBe(catalogues[other].login.submit),
    );
    expect((screen.getByTestId('login-account') as HTMLInputElement).value).toBe('ada@demo.test');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('secret-1');
  });

  it('shows the agreement message and sends nothing when the tick is missing', () => {
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'ada@demo.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getByRole('alert').textContent).toBe(text.errors.login.agreementRequired);
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the forced-logout notice', async () => {
    writeLoginNotice('errors.auth.forcedLogout');
    render(
      <Providers>
        <LoginPage />
      </Providers>,
    );
    await waitFor(() => expect(screen.getByText(text.errors.auth.forcedLogout)).toBeTruthy());
  });
});
