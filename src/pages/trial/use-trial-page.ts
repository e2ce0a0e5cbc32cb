import { useState } from 'react';
import { CODE_LENGTH, LANGUAGES } from '../../../domain/constants';
import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import { trialMobileProblem } from '../../../domain/rules/trial';
import { currentSession, logout } from '../../adapters/account-api';
import { ApiError } from '../../adapters/api-client';
import { assignLocation } from '../../adapters/browser-window';
import { getClientConfig } from '../../adapters/config-api';
import { sendTrialSignInCode, trialLogin } from '../../adapters/trial-sign-in-api';
import { changeLanguage, followAccountLanguage } from '../../i18n/i18n';
import { usePlatform } from '../../platforms/platform-context';
import { PATHS } from '../paths';
import { useCountdown } from '../reset/use-countdown';
import { sendTrialCodeStep } from './send-trial-code';
import { sessionStore, useSession } from '../session/use-session';

/** A refusal the page shows: its key and words' parameters; `expired` marks SPEC §8's trial expiry. */
export interface TrialSignInProblem {
  key: ErrorKey;
  params?: MessageParams;
}

type Field = 'mobilePhone' | 'verificationCode' | 'agreed';

function problemOf(error: unknown): TrialSignInProblem {
  if (error instanceof ApiError) return { key: error.key, params: error.params };
  return { key: 'errors.request.internal' };
}

/**
 * Trial sign-in (/trial) for both shells: the mobile number of an approved trial, a code to it (then 60 s
 * before another), the agreement tick, then a session restricted to the demo site, where the page goes.
 * After the trial period the server's refusal is SPEC §8's expiry message, shown as the page's result.
 * A trial sign-in that comes back here (the demo site's way out) sees its trial, the demo and sign-out.
 */
export function useTrialPage() {
  const platform = usePlatform();
  const { session } = useSession();
  const [mobilePhone, setMobile] = useState('');
  const [verificationCode, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [fieldProblems, setFieldProblems] = useState<Partial<Record<Field, ErrorKey>>>({});
  const [problem, setProblem] = useState<TrialSignInProblem | null>(null);
  const [busy, setBusy] = useState<'send' | 'submit' | 'signOut' | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const countdown = useCountdown();
  const demoUrl = getClientConfig().trialDemoUrl ?? 'demo-site';

  const clear = (field: Field) => {
    setFieldProblems(({ [field]: _gone, ...rest }) => rest);
    setProblem(null);
  };

  const send = async (): Promise<void> => {
    const refused = trialMobileProblem(mobilePhone);
    if (refused) return setFieldProblems((previous) => ({ ...previous, mobilePhone: refused }));
    await sendTrialCodeStep({
      send: () => sendTrialSignInCode(mobilePhone.trim()),
      setBusy,
      setProblem,
      problemOf,
      setCodeSent,
      countdown,
    });
  };

  const submit = async (): Promise<void> => {
    const found: Partial<Record<Field, ErrorKey>> = {};
    const mobile = trialMobileProblem(mobilePhone);
    if (mobile) found.mobilePhone = mobile;
    if (verificationCode.trim() === '') found.verificationCode = 'errors.verification.codeRequired';
    else if (!/^\d{6}$/.test(verificationCode.trim()))
      found.verificationCode = 'errors.verification.codeFormat';
    if (!agreed) found.agreed = 'errors.login.agreementRequired';
    setFieldProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy('submit');
    setProblem(null);
    try {
      await trialLogin({
        mobilePhone: mobilePhone.trim(),
        verificationCode: verificationCode.trim(),
        agreed: true,
        loginClient: platform.formFactor === 'mobile' ? 'mobile' : 'pc',
      });
      const session = await currentSession();
      sessionStore.signIn(session);
      await followAccountLanguage(session);
      assignLocation(demoUrl);
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(null);
    }
  };

  const signOut = async (): Promise<void> => {
    setBusy('signOut');
    try {
      await logout();
    } catch {
      // the session is gone either way
    }
    sessionStore.clear();
    setBusy(null);
  };

  const trial = session?.LoginMode === 'trial' ? session : null;
  return {
    mobilePhone,
    setMobile: (value: string) => {
      setMobile(value);
      clear('mobilePhone');
    },
    verificationCode,
    setCode: (value: string) => {
      setCode(value);
      clear('verificationCode');
    },
    agreed,
    setAgreed: (value: boolean) => {
      setAgreed(value);
      clear('agreed');
    },
    fieldProblems,
    problem,
    /** The refusal is the end of the trial period (SPEC §8): the page shows it as its result. */
    expired: problem?.key === 'errors.login.trialExpired',
    busy,
    codeSent,
    resendIn: countdown.remaining,
    send,
    submit,
    /** A trial sign-in already running in this browser: its organisation and end, else null. */
    running: trial ? { orgName: trial.OrgName, endsAt: trial.TrialExpiresAt ?? 0 } : null,
    openDemo: () => assignLocation(demoUrl),
    signOut,
    maxLength: { mobile: 11, code: CODE_LENGTH },
    languages: LANGUAGES,
    setLanguage: changeLanguage,
    loginPath: PATHS.login,
    applyPath: PATHS.applyTrial,
    agreementPath: PATHS.agreement,
    privacyPath: PATHS.privacy,
  };
}

/** What the views render. */
export type TrialPage = ReturnType<typeof useTrialPage>;
