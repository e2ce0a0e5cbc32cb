import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentLanguage } from '../../../../src/adapters/account-api';
import { downloadFile } from '../../../../src/adapters/browser-window';
import { setClientConfig } from '../../../../src/adapters/config-api';
import { UserMenu } from '../../../../src/desktop/layouts/user-menu';
import { currentLanguage } from '../../../../src/i18n/i18n';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { createDingtalkPlatform } from '../../../../src/platforms/dingtalk';
import type { Platform } from '../../../../src/platforms/platform';
import { Providers, testConfig, testSession, useLanguage } from '../../test-utils';

// The headers' product menu and the user menu's help items ask for the user's products.
vi.mock('../../../../src/adapters/products-api', () => ({ getAuthorizeInfo: vi.fn(async () => []) }));
vi.mock('../../../../src/adapters/account-api', () => ({
  setCurrentLanguage: vi.fn(async () => undefined),
  setUiVersion: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
}));
vi.mock('../../../../src/adapters/browser-window', () => ({
  goToHash: vi.fn(),
  reloadPage: vi.fn(),
  downloadFile: vi.fn(),
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

describe('desktop user menu: the administration and the drawing tool', () => {
  const tree = [
    {
      Code: 'personalCenter',
      Name: '',
      HasAuth: true,
      Children: [{ Code: 'info', Name: '', HasAuth: true, Children: [] }],
    },
    {
      Code: 'organization',
      Name: '',
      HasAuth: true,
      Children: [{ Code: 'orgInfo', Name: '', HasAuth: true, Children: [] }],
    },
  ];

  beforeEach(async () => {
    await useLanguage('en-US');
    setClientConfig(testConfig);
  });

  it('leads an administrator into the administration, at its first page', async () => {
    sessionStore.signIn(
      testSession({ AccountInfo: { ...testSession().AccountInfo, ID: 8, IsOrganAdmin: 1 } }),
    );
    sessionStore.menusLoaded(tree);
    open(createBrowserPlatform('desktop'));
    const item = await screen.findByTestId('menu-administration');
    expect(item.textContent).toBe('Administration');
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/layout/orgInfo'));
  });

  it('offers a member no administration', async () => {
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, ID: 9 } }));
    sessionStore.menusLoaded(tree.slice(0, 1));
    open(createBrowserPlatform('desktop'));
    expect(await screen.findByTestId('menu-personal-center')).toBeTruthy();
    expect(screen.queryByTestId('menu-administration')).toBeNull();
  });

  it('lists the drawing tool among the app downloads when its site is set', async () => {
    setClientConfig({
      ...testConfig,
      modules: { ...testConfig.modules, appDownload: true },
      drawToolUrl: 'https://draw.example.test/setup.exe',
    });
    sessionStore.signIn(testSession());
    open(createBrowserPlatform('desktop'));
    fireEvent.click(await screen.findByTestId('menu-app-downloads'));
    fireEvent.click(await screen.findByTestId('menu-app-draw'));
    expect(downloadFile).toHaveBeenCalledWith('https://draw.example.test/setup.exe');
    expect(screen.getByTestId('menu-app-cims')).toBeTruthy();
  });
});
