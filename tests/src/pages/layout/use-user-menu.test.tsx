import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, setCurrentLanguage, setUiVersion } from '../../../../src/adapters/account-api';
import { ApiError } from '../../../../src/adapters/api-client';
import { downloadFile, goToHash, reloadPage } from '../../../../src/adapters/browser-window';
import { setClientConfig } from '../../../../src/adapters/config-api';
import { getAuthorizeInfo } from '../../../../src/adapters/products-api';
import { clearAuthorisedProductsCache } from '../../../../src/pages/layout/use-authorised-products';
import { currentLanguage } from '../../../../src/i18n/i18n';
import { avatarText, useUserMenu } from '../../../../src/pages/layout/use-user-menu';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { createWecomPlatform } from '../../../../src/platforms/wecom';
import type { Platform } from '../../../../src/platforms/platform';
import { Providers, testConfig, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/account-api', () => ({
  setCurrentLanguage: vi.fn(),
  setUiVersion: vi.fn(),
  logout: vi.fn(),
}));
vi.mock('../../../../src/adapters/browser-window', () => ({
  goToHash: vi.fn(),
  reloadPage: vi.fn(),
  downloadFile: vi.fn(),
}));
vi.mock('../../../../src/adapters/products-api', () => ({ getAuthorizeInfo: vi.fn() }));

const showError = vi.fn();

function renderMenu(platform: Platform = createBrowserPlatform('desktop')) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers platform={platform} path="/cardModeIndex">
      {children}
    </Providers>
  );
  return renderHook(
    () => useUserMenu({ showError, switchFailedMessage: (message) => `failed: ${message}` }),
    {
      wrapper,
    },
  );
}

describe('avatarText', () => {
  it.each([
    ['张三丰', '三丰'],
    ['Ada Lovelace', 'AL'],
    ['ada@demo.test', 'AD'],
    ['  ', '?'],
  ])('shows %s as %s', (name, expected) => {
    expect(avatarText(name)).toBe(expected);
  });
});

describe('useUserMenu', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    vi.mocked(setCurrentLanguage).mockResolvedValue(undefined);
    vi.mocked(setUiVersion).mockResolvedValue(undefined);
    vi.mocked(logout).mockResolvedValue(undefined);
    vi.mocked(getAuthorizeInfo).mockResolvedValue([
      {
        ID: 1,
        Code: 'ELN',
        PlatformName: '电子实验记录本',
        Introduction: '',
        IsAuthorized: true,
        WebUrl: '/eln',
      },
      { ID: 2, Code: 'PM', PlatformName: '项目管理', Introduction: '', IsAuthorized: true, WebUrl: '/pm' },
    ]);
    clearAuthorisedProductsCache();
    setClientConfig(testConfig);
    await useLanguage('zh-CN');
    sessionStore.signIn(testSession({ Lang: 'zh-CN', UIVersion: 'NEW' }));
  });

  it("shows the user's name, organisation and avatar, and sign-out outside chat hosts only", () => {
    const { result } = renderMenu();
    expect(result.current).toMatchObject({ name: 'Ada Lovelace', orgName: 'Demo Lab', avatar: 'AL' });
    expect(result.current.canLogout).toBe(true);
    expect(renderMenu(createWecomPlatform('mobile')).result.current.canLogout).toBe(false);
  });

  it('switches the language on the server first, then in place, and remembers it in the session', async () => {
    const { result } = renderMenu();
    await act(() => result.current.switchLanguage('en-US'));
    expect(setCurrentLanguage).toHaveBeenCalledWith('en-US');
    expect(currentLanguage()).toBe('en-US');
    expect(sessionStore.get().session?.Lang).toBe('en-US');
    expect(showError).not.toHaveBeenCalled();
  });

  it('does nothing when the language is already the current one', async () => {
    const { result } = renderMenu();
    await act(() => result.current.switchLanguage('zh-CN'));
    expect(setCurrentLanguage).not.toHaveBeenCalled();
  });

  it("keeps the language and shows the server's reason when the switch fails", async () => {
    vi.mocked(setCurrentLanguage).mockRejectedValue(
      new ApiError(429, 'errors.request.tooFrequent', '操作过于频繁'),
    );
    const { result } = renderMenu();
    await act(() => result.current.switchLanguage('en-US'));
    expect(showError).toHaveBeenCalledWith('failed: 操作过于频繁');
    expect(currentLanguage()).toBe('zh-CN');
    expect(sessionStore.get().session?.Lang).toBe('zh-CN');
  });

  it('goes from the new UI to the nostalgia UI by reloading into basic info', async () => {
    const { result } = renderMenu();
    await act(() => result.current.toggleUiVersion());
    expect(setUiVersion).toHaveBeenCalledWith('NOSTALGIA');
    expect(sessionStore.get().session?.UIVersion).toBe('NOSTALGIA');
    expect(goToHash).toHaveBeenCalledWith('/layout/info');
    expect(reloadPage).toHaveBeenCalled();
  });

  it('goes from the nostalgia UI to the card home without a reload', async () => {
    sessionStore.update({ UIVersion: 'NOSTALGIA' });
    const { result } = renderMenu();
    await act(() => result.current.toggleUiVersion());
    expect(setUiVersion).toHaveBeenCalledWith('NEW');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('keeps the UI version when the server refuses the switch', async () => {
    vi.mocked(setUiVersion).mockRejectedValue(new ApiError(500, 'errors.request.internal', 'x'));
    const { result } = renderMenu();
    await act(() => result.current.toggleUiVersion());
    expect(sessionStore.get().session?.UIVersion).toBe('NEW');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('signs out to the login page, even when the server call fails', async () => {
    vi.mocked(logout).mockRejectedValue(new ApiError(0, 'errors.request.network', 'offline'));
    const { result } = renderMenu();
    await act(() => result.current.signOut());
    expect(sessionStore.get().session).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('signs an SSO sign-in out through /sso/logout, which signs out at the identity provider too', async () => {
    sessionStore.signIn(testSession({ Lang: 'zh-CN', UIVersion: 'NEW', LoginMode: 'sso' }));
    const { result } = renderMenu();
    await act(() => result.current.signOut());
    expect(logout).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/sso/logout');
  });

  it('opens the personal centre', () => {
    const { result } = renderMenu();
    act(() => result.current.goPersonalCenter());
    expect(screen.getByTestId('location').textContent).toBe('/layout/info');
  });

  it("opens the personal centre's password change (SPEC §2 /layout/password)", () => {
    const { result } = renderMenu();
    act(() => result.current.goPassword());
    expect(screen.getByTestId('location').textContent).toBe('/layout/password');
  });

  it('opens the login log', () => {
    const { result } = renderMenu();
    act(() => result.current.goLoginLog());
    expect(screen.getByTestId('location').textContent).toBe('/layout/loginlog');
  });

  it('offers the system settings to administrators only', () => {
    const member = renderMenu();
    expect(member.result.current.goSystemSettings).toBeNull();
    member.unmount();
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    const { result } = renderMenu();
    act(() => result.current.goSystemSettings?.());
    expect(screen.getByTestId('location').textContent).toBe('/layout/systemSetting');
  });

  it('offers the message-push screen to administrators only', () => {
    const member = renderMenu();
    expect(member.result.current.goMessagePush).toBeNull();
    member.unmount();
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
    const { result } = renderMenu();
    act(() => result.current.goMessagePush?.());
    expect(screen.getByTestId('location').textContent).toBe('/layout/messagePush');
  });

  it('offers a help document per authorised product, each going to its default document', async () => {
    const { result } = renderMenu();
    await waitFor(() => expect(result.current.helpDocs).toHaveLength(2));
    expect(result.current.helpDocs).toEqual([
      { code: 'ELN', name: '电子实验记录本', path: '/eln/guide/start' },
      { code: 'PM', name: '项目管理', path: '/pm/guide/start' },
    ]);
    act(() => result.current.goTo(result.current.helpDocs[1].path));
    expect(screen.getByTestId('location').textContent).toBe('/pm/guide/start');
  });

  it('offers the app downloads and the drawing tool only while the app-download module is on', () => {
    const off = renderMenu();
    expect(off.result.current.appDownloads).toEqual([]);
    expect(off.result.current.downloadDraw).toBeNull();
    off.unmount();
    setClientConfig({
      ...testConfig,
      modules: { ...testConfig.modules, appDownload: true },
      drawToolUrl: 'https://draw.example.test/draw.exe',
    });
    const { result } = renderMenu();
    expect(result.current.appDownloads.map((app) => app.path)).toEqual([
      '/app/cims',
      '/app/edm',
      '/app/pm',
      '/app/mm',
      '/app/im',
    ]);
    act(() => result.current.downloadDraw?.());
    expect(downloadFile).toHaveBeenCalledWith('https://draw.example.test/draw.exe');
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('offers no app downloads to members of an organisation that switched them off', () => {
    setClientConfig({
      ...testConfig,
      modules: { ...testConfig.modules, appDownload: true },
      drawToolUrl: 'https://draw.example.test/draw.exe',
    });
    sessionStore.signIn(
      testSession({ OrgSettings: { modules: { reset: true, appDownload: false }, lockIdleMinutes: 0 } }),
    );
    const { result } = renderMenu();
    expect(result.current.appDownloads).toEqual([]);
    expect(result.current.downloadDraw).toBeNull();
  });

  it('offers no drawing tool when no site is configured', () => {
    setClientConfig({
      ...testConfig,
      modules: { ...testConfig.modules, appDownload: true },
      drawToolUrl: null,
    });
    const { result } = renderMenu();
    expect(result.current.appDownloads).toHaveLength(5);
    expect(result.current.downloadDraw).toBeNull();
  });
});
