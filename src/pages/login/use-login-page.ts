import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNT_MAX_LENGTH,
  isHostPlatform,
  LANGUAGES,
  LOGIN_PASSWORD_MAX_LENGTH,
  type Language,
} from '../../../domain/constants';
import type { MessageKey } from '../../../domain/i18n';
import { login } from '../../adapters/account-api';
import { getClientConfig } from '../../adapters/config-api';
import { readHostBindTicket } from '../../adapters/host-storage';
import {
  clearLoginNotice,
  hasAgreedToTerms,
  onLoginNoticeWritten,
  readLoginNotice,
  rememberTermsAgreed,
} from '../../adapters/storage';
import { changeLanguage, followAccountLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import type { Platform } from '../../platforms/platform';
import { usePlatform } from '../../platforms/platform-context';
import { homePath, PATHS } from '../paths';
import { continueToVerification } from '../secondary-verification/continue-to-verification';
import { useLoginCaptcha } from './use-login-captcha';
import { reachablePath } from '../route-table';
import { sessionStore } from '../session/use-session';

export interface LoginForm {
  account: string;
  password: string;
  autoLogin: boolean;
  agreed: boolean;
  /** SPEC §3 LoginType: 0 a mobile number or email, 1 a domain (AD/LDAP) account. */
  loginType: 0 | 1;
}

/** The login-log client name of a platform: the host, or pc / mobile in a browser. */
export function loginClientOf(platform: Pick<Platform, 'kind' | 'formFactor'>): string {
  if (platform.kind !== 'browser') return platform.kind;
  return platform.formFactor === 'mobile' ? 'mobile' : 'pc';
}

/**
 * After a password sign-in in a tab where a chat host found no account for its user, links that host
 * identity to the account that just signed in, so the host signs them in by itself next time. The
 * binding module loads only then; a refusal (ticket expired, identity taken) is toasted by the API client.
 */
async function linkPendingHost(): Promise<void> {
  const pending = readHostBindTicket();
  if (!pending) return;
  try {
    const { linkHostIdentity } = await import('../host/host-binding');
    await linkHostIdentity(pending);
  } catch {
    // the module did not load: the ticket stays for the next sign-in in this tab
  }
}

/** The first problem that stops a sign-in before any request, or null. */
export function validateLoginForm(form: LoginForm): MessageKey | null {
  if (!form.account.trim()) {
    return form.loginType === 1 ? 'errors.ldap.accountRequired' : 'errors.login.accountRequired';
  }
  if (!form.password) return 'errors.login.passwordRequired';
  if (!form.agreed) return 'errors.login.agreementRequired';
  return null;
}

// The forced logout after 5 days, the lock of too many wrong old passwords on /modifyPsw, and the session
// of a trial organisation ended with its trial.
const NOTICE_KEYS: ReadonlySet<string> = new Set([
  'errors.auth.forcedLogout',
  'errors.login.locked',
  'errors.login.trialExpired',
]);

/** The notice the previous session left for the login page, taken once (a reload does not show it again). */
function takeLoginNotice(): MessageKey | null {
  const key = readLoginNotice();
  clearLoginNotice();
  return key && NOTICE_KEYS.has(key) ? (key as MessageKey) : null;
}

/** The account field's label and placeholder per login type. */
const ACCOUNT_TEXT = {
  0: { label: 'login.account', placeholder: 'login.accountPlaceholder' },
  1: { label: 'login.domainAccount', placeholder: 'login.domainAccountPlaceholder' },
} as const satisfies Record<LoginForm['loginType'], { label: MessageKey; placeholder: MessageKey }>;

/**
 * Login page logic shared by the desktop and mobile views: the form, its checks (the agreement tick is
 * required before any call), sign-in, the account's language, and the forced-logout notice.
 */
export function useLoginPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { t } = useT();
  const [form, setForm] = useState<LoginForm>({
    account: '',
    password: '',
    autoLogin: false,
    agreed: false,
    loginType: 0,
  });
  const [problem, setProblem] = useState<MessageKey | null>(null);
  /** Whether the tick was put there by this device's memory of the account's agreement, not by the user. */
  const autoTicked = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const captcha = useLoginCaptcha();
  const { modules, domainLogin, termsVersion = '' } = getClientConfig();
  const [notice, setNotice] = useState<MessageKey | null>(takeLoginNotice);
  useEffect(
    () =>
      onLoginNoticeWritten(() => {
        const written = takeLoginNotice();
        if (written) setNotice(written);
      }),
    [],
  );

  const noticeTitle: MessageKey =
    notice === 'errors.login.trialExpired' ? 'login.trialExpiredTitle' : 'login.forcedLogoutTitle';

  const [bindingHost] = useState(() => {
    const host = readHostBindTicket()?.platform;
    // Any chat host's unmatched identity can be linked (its name is a catalogue key).
    return isHostPlatform(host) ? host : null;
  });

  const update = (patch: Partial<LoginForm>) => {
    setForm((previous) => {
      const next = { ...previous, ...patch };
      if (patch.agreed !== undefined) autoTicked.current = false;
      // An account that agreed to the terms in force on this device finds the tick ticked (issue 23); typing
      // another name takes back only a tick this device put there, never one the user set by hand.
      if (patch.account !== undefined && termsVersion && (!previous.agreed || autoTicked.current)) {
        next.agreed = hasAgreedToTerms(termsVersion, next.account);
        autoTicked.current = next.agreed;
      }
      return next;
    });
    setProblem(null);
  };

  const submit = async () => {
    const invalid = validateLoginForm(form) ?? captcha.problem();
    setProblem(invalid);
    if (invalid || submitting || !captcha.ready) return;
    setSubmitting(true);
    try {
      const answer = await login({
        account: form.account.trim(),
        password: form.password,
        autoLogin: form.autoLogin,
        agreed: true,
        productType: 'UC',
        loginClient: loginClientOf(platform),
        loginType: form.loginType,
        ...captcha.fields(),
      });
      // A right password: this device remembers that the account agreed to the terms in force.
      if (termsVersion) rememberTermsAgreed(termsVersion, form.account);
      if ('SecondaryVerify' in answer) {
        // The password was right and the organisation wants a code too: no session yet.
        continueToVerification(navigate, answer.SecondaryVerify);
        return;
      }
      const session = answer;
      sessionStore.signIn(session);
      await linkPendingHost();
      await followAccountLanguage(session);
      navigate(homePath(session.UIVersion), { replace: true });
    } catch (error) {
      // the API client has already shown the server's message
      captcha.afterFailure(error);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    form,
    update,
    submit,
    submitting,
    /** A form problem to show beside the form (i18n key). */
    problem,
    /** A notice from the previous session, e.g. the forced logout after 5 days. */
    notice,
    /** The notice's heading: the trial is over, or sign in again. */
    noticeTitle,
    /** The image captcha, shown once the server asks for it after failed sign-ins. */
    captcha: captcha.view,
    setCaptchaAnswer: (answer: string) => {
      captcha.setAnswer(answer);
      setProblem(null);
    },
    /** Said when this sign-in will link a chat host's identity that matched no account, else null. */
    bindNotice: bindingHost ? t('host.bindNotice', { host: t(`host.names.${bindingHost}`) }) : null,
    /** Switches the language before sign-in (this device only; the account's choice applies after). */
    setLanguage: (language: Language) => changeLanguage(language),
    languages: LANGUAGES,
    /** The longest account and password the server accepts at sign-in (the inputs stop there). */
    maxLength: { account: ACCOUNT_MAX_LENGTH, password: LOGIN_PASSWORD_MAX_LENGTH },
    /** Whether the domain-account switch is offered: some organisation has AD/LDAP sign-in on. */
    domainLogin: domainLogin === true,
    /** The account field's label and placeholder for the chosen login type. */
    accountText: ACCOUNT_TEXT[form.loginType],
    /** Links shown only when their page exists and its module is on; null hides them. */
    links: {
      // A domain account's password is the directory's: the portal cannot reset it.
      reset: form.loginType === 1 ? null : reachablePath(PATHS.reset, modules),
      register: reachablePath(PATHS.applyTrial, modules),
      // The sign-in of an approved trial (mobile number and a text code), in the same trial module.
      trial: reachablePath(PATHS.trial, modules),
      agreement: reachablePath(PATHS.agreement, modules),
      privacy: reachablePath(PATHS.privacy, modules),
    },
  };
}

export type LoginPage = ReturnType<typeof useLoginPage>;
