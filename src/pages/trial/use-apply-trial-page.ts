import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CODE_LENGTH, LANGUAGES } from '../../../domain/constants';
import type { ErrorKey } from '../../../domain/i18n';
import {
  TRIAL_INDUSTRIES,
  TRIAL_LIMITS,
  TRIAL_PRODUCTS,
  type TrialForm,
  type TrialProblems,
  trialFormProblems,
  trialMobileProblem,
} from '../../../domain/rules/trial';
import { ApiError } from '../../adapters/api-client';
import { applyTrial, sendTrialCode } from '../../adapters/trial-api';
import { changeLanguage } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../paths';
import { useCountdown } from '../reset/use-countdown';
import { sendTrialCodeStep } from './send-trial-code';

const EMPTY: TrialForm = {
  name: '',
  mobilePhone: '',
  verificationCode: '',
  email: '',
  company: '',
  industry: '',
  product: '',
  message: '',
  agreed: false,
};

/** What a refused request says: its key and words' parameters. */
export interface TrialProblem {
  key: ErrorKey;
  params?: Record<string, string | number>;
}

function problemOf(error: unknown): TrialProblem {
  if (error instanceof ApiError) return { key: error.key, params: error.params };
  return { key: 'errors.trial.submitFailed' };
}

/**
 * The trial application (/applyTrial) for both shells: the form of SPEC §3, a code to the mobile number
 * (then 60 s before another), the same checks as the server, per field, before anything is sent; a
 * submitted application goes on to the registration flow's last step (/regFlow).
 */
export function useApplyTrialPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState<TrialForm>(EMPTY);
  const [problems, setProblems] = useState<TrialProblems>({});
  const [problem, setProblem] = useState<TrialProblem | null>(null);
  const [busy, setBusy] = useState<'send' | 'submit' | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const countdown = useCountdown();

  const update = (patch: Partial<TrialForm>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    setProblems((previous) => {
      const next = { ...previous };
      for (const field of Object.keys(patch) as Array<keyof TrialForm>) delete next[field];
      return next;
    });
  };

  const send = async (): Promise<void> => {
    const refused = trialMobileProblem(form.mobilePhone);
    if (refused) return setProblems((previous) => ({ ...previous, mobilePhone: refused }));
    await sendTrialCodeStep({
      send: () => sendTrialCode({ mobilePhone: form.mobilePhone.trim() }),
      setBusy,
      setProblem,
      problemOf,
      setCodeSent,
      countdown,
    });
  };

  /** Submits the form; true when the application was stored (the page then moves on). */
  const submit = async (): Promise<boolean> => {
    const found = trialFormProblems(form);
    setProblems(found);
    if (Object.keys(found).length > 0) return false;
    setBusy('submit');
    setProblem(null);
    try {
      await applyTrial(form);
      navigate(PATHS.regFlow, { replace: true, state: { submitted: true } });
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    form,
    update,
    problems,
    problem,
    busy,
    codeSent,
    resendIn: countdown.remaining,
    send,
    submit,
    agreementPath: PATHS.agreement,
    privacyPath: PATHS.privacy,
    /** The industries and products to choose from, worded in the interface language (both shells' choosers). */
    industryOptions: TRIAL_INDUSTRIES.map((code) => ({ value: code, label: t(`trial.industries.${code}`) })),
    productOptions: TRIAL_PRODUCTS.map((code) => ({
      value: code,
      label: code === 'other' ? t('trial.products.other') : code,
    })),
    maxLength: { ...TRIAL_LIMITS, mobile: 11, code: CODE_LENGTH },
    languages: LANGUAGES,
    setLanguage: changeLanguage,
    loginPath: PATHS.login,
  };
}

/** What the views render. */
export type ApplyTrialPage = ReturnType<typeof useApplyTrialPage>;
