import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../../../../domain/i18n';
import { IpExceptionPage } from '../../../../../src/mobile/pages/status/ip-exception-page';
import { NoPermissionPage } from '../../../../../src/mobile/pages/status/no-permission-page';
import { NotFoundPage } from '../../../../../src/mobile/pages/status/not-found-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, testSession, useLanguage } from '../../../test-utils';

const SLOW = { timeout: 20_000 };
const phone = createBrowserPlatform('mobile');

const PAGES: ReadonlyArray<readonly [name: string, Page: ComponentType, testId: string, path: string]> = [
  ['401', NoPermissionPage, 'no-permission', '/401'],
  ['404', NotFoundPage, 'not-found', '/no/such/page'],
  ['/ipException', IpExceptionPage, 'ip-exception', '/ipException'],
];

describe.each(['zh-CN', 'en-US'] as const)('phone status pages in %s', (language) => {
  const text = catalogues[language];
  const other = language === 'zh-CN' ? 'en-US' : 'zh-CN';

  beforeEach(async () => {
    await useLanguage(language);
    sessionStore.clear();
  });

  it.each(PAGES)(
    'puts the %s page under the no-auth header when signed out: brand, the other language, sign-in',
    SLOW,
    (_, Page, testId, path) => {
      render(
        <Providers platform={phone} path={path}>
          <Page />
        </Providers>,
      );
      expect(screen.getByTestId(testId)).toBeTruthy();
      expect(screen.getByTestId('no-auth-header').textContent).toContain(text.common.appShortName);
      expect(screen.getByTestId(`header-lang-${other}`).textContent).toBe(text.common.languages[other]);
      fireEvent.click(screen.getByTestId('header-sign-in'));
      expect(screen.getByTestId('location').textContent).toBe('/login');
    },
  );

  it.each(PAGES)('keeps the %s page without a header when signed in', SLOW, (_, Page, testId, path) => {
    sessionStore.signIn(testSession());
    render(
      <Providers platform={phone} path={path}>
        <Page />
      </Providers>,
    );
    expect(screen.getByTestId(testId)).toBeTruthy();
    expect(screen.queryByTestId('no-auth-header')).toBeNull();
  });

  it('switches to the other language from the header', SLOW, async () => {
    render(
      <Providers platform={phone} path="/no/such/page">
        <NotFoundPage />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId(`header-lang-${other}`));
    await waitFor(() => expect(screen.getByText(catalogues[other].status.notFoundTitle)).toBeTruthy());
    expect(screen.getByTestId(`header-lang-${language}`)).toBeTruthy();
  });
});
