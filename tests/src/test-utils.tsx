import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Language } from '../../domain/constants';
import type { SessionInfo } from '../../domain/schemas/account';
import type { ClientConfig } from '../../domain/schemas/client-config';
import { setClientConfig } from '../../src/adapters/config-api';
import { changeLanguage, initI18n, loadCompleteCatalogue } from '../../src/i18n/i18n';
import { createBrowserPlatform } from '../../src/platforms/browser';
import type { Platform } from '../../src/platforms/platform';
import { PlatformProvider } from '../../src/platforms/platform-context';

/** A ClientConfig as GET /api/config returns it in a cloud deployment. */
export const testConfig: ClientConfig = {
  version: '7.15.3',
  signingKey: 'test-signing-key',
  deployment: 'cloud',
  ssoLoginUrl: null,
  feishuSdkUrl: 'https://example.invalid/h5-js-sdk.js',
  modules: { reset: true, register: true, appDownload: false },
};

/** A signed-in ordinary member. */
export function testSession(patch: Partial<SessionInfo> = {}): SessionInfo {
  return {
    AccountInfo: {
      ID: 7,
      RealName: 'Ada Lovelace',
      Photo: '',
      Account: 'ada@demo.test',
      MobilePhone: '',
      Email: 'ada@demo.test',
      IsOrganAdmin: 0,
    },
    DeptInfo: null,
    PwdInfo: { MustChange: false, Reason: null },
    OrgSettings: { modules: { reset: true, appDownload: true }, lockIdleMinutes: 0 },
    OrgID: 1,
    OrgName: 'Demo Lab',
    Lang: 'en-US',
    LangChosen: true,
    UIVersion: 'NEW',
    LoginType: 0,
    autoLogin: false,
    ExpiredTime: Date.now() + 86_400_000,
    IsHomeGuided: false,
    IsPersonalCenterGuided: false,
    Locked: false,
    LoginMode: 'normal',
    TrialExpiresAt: null,
    ...patch,
  };
}

let i18nStarted = false;

/** Starts i18n once and switches it to the language a test needs. */
export async function useLanguage(language: Language): Promise<void> {
  if (!i18nStarted) {
    await initI18n(language);
    await loadCompleteCatalogue();
    i18nStarted = true;
  }
  await changeLanguage(language);
  setClientConfig(testConfig);
}

/** Renders the router's current path so tests can assert navigation. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Wraps a page in the providers the shells give it, at a route, with a probe for the current path. */
export function Providers({
  children,
  platform = createBrowserPlatform('desktop'),
  path = '/login',
}: {
  children: ReactNode;
  platform?: Platform;
  path?: string;
}) {
  return (
    <PlatformProvider platform={platform}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {children}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </PlatformProvider>
  );
}
