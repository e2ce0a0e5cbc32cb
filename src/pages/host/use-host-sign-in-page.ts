import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ErrorKey } from '../../../domain/i18n';
import { clearHostBindTicket } from '../../adapters/host-storage';
import { followAccountLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { usePlatform } from '../../platforms/platform-context';
import { homePath, PATHS, type HostKind } from '../paths';
import { sessionStore } from '../session/use-session';
import { signInWithHost, type HostSignInOutcome } from './host-sign-in';

/** SPEC §8: what the entry page says outside its host. */
const NOT_IN_HOST: Record<HostKind, ErrorKey> = {
  dingtalk: 'errors.env.notDingtalk',
  feishu: 'errors.env.notFeishu',
  wecom: 'errors.env.notWecom',
  wechat: 'errors.env.notWechat',
};

/** Which state the entry page shows. */
export type HostPagePhase = 'notInHost' | 'signingIn' | 'noAccount' | 'failed';

/** The test id of the entry page in each state. */
const TEST_IDS: Record<HostPagePhase, string> = {
  notInHost: 'env-not-in-host',
  signingIn: 'host-signing-in',
  noAccount: 'host-no-account',
  failed: 'host-failed',
};

/** A button of the entry page: the password login or a retry, the first one primary. */
export interface HostPageAction {
  key: 'login' | 'retry';
  testId: string;
  label: string;
  primary: boolean;
  run: () => void;
}

/**
 * /dingding, /feishu, /wecom, /wechat: inside the matching host, signs the user in by the host (no
 * password) and goes home as a password sign-in does; an identity without an account gets a page that
 * says to ask the administrator, with the password sign-in (which then links the identity); a host that
 * fails or never answers ends in its message with a retry and the password login. Outside the host it
 * says so (SPEC §8).
 */
export function useHostSignInPage(host: HostKind) {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const { t } = useT();
  const inHost = platform.kind === host;
  const [outcome, setOutcome] = useState<HostSignInOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  // One sign-in per attempt, even when React runs the effect twice (StrictMode): a code is single use.
  const running = useRef<{ attempt: number; done: Promise<HostSignInOutcome> } | null>(null);

  useEffect(() => {
    if (!inHost) return;
    if (running.current?.attempt !== attempt) {
      const query = {
        corpId: params.get('corpId') ?? undefined,
        appId: params.get('appId') ?? undefined,
        agentId: params.get('agentId') ?? undefined,
      };
      running.current = { attempt, done: signInWithHost(platform, host, query, `${pathname}${search}`) };
    }
    let live = true;
    running.current.done.then(async (result) => {
      if (!live) return;
      if (result.kind !== 'signedIn') return setOutcome(result);
      clearHostBindTicket();
      sessionStore.signIn(result.session);
      await followAccountLanguage(result.session);
      navigate(homePath(result.session.UIVersion), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [attempt, inHost, host, platform, params, pathname, search, navigate]);

  const hostName = t(`host.names.${host}`);
  const phase: HostPagePhase = !inHost
    ? 'notInHost'
    : !outcome || outcome.kind === 'signedIn'
      ? 'signingIn'
      : outcome.kind;
  const failure = outcome?.kind === 'failed' ? outcome : null;
  const texts: Record<HostPagePhase, { title: string; message: string }> = {
    notInHost: { title: t('status.notInHostTitle'), message: t(NOT_IN_HOST[host]) },
    signingIn: {
      title: t('host.signingIn', { host: hostName }),
      message: t('host.signingInHint', { host: hostName }),
    },
    noAccount: { title: t('host.noAccountTitle'), message: t('host.noAccount', { host: hostName }) },
    failed: {
      title: t('host.failedTitle', { host: hostName }),
      message: failure ? failure.message || t(failure.key, failure.params) : '',
    },
  };

  /** Starts the host sign-in again (a new code; for WeChat and WeCom a new redirect). */
  const retry = () => {
    setOutcome(null);
    setAttempt((value) => value + 1);
  };
  const toLogin = (primary: boolean, label = t('host.usePassword')): HostPageAction => ({
    key: 'login',
    testId: 'host-use-password',
    label,
    primary,
    run: () => navigate(PATHS.login),
  });
  const retryAction = (primary: boolean): HostPageAction => ({
    key: 'retry',
    testId: 'host-retry',
    label: t('host.retry'),
    primary,
    run: retry,
  });
  const actions: Record<HostPagePhase, HostPageAction[]> = {
    notInHost: [toLogin(true, t('status.goToLogin'))],
    signingIn: [],
    noAccount: [toLogin(true), retryAction(false)],
    failed: [retryAction(true), toLogin(false)],
  };

  return {
    phase,
    testId: TEST_IDS[phase],
    ...texts[phase],
    /** What the page offers in this state, in order. */
    actions: actions[phase],
    retry,
    loginPath: PATHS.login,
  };
}
