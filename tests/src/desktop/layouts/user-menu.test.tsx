import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentLanguage } from '../../../../src/adapters/account-api';
import { UserMenu } from '../../../../src/desktop/layouts/user-menu';
import { currentLanguage } from '../../../../src/i18n/i18n';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { createDingtalkPlatform } from '../../../../src/platforms/dingtalk';
import type { Platform } from '../../../../src/platforms/platform';
import { Providers, testSession, useLanguage } from '../../test-utils';

// The headers' product menu and the user menu's help items ask for the user's products.
vi.mock('../../../../src/adapters/products-api', () => ({ getAuthorizeInfo: vi.fn(async () => []) }));
vi.mock('../../../../src/adapters/account-api', () => ({
  setCurrentLanguage: vi.fn(async () => undefined),
  setUiVersion: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
}));

function open(platform: Platform) {
  render(
    <Providers platform={platform} path="/cardModeIndex">
      <UserMenu />
    </Providers>,
  );
  fireEvent.click(screen.getByTestId('user-menu'));
}

describe('desktop user menu', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
    sessionStore.signIn(testSession({ Lang: 'zh-CN' }));
  });

  // The first render builds antd's dropdown styles: a generous limit on a loaded machine.
  it('offers sign-out in a browser', { timeout: 30000 }, async () => {
    open(createBrowserPlatform('desktop'));
    expect(await screen.findByTestId('menu-logout')).toBeTruthy();
    expect(screen.getByTestId('menu-personal-center')).toBeTruthy();
    expect(screen.getByTestId('menu-ui-toggle')).toBeTruthy();
  });

  it('hides sign-out inside DingTalk', async () => {
    open(createDingtalkPlatform('desktop'));
    expect(await screen.findByTestId('menu-personal-center')).toBeTruthy();
    expect(screen.queryByTestId('menu-logout')).toBeNull();
  });

  it('switches the language through the server, then in place', async () => {
    open(createBrowserPlatform('desktop'));
    fireEvent.click(await screen.findByTestId('menu-lang-en-US'));
    await waitFor(() => expect(currentLanguage()).toBe('en-US'));
    expect(setCurrentLanguage).toHaveBeenCalledWith('en-US');
    expect(sessionStore.get().session?.Lang).toBe('en-US');
  });
});
