import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../../../../src/adapters/account-api';
import { setClientConfig } from '../../../../../src/adapters/config-api';
import { LoginPage } from '../../../../../src/desktop/pages/login/login-page';
import { LoginPage as PhoneLoginPage } from '../../../../../src/mobile/pages/login/login-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, testConfig, testSession, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/account-api', () => ({ login: vi.fn() }));

const agree = () => screen.getByTestId<HTMLInputElement>('login-agree');
const typeAccount = (account: string) =>
  fireEvent.change(screen.getByTestId('login-account'), { target: { value: account } });

function renderLogin(shell: 'desktop' | 'phone') {
  render(
    <Providers platform={createBrowserPlatform(shell === 'desktop' ? 'desktop' : 'mobile')}>
      {shell === 'desktop' ? <LoginPage /> : <PhoneLoginPage />}
    </Providers>,
  );
}

/** Signs in once through the page, ticking the box by hand: this device then remembers the agreement. */
async function agreeOnce(shell: 'desktop' | 'phone', account: string) {
  vi.mocked(login).mockResolvedValue(testSession());
  renderLogin(shell);
  typeAccount(account);
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Lab#Pass2026-Quartz' } });
  fireEvent.click(agree());
  fireEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(sessionStore.get().session).not.toBeNull());
}

describe.each(['desktop', 'phone'] as const)('the terms tick on the %s login page', (shell) => {
  beforeEach(async () => {
    await useLanguage('en-US');
    localStorage.clear();
    sessionStore.clear();
    vi.mocked(login).mockReset();
    setClientConfig({ ...testConfig, termsVersion: 'v1' });
  });

  it('is ticked for an account that agreed to these terms on this device, and only for it', async () => {
    await agreeOnce(shell, 'Wang@Demo-Lab.test');
    sessionStore.clear();
    document.body.innerHTML = '';
    renderLogin(shell);
    expect(agree().checked).toBe(false);
    typeAccount('wang@demo-lab.test ');
    expect(agree().checked).toBe(true);
    // Another name takes back the tick the device put there...
    typeAccount('zhou@demo-lab.test');
    expect(agree().checked).toBe(false);
    // ...but never a tick the user set by hand.
    fireEvent.click(agree());
    typeAccount('zhou@demo-lab.tes');
    expect(agree().checked).toBe(true);
  });

  it('is unticked again once the terms have a new version', async () => {
    await agreeOnce(shell, 'wang@demo-lab.test');
    sessionStore.clear();
    document.body.innerHTML = '';
    setClientConfig({ ...testConfig, termsVersion: 'v2' });
    renderLogin(shell);
    typeAccount('wang@demo-lab.test');
    expect(agree().checked).toBe(false);
  });

  it('comes before the Sign in button in tab order', () => {
    renderLogin(shell);
    const focusable = [...document.querySelectorAll<HTMLElement>('input, button, a[href]')];
    expect(focusable.indexOf(agree())).toBeLessThan(focusable.indexOf(screen.getByTestId('login-submit')));
    expect(focusable.indexOf(agree())).toBeGreaterThan(
      focusable.indexOf(screen.getByTestId('login-password')),
    );
  });
});
