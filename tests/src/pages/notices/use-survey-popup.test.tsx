import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../../../domain/schemas/notices';
import { getSecurityNotice } from '../../../../src/adapters/login-logs-api';
import { finishSurvey, getLatestNotice, remindSurveyLater } from '../../../../src/adapters/notices-api';
import { writeSecurityNoticeKnown } from '../../../../src/adapters/storage';
import { openInNewTab } from '../../../../src/platforms/platform';
import { useSurveyPopup } from '../../../../src/pages/notices/use-survey-popup';
import { signInKey } from '../../../../src/pages/session/account-notices';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/notices-api', () => ({
  getLatestNotice: vi.fn(),
  finishSurvey: vi.fn(),
  remindSurveyLater: vi.fn(),
}));
vi.mock('../../../../src/adapters/login-logs-api', () => ({ getSecurityNotice: vi.fn() }));
vi.mock('../../../../src/platforms/platform', async (original) => ({
  ...(await original<typeof import('../../../../src/platforms/platform')>()),
  openInNewTab: vi.fn(),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/cardModeIndex">{children}</Providers>
);

const SURVEY: Notice = {
  ID: 3,
  NoticeType: 'survey',
  Title: 'How are we doing?',
  Detail: '请评价',
  EnDetail: 'Rate us',
  Link: 'https://survey.example/1',
  BeginTime: 0,
  EndTime: Date.UTC(2030, 0, 1),
  Scope: 'organization',
};

describe('useSurveyPopup', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    localStorage.clear();
    sessionStore.signIn(testSession());
    // The account-security notice of this sign-in was answered: the survey need not wait.
    writeSecurityNoticeKnown(signInKey(testSession()));
    vi.mocked(getLatestNotice).mockReset().mockResolvedValue(SURVEY);
    vi.mocked(finishSurvey)
      .mockReset()
      .mockResolvedValue({ NoticeId: 3, Choice: 'answered', RemindAt: null });
    vi.mocked(remindSurveyLater).mockReset().mockResolvedValue({ NoticeId: 3, Choice: 'later', RemindAt: 1 });
    vi.mocked(getSecurityNotice).mockReset().mockRejectedValue(new Error('no facts'));
    vi.mocked(openInNewTab).mockReset();
  });

  const render = () => renderHook(() => useSurveyPopup(), { wrapper });

  it('opens with the survey in the user language; answering opens its link and records it', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.open).toBe(true));
    expect(getLatestNotice).toHaveBeenCalledWith('survey');
    expect(result.current.text).toBe('Rate us');
    expect(result.current.remindOptions).toEqual([3, 7, 15]);
    act(() => result.current.answer());
    expect(openInNewTab).toHaveBeenCalledWith('https://survey.example/1');
    await waitFor(() => expect(result.current.open).toBe(false));
    expect(finishSurvey).toHaveBeenCalledWith(3, 'answered');
  });

  it.each([3, 7, 15] as const)('puts it off %i days', async (days) => {
    const { result } = render();
    await waitFor(() => expect(result.current.open).toBe(true));
    act(() => result.current.later(days));
    await waitFor(() => expect(result.current.open).toBe(false));
    expect(remindSurveyLater).toHaveBeenCalledWith(3, days);
  });

  it('never: records it; a failure keeps the popup for another try', async () => {
    vi.mocked(finishSurvey).mockRejectedValueOnce(new Error('offline'));
    const { result } = render();
    await waitFor(() => expect(result.current.open).toBe(true));
    act(() => result.current.never());
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.open).toBe(true);
    act(() => result.current.never());
    await waitFor(() => expect(result.current.open).toBe(false));
    expect(finishSurvey).toHaveBeenLastCalledWith(3, 'never');
  });

  it('waits while the account-security notice is open, and not when it cannot load', async () => {
    localStorage.clear();
    vi.mocked(getSecurityNotice).mockReturnValue(new Promise(() => undefined));
    const waiting = render();
    await waitFor(() => expect(getLatestNotice).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waiting.result.current.open).toBe(false);
    waiting.unmount();

    vi.mocked(getSecurityNotice).mockRejectedValue(new Error('no facts'));
    const shut = render();
    await waitFor(() => expect(shut.result.current.open).toBe(true));
  });
});
