import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../../domain/schemas/notices';
import { getLatestNotice } from '../../../../src/adapters/notices-api';
import { readClosedAnnouncements } from '../../../../src/adapters/storage';
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

vi.mock('../../../../src/adapters/notices-api', () => ({ getLatestNotice: vi.fn() }));

const NOTICE: Notice = {
  ID: 11,
  NoticeType: 'announcement',
  Title: '系统升级',
  Detail: '今晚 22:00 升级，请提前保存数据。',
  EnDetail: 'Upgrade tonight at 22:00.',
  Link: '',
  BeginTime: 0,
  EndTime: Date.UTC(2030, 0, 1),
  Scope: 'deployment',
};

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
    sessionStorage.clear();
    vi.mocked(getLatestNotice).mockReset();
    vi.mocked(getLatestNotice).mockResolvedValue(null);
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

  it('shows the announcement banner on the personal pages: expands, collapses, and once closed stays closed for the session', async () => {
    vi.mocked(getLatestNotice).mockResolvedValue(NOTICE);
    sessionStore.signIn(testSession({ UIVersion: 'NEW', Lang: 'zh-CN' }));
    renderLayout();
    const banner = await screen.findByTestId('notice-banner');
    expect(vi.mocked(getLatestNotice)).toHaveBeenCalledWith('announcement');
    expect(screen.getByTestId('notice-banner-title').textContent).toBe('系统升级');
    expect(screen.getByTestId('notice-banner-text').textContent).toBe('今晚 22:00 升级，请提前保存数据。');
    // Under the header, before the page.
    const header = document.querySelector('.m-header')!;
    const content = document.querySelector('.m-content')!;
    expect(header.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const toggle = screen.getByTestId('notice-banner-toggle');
    expect(toggle.textContent).toBe('展开');
    fireEvent.click(toggle);
    expect(banner.className).toContain('expanded');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(banner.className).not.toContain('expanded');

    fireEvent.click(screen.getByTestId('notice-banner-close'));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(readClosedAnnouncements()).toContain(11);
    // Another personal page later in the session (the layout mounted afresh): still closed.
    cleanup();
    renderLayout();
    await act(async () => undefined);
    expect(vi.mocked(getLatestNotice)).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(screen.getByText('basic info')).toBeTruthy();
  });

  it('shows no banner when there is no live announcement', async () => {
    sessionStore.signIn(testSession({ UIVersion: 'NEW', Lang: 'zh-CN' }));
    renderLayout();
    await act(async () => undefined);
    expect(vi.mocked(getLatestNotice)).toHaveBeenCalled();
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(screen.getByText('basic info')).toBeTruthy();
  });
});
