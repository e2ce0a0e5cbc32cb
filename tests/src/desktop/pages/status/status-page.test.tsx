import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import { IpExceptionPage } from '../../../../../src/desktop/pages/status/ip-exception-page';
import { NoPermissionPage } from '../../../../../src/desktop/pages/status/no-permission-page';
import { NotFoundPage } from '../../../../../src/desktop/pages/status/not-found-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../../test-utils';

/** antd's first render on a busy machine can take seconds. */
const SLOW = { timeout: 20_000 };

const PAGES: ReadonlyArray<readonly [name: string, Page: ComponentType, testId: string, path: string]> = [
  ['401', NoPermissionPage, 'no-permission', '/401'],
  ['404', NotFoundPage, 'not-found', '/no/such/page'],
  ['/ipException', IpExceptionPage, 'ip-exception', '/ipException'],
];

describe.each(['zh-CN', 'en-US'] as const)('desktop status pages in %s', (language) => {
  const text = catalogues[language];

  beforeEach(async () => {
    await useLanguage(language);
    sessionStore.clear();
  });

  it.each(PAGES)(
    'puts the %s page under the no-auth header when signed out: brand, both languages, sign-in',
    SLOW,
    (_, Page, testId, path) => {
      render(
        <Providers path={path}>
          <Page />
        </Providers>,
      );
      const header = screen.getByTestId('no-auth-header');
      expect(screen.getByTestId(testId)).toBeTruthy();
      expect(header.textContent).toContain(text.common.appName);
      expect(screen.getByTestId('header-lang-zh-CN').getAttribute('aria-pressed')).toBe(
        String(language === 'zh-CN'),
      );
      expect(screen.getByTestId('header-lang-en-US').getAttribute('aria-pressed')).toBe(
        String(language === 'en-US'),
      );
      expect(screen.getByTestId('header-sign-in').textContent).toBe(text.layout.appPages.signIn);
      fireEvent.click(screen.getByTestId('header-sign-in'));
      expect(screen.getByTestId('location').textContent).toBe('/login');
    },
  );

  it.each(PAGES)('keeps the %s page without a header when signed in', SLOW, (_, Page, testId, path) => {
    sessionStore.signIn(testSession());
    render(
      <Providers path={path}>
        <Page />
      </Providers>,
    );
    expect(screen.getByTestId(testId)).toBeTruthy();
    expect(screen.queryByTestId('no-auth-header')).toBeNull();
  });
});

describe('desktop status pages: the no-auth header switches the language', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
    sessionStore.clear();
  });

  it('shows the blocked-IP notice in English after English is chosen in the header', SLOW, async () => {
    render(
      <Providers path="/ipException">
        <IpExceptionPage />
      </Providers>,
    );
    expect(screen.getByText(catalogues['zh-CN'].status.ipExceptionTitle)).toBeTruthy();
    fireEvent.click(screen.getByTestId('header-lang-en-US'));
    await waitFor(() => expect(screen.getByText(catalogues['en-US'].status.ipExceptionTitle)).toBeTruthy());
    expect(screen.getByTestId('header-lang-en-US').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(catalogues['en-US'].common.backToLogin)).toBeTruthy();
  });
});
