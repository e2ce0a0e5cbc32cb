import { useEffect, useState } from 'react';
import {
  noticeText,
  SURVEY_REMIND_DAYS,
  type SurveyFinalChoice,
  type SurveyRemindDays,
} from '../../../domain/rules/notices';
import type { Notice } from '../../../domain/schemas/notices';
import { getSecurityNotice } from '../../adapters/login-logs-api';
import { finishSurvey, getLatestNotice, remindSurveyLater } from '../../adapters/notices-api';
import { isSecurityNoticeOff, readSecurityNoticeKnown } from '../../adapters/storage';
import { openInNewTab } from '../../platforms/platform';
import { useT } from '../../i18n/use-t';
import { shouldOpenSecurityNotice, signInKey } from '../session/account-notices';
import { useSession } from '../session/use-session';

/** How often a survey waiting behind the account-security notice looks whether that was answered. */
const WAIT_POLL_MS = 1000;

/**
 * The satisfaction-survey popup (SPEC §2, §4, §9): the newest survey live for the member that they have not
 * answered, refused or put off. They answer it (its link opens in a new tab, or its text is the survey
 * itself), have it back after 3, 7 or 15 days, or never see it again; the choice is kept on the server per
 * user and notice. It waits while the account-security notice of this sign-in is still to be answered (unless
 * that notice cannot load, and so stays shut), so the two dialogs never stack.
 */
export function useSurveyPopup() {
  const { session } = useSession();
  const { language } = useT();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const securityPending = (): boolean =>
    session !== null &&
    shouldOpenSecurityNotice({
      inTour: false,
      neverForLoginName: isSecurityNoticeOff(session.AccountInfo.Account),
      knownForThisSignIn: readSecurityNoticeKnown() === signInKey(session),
    });
  const [waiting, setWaiting] = useState(securityPending);
  // The account-security notice opens only once its facts load; when they cannot, it stays shut and the
  // survey need not wait for an answer that will never come.
  const [securityShut, setSecurityShut] = useState(false);
  const signedIn = session !== null;

  useEffect(() => {
    if (!waiting) return;
    let live = true;
    getSecurityNotice().then(
      () => undefined,
      () => live && setSecurityShut(true),
    );
    const timer = setInterval(() => setWaiting(securityPending()), WAIT_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // Once per wait: the storage it polls is read by securityPending itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    getLatestNotice('survey').then(
      (latest) => {
        if (live) setNotice(latest);
      },
      () => undefined, // a survey that cannot load stays shut
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const settle = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      setDone(true);
    } catch {
      // the client has shown the failure; the popup stays for another try
    } finally {
      setBusy(false);
    }
  };
  const finish = (choice: SurveyFinalChoice) => {
    if (notice) void settle(() => finishSurvey(notice.ID, choice));
  };

  return {
    open: signedIn && (!waiting || securityShut) && notice !== null && !done,
    id: notice?.ID ?? null,
    title: notice?.Title ?? '',
    text: notice ? noticeText(notice, language) : '',
    /** The survey's address (http or https), or '' when its text is the survey itself. */
    link: notice?.Link ?? '',
    busy,
    remindOptions: SURVEY_REMIND_DAYS,
    /**
     * Answer: opens the survey's link in a new tab (when it has one) and records it answered, so it does
     * not come back; a survey without a link is answered in its text ('I've filled it in').
     */
    answer: () => {
      if (notice?.Link) openInNewTab(notice.Link);
      finish('answered');
    },
    never: () => finish('never'),
    /** Shuts the popup for this page view only, choosing nothing: it comes back on the next visit. */
    dismiss: () => setDone(true),
    later: (days: SurveyRemindDays) => {
      if (notice) void settle(() => remindSurveyLater(notice.ID, days));
    },
  };
}
