import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileLayout } from '../../../../src/mobile/layouts/mobile-layout';
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
    <PlatformProvider platform={createBrowserPlatform('mobile')}>
      <MemoryRouter initialEntries={['/layout/info']}>
        <Routes>
          <Route path="/layout" element={<MobileLayout />}>
            <Route path="info" element={<p>basic info</p>} />
          </Route>
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </PlatformProvider>,
  );
}

describe('mobile layout', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
  });

  it('offers a labelled way home to the card home in the new UI', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NEW', Lang: 'zh-CN' }));
    renderLayout();
    expect(screen.getByTestId('nav-home').textContent).toBe('工作台');
    fireEvent.click(screen.getByTestId('nav-home'));
    expect(screen.getByTestId('location').textContent).toBe('/cardModeIndex');
  });

  it('has no home link in the nostalgia UI, where the personal centre is home', () => {
    sessionStore.signIn(testSession({ UIVersion: 'NOSTALGIA', Lang: 'zh-CN' }));
    renderLayout();
    expect(screen.queryByTestId('nav-home')).toBeNull();
    expect(screen.getByText('basic info')).toBeTruthy();
  });
});
