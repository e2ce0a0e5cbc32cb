import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DAY_MS } from '../../../domain/constants';
import type { MessageKey, MessageParams } from '../../../domain/i18n';
import { SECURITY_NOTICE_LOOKBACK_DAYS } from '../../../domain/rules/login-log';
import type { SecurityNotice } from '../../../domain/schemas/login-logs';
import { getSecurityNotice } from '../../adapters/login-logs-api';
import {
  isSecurityNoticeOff,
  readSecurityNoticeKnown,
  turnSecurityNoticeOff,
  writeSecurityNoticeKnown,
} from '../../adapters/storage';
import { useFormatTime } from '../../i18n/use-t';
import { securityNoticeSettled, useOverlayTurn } from '../layout/overlay-turns';
import { PATHS } from '../paths';
import { shouldOpenSecurityNotice, signInKey } from './account-notices';
import { serverNow } from './server-clock';
import { useSession } from './use-session';

/** A password expiring within this long is shown as a warning. */
const EXPIRY_WARNING_MS = 14 * DAY_MS;

/** One message of the notice: a catalogue key and its values. */
export interface NoticeText {
  key: MessageKey;
  params?: MessageParams;
}

/** One line of the notice: a label and its messages (joined with ' · '), marked when it calls for care. */
export interface SecurityNoticeLine {
  id: 'previous' | 'failures' | 'password';
  label: MessageKey;
  texts: NoticeText[];
  warn: boolean;
}

/**
 * The facts of GET /api/account/securityNotice as the dialog's lines: the previous sign-in (or the first),
 * the failed attempts since it (or in the lookback window when there was none), and the password's age
 * and expiry (none for a domain account).
 */
export function presentSecurityNotice(
  facts: SecurityNotice,
  now: number,
  formatTime: (ms: number) => string,
): SecurityNoticeLine[] {
  const { PreviousLogin: previous, FailedAttempts: failed, Password: password } = facts;
  const days = SECURITY_NOTICE_LOOKBACK_DAYS;
  const failureParams = {
    count: failed.Count,
    time: failed.LastTime === null ? '' : formatTime(failed.LastTime),
    ip: failed.LastIP ?? '',
    days,
  };
  const lines: SecurityNoticeLine[] = [
    {
      id: 'previous',
      label: 'securityNotice.previousLogin',
      texts: [
        previous
          ? {
              key: 'securityNotice.previousLoginDetail',
              params: { time: formatTime(previous.Time), ip: previous.IP, browser: previous.Browser },
            }
          : { key: 'securityNotice.firstLogin' },
      ],
      warn: false,
    },
    {
      id: 'failures',
      label: 'securityNotice.failedAttempts',
      texts: [
        failed.Count === 0
          ? {
              key: previous ? 'securityNotice.noFailures' : 'securityNotice.noFailuresRecently',
              params: { days },
            }
          : {
              key: previous ? 'securityNotice.failures' : 'securityNotice.failuresRecently',
              params: failureParams,
            },
      ],
      warn: failed.Count > 0,
    },
  ];
  if (password) {
    const ageDays = Math.max(0, Math.floor((now - password.ChangedAt) / DAY_MS));
    lines.push({
      id: 'password',
      label: 'securityNotice.password',
      texts: [
        ageDays === 0
          ? { key: 'securityNotice.passwordSetToday' }
          : { key: 'securityNotice.passwordAge', params: { days: ageDays } },
        password.ExpiresAt === null
          ? { key: 'securityNotice.passwordNeverExpires' }
          : { key: 'securityNotice.passwordExpires', params: { time: formatTime(password.ExpiresAt) } },
      ],
      warn: password.ExpiresAt !== null && password.ExpiresAt - now < EXPIRY_WARNING_MS,
    });
  }
  return lines;
}

/**
 * The account-security notice (SPEC §4): after sign-in it tells the user their previous sign-in, the failed
 * attempts since and their password's age and expiry. 'I know' hides it for this sign-in (on every tab);
 * 'Don't remind me again' hides it for this login name on this device for good. The facts are asked for
 * only when the notice is to open; it opens once they have arrived (a failure leaves it shut).
 */
export function useSecurityNotice({ inTour = false }: { inTour?: boolean } = {}) {
  const navigate = useNavigate();
  const { session } = useSession();
  const key = session ? signInKey(session) : null;
  // The sign-in answered on this page, so the dialog shuts at once (storage is read only on render).
  const [answered, setAnswered] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ key: string; facts: SecurityNotice; now: number } | null>(null);
  const formatTime = useFormatTime();
  // The sign-in whose facts could not be read: the notice stays shut and holds up no tour.
  const [failed, setFailed] = useState<string | null>(null);
  const wanted =
    session !== null &&
    key !== answered &&
    shouldOpenSecurityNotice({
      inTour,
      neverForLoginName: isSecurityNoticeOff(session.AccountInfo.Account),
      knownForThisSignIn: readSecurityNoticeKnown() === key,
    });

  useEffect(() => {
    if (!wanted || key === null) return;
    let live = true;
    getSecurityNotice().then(
      (facts) => {
        if (live) setLoaded({ key, facts, now: serverNow() });
      },
      // A courtesy notice that cannot load stays shut, and holds up no tour.
      () => {
        if (live) setFailed(key);
        securityNoticeSettled(key);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, key]);

  // First of the overlays after sign-in: the guided tours wait until it is answered.
  const turn = useOverlayTurn('securityNotice', wanted && failed !== key);
  const open = turn && loaded !== null && loaded.key === key;
  const acknowledge = () => {
    if (key === null) return;
    writeSecurityNoticeKnown(key);
    setAnswered(key);
    securityNoticeSettled();
  };

  return {
    open,
    /** The notice's lines while it is open, else none. */
    lines: open ? presentSecurityNotice(loaded.facts, loaded.now, formatTime) : [],
    /** 'I know': not again for this sign-in. */
    acknowledge,
    /** 'Don't remind me again': not again for this login name on this device. */
    neverRemind: () => {
      if (!session || key === null) return;
      turnSecurityNoticeOff(session.AccountInfo.Account);
      setAnswered(key);
      securityNoticeSettled();
    },
    /** A domain account's password is the directory's: the portal cannot change it. */
    canChangePassword: session?.LoginType !== 1,
    changePassword: () => {
      acknowledge();
      navigate(PATHS.modifyPsw);
    },
    viewLoginLog: () => {
      acknowledge();
      navigate(PATHS.loginLog);
    },
  };
}
