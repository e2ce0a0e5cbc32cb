import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setGuided } from '../../../../src/adapters/personal-api';
import { writeSecurityNoticeKnown } from '../../../../src/adapters/storage';
import { DesktopLayout } from '../../../../src/desktop/layouts/desktop-layout';
import { signInKey } from '../../../../src/pages/session/account-notices';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { PlatformProvider } from '../../../../src/platforms/platform-context';
import { testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/personal-api', () => ({ setGuided: vi.fn(async () => undefined) }));
// The headers' product menu and the user menu's help items ask for the user's products.
vi.mock('../../../../src/adapters/products-api', () => ({ getAuthorizeInfo: vi.fn(async () => []) }));
vi.mock('../../../../src/adapters/account-api', () => ({
  setCurrentLanguage: vi.fn(async () => undefined),
  setUiVersion: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
}));

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderLayout(path = '/layout/info') {
  render(
    <PlatformProvider platform={createBrowserPlatform('desktop')}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/layout" element={<DesktopLayout />}>
            <Route path="info" element={<p>basic info</p>} />
            <Route path="member" element={<p>members</p>} />
          </Route>
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </PlatformProvider>,
  );
}

describe('desktop layout', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
  });

  // The first render builds antd's styles for the headers and menus: a generous limit on a loaded machine.
  it(
    'puts the personal centre of the new UI under the new header, with a way home',
    { timeout: 30000 },
    () => {
      sessionStore.signIn(testSession({ UIVersion: 'NEW', IsPersonalCenterGuided: true }));
      renderLayout();
      expect(screen.getByTestId('layout-new')).toBeTruthy();
      expect(screen.queryByText('Classic')).toBeNull();
      expect(screen.getByText('basic info')).toBeTruthy();
      fireEvent.click(screen.getByTestId('nav-home'));
      expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
    },
  );

  // The bubble's first render builds antd's popover styles, slow on a loaded machine: a generous limit.
  it('shows the tour bubble on the personal-centre tab until it is closed', { timeout: 30000 }, async () => {
    const session = testSession({ UIVersion: 'NEW', IsPersonalCenterGuided: false });
    sessionStore.signIn(session);
    // This sign-in's security notice was answered: the bubble comes after it (overlay-turns.ts).
    writeSecurityNoticeKnown(signInKey(session));
    renderLayout();
    expect((await screen.findByTestId('tour-personal-center')).textContent).toContain('Personal centre');
    fireEvent.click(screen.getByTestId('tour-close'));
    expect(setGuided).toHaveBeenCalledWith('PersonalCenter');
    expect(sessionStore.get().session?.IsPersonalCenterGuided).toBe(true);
  });

  it('marks the personal-centre tab on its own pages only, not on the administration', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NEW', IsPersonalCenterGuided: true }));
    renderLayout();
    expect(screen.getByTestId('nav-personal-center').getAttribute('aria-current')).toBe('page');
    cleanup();
    renderLayout('/layout/member');
    expect(screen.getByText('members')).toBeTruthy();
    expect(screen.getByTestId('nav-personal-center').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('nav-personal-center').className).not.toContain('active');
  });

  it('keeps the old header with its classic badge in the nostalgia UI', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NOSTALGIA' }));
    renderLayout();
    expect(screen.getByTestId('layout-nostalgia')).toBeTruthy();
    expect(screen.getByText('Classic')).toBeTruthy();
    expect(screen.queryByTestId('nav-home')).toBeNull();
  });
});
