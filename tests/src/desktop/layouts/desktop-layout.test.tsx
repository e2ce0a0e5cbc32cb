import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopLayout } from '../../../../src/desktop/layouts/desktop-layout';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../src/platforms/browser';
import { PlatformProvider } from '../../../../src/platforms/platform-context';
import { testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/account-api', () => ({
  setCurrentLanguage: vi.fn(async () => undefined),
  setUiVersion: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
}));

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderLayout() {
  render(
    <PlatformProvider platform={createBrowserPlatform('desktop')}>
      <MemoryRouter initialEntries={['/layout/info']}>
        <Routes>
          <Route path="/layout" element={<DesktopLayout />}>
            <Route path="info" element={<p>basic info</p>} />
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

  it('puts the personal centre of the new UI under the new header, with a way home', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NEW' }));
    renderLayout();
    expect(screen.getByTestId('layout-new')).toBeTruthy();
    expect(screen.queryByText('Classic')).toBeNull();
    expect(screen.getByText('basic info')).toBeTruthy();
    fireEvent.click(screen.getByTestId('nav-home'));
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('keeps the old header with its classic badge in the nostalgia UI', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NOSTALGIA' }));
    renderLayout();
    expect(screen.getByTestId('layout-nostalgia')).toBeTruthy();
    expect(screen.getByText('Classic')).toBeTruthy();
    expect(screen.queryByTestId('nav-home')).toBeNull();
  });
});
