import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../../domain/constants';
import type { SecurityNotice } from '../../../../domain/schemas/login-logs';
import { getSecurityNotice } from '../../../../src/adapters/login-logs-api';
import { accountNoticesApply, shouldOpenSecurityNotice } from '../../../../src/pages/session/account-notices';
import { routeMeta } from '../../../../src/pages/paths';
import { presentSecurityNotice, useSecurityNotice } from '../../../../src/pages/session/use-security-notice';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testConfig, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/login-logs-api', () => ({ getSecurityNotice: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/cardModeIndex">{children}</Providers>
);

const now = Date.UTC(2026, 10, 23, 9, 0);
const FACTS: SecurityNotice = {
  PreviousLogin: { Time: now - DAY_MS, IP: '10.0.0.9', Browser: 'Safari 18', Product: 'UC' },
  FailedAttempts: { Count: 2, LastTime: now - 3_600_000, LastIP: '203.0.113.7' },
  Password: { ChangedAt: now - 40 * DAY_MS, ExpiresAt: now + 10 * DAY_MS },
};

describe('presentSecurityNotice', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('shows the previous sign-in, the failures since and the password age and expiry, warning of both', () => {
    expect(presentSecurityNotice(FACTS, now, iso)).toEqual([
      {
        id: 'previous',
        label: 'securityNotice.previousLogin',
        texts: [
          {
            key: 'securityNotice.previousLoginDetail',
            params: { time: iso(now - DAY_MS), ip: '10.0.0.9', browser: 'Safari 18' },
          },
        ],
        warn: false,
      },
      {
        id: 'failures',
        label: 'securityNotice.failedAttempts',
        texts: [
          {
            key: 'securityNotice.failures',
            params: { count: 2, time: iso(now - 3_600_000), ip: '203.0.113.7', days: 30 },
          },
        ],
        warn: true,
      },
      {
        id: 'password',
        label: 'securityNotice.password',
        texts: [
          { key: 'securityNotice.passwordAge', params: { days: 40 } },
          { key: 'securityNotice.passwordExpires', params: { time: iso(now + 10 * DAY_MS) } },
        ],
        warn: true,
      },
    ]);
  });

  it('speaks of the lookback window on a first sign-in, and of a password set today without expiry', () => {
    const lines = presentSecurityNotice(
      {
        PreviousLogin: null,
        FailedAttempts: { Count: 0, LastTime: null, LastIP: null },
        Password: { ChangedAt: now - 3_600_000, ExpiresAt: null },
      },
      now,
      iso,
    );
    expect(lines.map((line) => [line.texts.map((text) => text.key), line.warn])).toEqual([
      [['securityNotice.firstLogin'], false],
      [['securityNotice.noFailuresRecently'], false],
      [['securityNotice.passwordSetToday', 'securityNotice.passwordNeverExpires'], false],
    ]);
    const failed = presentSecurityNotice(
      { ...FACTS, PreviousLogin: null, FailedAttempts: { Count: 1, LastTime: now, LastIP: '10.1.1.1' } },
      now,
      iso,
    );
    expect(failed[1].texts[0].key).toBe('securityNotice.failuresRecently');
  });

  it('has no password line for a domain account', () => {
    const lines = presentSecurityNotice({ ...FACTS, Password: null }, now, iso);
    expect(lines.map((line) => line.id)).toEqual(['previous', 'failures']);
  });
});

describe('shouldOpenSecurityNotice', () => {
  it.each([
    [{ inTour: false, neverForLoginName: false, knownForThisSignIn: false }, true],
    [{ inTour: true, neverForLoginName: false, knownForThisSignIn: false }, false],
    [{ inTour: false, neverForLoginName: true, knownForThisSignIn: false }, false],
    [{ inTour: false, neverForLoginName: false, knownForThisSignIn: true }, false],
  ])('%o -> %s', (input, open) => {
    expect(shouldOpenSecurityNotice(input)).toBe(open);
  });
});

describe('accountNoticesApply', () => {
  const applies = (path: string, loggedIn = true, mustChangePassword = false) =>
    accountNoticesApply({ loggedIn, path, route: routeMeta(path, testConfig.modules), mustChangePassword });

  it('holds on signed-in pages only', () => {
    expect(applies('/cardModeIndex')).toBe(true);
    expect(applies('/layout/loginlog')).toBe(true);
    expect(applies('/login')).toBe(false);
    expect(applies('/reset')).toBe(false);
    expect(applies('/no-such-page')).toBe(false);
    expect(applies('/cardModeIndex', false)).toBe(false);
  });

  it('never holds during a forced password change', () => {
    expect(applies('/modifyPsw')).toBe(false);
    expect(applies('/cardModeIndex', true, true)).toBe(false);
  });
});

describe('useSecurityNotice', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    localStorage.clear();
    sessionStore.signIn(testSession());
    vi.mocked(getSecurityNotice).mockReset();
    vi.mocked(getSecurityNotice).mockResolvedValue(FACTS);
  });

  const render = () => renderHook(() => useSecurityNotice(), { wrapper });

  it('opens once the facts have arrived', async () => {
    const { result } = render();
    expect(result.current.open).toBe(false);
    await waitFor(() => expect(result.current.open).toBe(true));
    expect(result.current.lines.map((line) => line.id)).toEqual(['previous', 'failures', 'password']);
    expect(getSecurityNotice).toHaveBeenCalledTimes(1);
  });

  it("'I know' closes it for this sign-in, also after a reload, and a new sign-in opens it again", async () => {
    const first = render();
    await waitFor(() => expect(first.result.current.open).toBe(true));
    act(() => first.result.current.acknowledge());
    expect(first.result.current.open).toBe(false);
    first.unmount();

    const reloaded = render();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reloaded.result.current.open).toBe(false);
    expect(getSecurityNotice).toHaveBeenCalledTimes(1);
    reloaded.unmount();

    act(() => sessionStore.signIn(testSession({ ExpiredTime: testSession().ExpiredTime + 60_000 })));
    const again = render();
    await waitFor(() => expect(again.result.current.open).toBe(true));
  });

  it("'Don't remind me again' closes it for good for this login name, not for another", async () => {
    const first = render();
    await waitFor(() => expect(first.result.current.open).toBe(true));
    act(() => first.result.current.neverRemind());
    expect(first.result.current.open).toBe(false);
    first.unmount();

    act(() => sessionStore.signIn(testSession({ ExpiredTime: testSession().ExpiredTime + 60_000 })));
    const next = render();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(next.result.current.open).toBe(false);
    next.unmount();

    const other = testSession();
    act(() =>
      sessionStore.signIn({
        ...other,
        AccountInfo: { ...other.AccountInfo, ID: 8, Account: 'bob@demo.test' },
      }),
    );
    const bob = render();
    await waitFor(() => expect(bob.result.current.open).toBe(true));
  });

  it('stays shut when the facts cannot be loaded', async () => {
    vi.mocked(getSecurityNotice).mockRejectedValue(new Error('offline'));
    const { result } = render();
    await waitFor(() => expect(getSecurityNotice).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.open).toBe(false);
  });

  it('leads to the login log, counting as an answer', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.open).toBe(true));
    act(() => result.current.viewLoginLog());
    expect(screen.getByTestId('location').textContent).toBe('/layout/loginlog');
    expect(result.current.open).toBe(false);
  });

  it('offers no password change to a domain account', () => {
    act(() => sessionStore.signIn(testSession({ LoginType: 1 })));
    const { result } = render();
    expect(result.current.canChangePassword).toBe(false);
  });
});
