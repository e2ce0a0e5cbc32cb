import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../../src/adapters/browser-window';
import { setClientConfig } from '../../../../src/adapters/config-api';
import { UserSheet } from '../../../../src/mobile/layouts/user-sheet';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { Providers, testConfig, testSession, useLanguage } from '../../test-utils';

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

function openSheet() {
  render(
    <Providers platform={createBrowserPlatform('mobile')} path="/cardModeIndex">
      <UserSheet />
    </Providers>,
  );
  fireEvent.click(screen.getByTestId('user-menu'));
}

const admin = () => testSession({ AccountInfo: { ...testSession().AccountInfo, ID: 8, IsOrganAdmin: 1 } });

describe('phone user sheet', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
  });

  it('gives an administrator one way into the administration: its phone pages in a second sheet', async () => {
    sessionStore.signIn(admin());
    openSheet();
    // Not spread over the first sheet any more.
    expect(screen.queryByTestId('menu-system-setting')).toBeNull();
    fireEvent.click(await screen.findByTestId('menu-administration'));
    expect((await screen.findByTestId('admin-sheet')).textContent).toBe('Administration');
    expect(screen.getByTestId('menu-message-push')).toBeTruthy();
    fireEvent.click(screen.getByTestId('menu-system-setting'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/layout/systemSetting'));
  });

  it('offers a member no administration, and the password change', async () => {
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, ID: 9 } }));
    openSheet();
    fireEvent.click(await screen.findByTestId('menu-password'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/layout/password'));
    expect(screen.queryByTestId('menu-administration')).toBeNull();
  });

  it('downloads the drawing tool from its site when app downloads are on and the site is set', async () => {
    setClientConfig({
      ...testConfig,
      modules: { ...testConfig.modules, appDownload: true },
      drawToolUrl: 'https://draw.example.test/setup.exe',
    });
    sessionStore.signIn(testSession());
    openSheet();
    fireEvent.click(await screen.findByTestId('menu-app-draw'));
    expect(downloadFile).toHaveBeenCalledWith('https://draw.example.test/setup.exe');
  });
});
