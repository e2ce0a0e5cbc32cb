import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ssoErrorReason } from '../../../domain/rules/sso';
import { currentSession } from '../../adapters/account-api';
import { assignLocation } from '../../adapters/browser-window';
import { ssoLogout, ssoStartUrl } from '../../adapters/sso-api';
import { followAccountLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { homePath, PATHS } from '../paths';
import { sessionStore } from '../session/use-session';

/**
 * /sso: with `orgId` (or none, in a deployment with one SSO organisation) sends the browser to the
 * identity provider through the server; back from it (`signedIn`), reads the new session and goes home
 * as a password sign-in does. A session that cannot be read goes to the error page.
 */
export function useSsoSignInPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = params.get('signedIn') === '1';
  const orgId = params.get('orgId');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!signedIn) return assignLocation(ssoStartUrl(orgId));
    currentSession().then(
      async (session) => {
        sessionStore.signIn(session);
        await followAccountLanguage(session);
        navigate(homePath(session.UIVersion), { replace: true });
      },
      () => navigate(`${PATHS.ssoError}?reason=errors.sso.stateRejected`, { replace: true }),
    );
  }, [signedIn, orgId, navigate]);
  return { message: t('sso.starting') };
}

/** /sso/error: why an SSO sign-in failed, in words, and the way back to the sign-in. */
export function useSsoErrorPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  return {
    title: t('sso.errorTitle'),
    message: t(ssoErrorReason(params.get('reason'))),
    action: { to: PATHS.login, label: t('sso.errorBack') },
  };
}

/**
 * /sso/logout: ends the portal session and signs out at the identity provider (its logout address); back
 * from it (`done`), or without one, says so with the way to sign in again.
 */
export function useSsoLogoutPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const [done, setDone] = useState(params.get('done') === '1');
  const started = useRef(false);
  useEffect(() => {
    if (started.current || done) return;
    started.current = true;
    ssoLogout()
      .catch(() => null)
      .then((url) => {
        sessionStore.clear();
        if (url) assignLocation(url);
        else setDone(true);
      });
  }, [done]);
  return {
    done,
    title: t(done ? 'sso.loggedOut' : 'sso.loggingOut'),
    action: { to: PATHS.login, label: t('sso.errorBack') },
  };
}
