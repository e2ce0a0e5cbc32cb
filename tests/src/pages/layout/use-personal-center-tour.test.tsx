import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setGuided } from '../../../../src/adapters/personal-api';
import { writeSecurityNoticeKnown } from '../../../../src/adapters/storage';
import { usePersonalCenterTour } from '../../../../src/pages/layout/use-personal-center-tour';
import { signInKey } from '../../../../src/pages/session/account-notices';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { testSession } from '../../test-utils';

vi.mock('../../../../src/adapters/personal-api', () => ({ setGuided: vi.fn() }));

describe('usePersonalCenterTour', () => {
  beforeEach(() => {
    vi.mocked(setGuided).mockReset().mockResolvedValue(undefined);
  });

  it('shows the bubble until it is closed, then marks the personal centre guided on the server and in the session', () => {
    const session = testSession({ IsPersonalCenterGuided: false });
    // This sign-in's security notice was answered: it comes first (see overlay-turns).
    writeSecurityNoticeKnown(signInKey(session));
    sessionStore.signIn(session);
    const { result } = renderHook(() => ({ tour: usePersonalCenterTour() }));
    expect(result.current.tour.open).toBe(true);
    act(() => result.current.tour.close());
    expect(result.current.tour.open).toBe(false);
    expect(setGuided).toHaveBeenCalledWith('PersonalCenter');
    expect(sessionStore.get().session?.IsPersonalCenterGuided).toBe(true);
  });

  it('never shows for a user already guided, and shuts even when the server call fails', () => {
    sessionStore.signIn(testSession({ IsPersonalCenterGuided: true }));
    const guided = renderHook(() => usePersonalCenterTour());
    expect(guided.result.current.open).toBe(false);
    guided.unmount();
    vi.mocked(setGuided).mockRejectedValue(new Error('offline'));
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, ID: 8 } }));
    const { result } = renderHook(() => usePersonalCenterTour());
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
  });
});
