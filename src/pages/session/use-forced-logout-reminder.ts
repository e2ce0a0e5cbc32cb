import { useEffect, useState } from 'react';
import { FORCED_LOGOUT_REMINDER_MS } from '../../../domain/constants';
import { ApiError } from '../../adapters/api-client';
import { useFormatTime } from '../../i18n/use-t';
import { readForcedLogoutReminderClosed, writeForcedLogoutReminderClosed } from '../../adapters/storage';
import { serverNow } from './server-clock';
import { handleUnauthorized } from './session-events';
import { useSession } from './use-session';

/**
 * The forced logout made visible (SPEC §2, §4): in the last hour before the session's 5-day end a
 * reminder the user may close, and at the end the user is signed out to the login page with the
 * forced-logout notice, as the server would answer the next request anyway.
 */
export function useForcedLogoutReminder() {
  const { session } = useSession();
  const end = session?.ExpiredTime ?? null;
  const [now, setNow] = useState(serverNow);
  const [closedFor, setClosedFor] = useState(readForcedLogoutReminderClosed);
  const formatTime = useFormatTime();

  // Wake up at the next moment that changes something: the start of the reminder, then the end.
  useEffect(() => {
    if (end === null) return;
    const current = serverNow();
    if (current >= end) return;
    const next = current < end - FORCED_LOGOUT_REMINDER_MS ? end - FORCED_LOGOUT_REMINDER_MS : end;
    const timer = setTimeout(() => setNow(serverNow()), next - current);
    return () => clearTimeout(timer);
  }, [end, now]);

  const ended = end !== null && now >= end;
  useEffect(() => {
    if (ended) handleUnauthorized(new ApiError(401, 'errors.auth.forcedLogout', ''));
  }, [ended]);

  return {
    /** Whether the reminder shows: within the last hour, not closed for this sign-in. */
    visible: end !== null && !ended && now >= end - FORCED_LOGOUT_REMINDER_MS && closedFor !== end,
    /** When the session ends, in the interface language and the user's time zone. */
    endsAt: end === null ? '' : formatTime(end),
    close: () => {
      if (end === null) return;
      writeForcedLogoutReminderClosed(end);
      setClosedFor(end);
    },
  };
}
