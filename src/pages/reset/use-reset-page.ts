import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNT_MAX_LENGTH,
  CAPTCHA_LENGTH,
  CODE_LENGTH,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  CODE_TYPES,
  LANGUAGES,
  LOGIN_PASSWORD_MAX_LENGTH,
  MINUTE_MS,
  SECOND_MS,
} from '../../../domain/constants';
import {
  type PasswordPolicy,
  passwordRequirements,
  policyFromRules,
} from '../../../domain/rules/password-policy';
import { usePasswordFeedback } from '../password/use-password-feedback';
import { type CodeType, offeredCodeTypes } from '../../../domain/rules/password-reset';
import { ApiError } from '../../adapters/api-client';
import { getClientConfig } from '../../adapters/config-api';
import {
  getResetOptions,
  resetPassword,
  sendResetCode,
  verifyResetCode,
  verifyResetOldPassword,
} from '../../adapters/password-reset-api';
import { changeLanguage } from '../../i18n/i18n';
import { PATHS } from '../paths';
import { useCaptcha } from './use-captcha';
import {
  EMPTY_RESET_FORM,
  noProblems,
  oldPasswordProblems,
  passwordProblems,
  type ResetField,
  type ResetForm,
  type ResetProblems,
  verifyProblems,
} from './reset-form';
import { useCountdown } from './use-countdown';

/** The wizard's steps (SPEC §2): verify, set a new password, finished. */
export type ResetStep = 0 | 1 | 2;

/** How step 0 proves the account (SPEC §3): a code to its phone or email, or its old password. */
export type ResetWay = CodeType | 'oldPassword';

/**
 * The password-reset wizard shared by both shells: step 0 proves the account with a captcha and either a
 * code sent to its phone or email (a 60 s wait between sends) or its old password, step 1 sets the new
 * password with the single-use token that gave, step 2 says it is done. The token lives only in this
 * page's memory.
 */
export function useResetPage() {
  const navigate = useNavigate();
  const { deployment } = getClientConfig();
  const [codeTypes, setCodeTypes] = useState<CodeType[]>(() =>
    offeredCodeTypes(deployment, { sms: true, email: true }),
  );
  const [codeType, setCodeType] = useState<CodeType>(codeTypes[0]);
  const [way, setWay] = useState<ResetWay>(codeTypes[0]);
  const [step, setStep] = useState<ResetStep>(0);
  const [form, setForm] = useState<ResetForm>(EMPTY_RESET_FORM);
  const [problems, setProblems] = useState<ResetProblems>({});
  const [busy, setBusy] = useState<'send' | 'verify' | 'reset' | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const token = useRef<string | null>(null);
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  const captcha = useCaptcha();
  const countdown = useCountdown();
  // Signed out, the page knows only the account typed at step 0; the server adds the name and organisation.
  const { requirement, warning, suggestions } = usePasswordFeedback(form.newPassword, {
    accountNames: [form.account.trim()],
  });

  useEffect(() => {
    getResetOptions().then(
      ({ CodeTypes }) => {
        if (CodeTypes.length === 0) return;
        setCodeTypes(CodeTypes);
        setCodeType((current) => (CodeTypes.includes(current) ? current : CodeTypes[0]));
        setWay((current) =>
          current === 'oldPassword' || CodeTypes.includes(current) ? current : CodeTypes[0],
        );
      },
      () => {}, // the deployment's defaults stay
    );
  }, []);

  const update = (patch: Partial<ResetForm>) => {
    setForm((previous) => ({ ...previous, ...patch }));
    setProblems((previous) => {
      const next = { ...previous };
      for (const field of Object.keys(patch) as ResetField[]) delete next[field];
      return next;
    });
  };

  const chooseWay = (next: ResetWay) => {
    setWay(next);
    if (next !== 'oldPassword') setCodeType(next);
    // A mobile number typed for the phone way is no email: each way starts empty.
    setForm((previous) => ({ ...previous, account: '', code: '', oldPassword: '' }));
    setProblems({});
    setCodeSent(false);
  };

  const sendCode = async () => {
    const found = verifyProblems(form, codeType, true);
    setProblems(found);
    if (!noProblems(found) || busy || countdown.remaining > 0 || !captcha.id) return;
    setBusy('send');
    try {
      await sendResetCode({
        account: form.account.trim(),
        codeType,
        captchaId: captcha.id,
        validCode: form.captcha,
      });
      countdown.start(CODE_RESEND_MS / SECOND_MS);
      setCodeSent(true);
    } catch {
      // the API client has shown the server's message
    } finally {
      // A captcha is checked once, right or wrong: the next send needs a new one.
      setForm((previous) => ({ ...previous, captcha: '' }));
      void captcha.refresh();
      setBusy(null);
    }
  };

  const verifyOldPassword = async () => {
    const found = oldPasswordProblems(form);
    setProblems(found);
    if (!noProblems(found) || busy || !captcha.id) return;
    setBusy('verify');
    try {
      const grant = await verifyResetOldPassword({
        Account: form.account.trim(),
        OldPassword: form.oldPassword,
        captchaId: captcha.id,
        validCode: form.captcha,
      });
      token.current = grant.ResetToken;
      setPolicy(policyFromRules(grant.PwdRules));
      setForm((previous) => ({ ...previous, oldPassword: '', captcha: '' }));
      setStep(1);
    } catch {
      // Shown by the API client. The captcha is used up, right or wrong: the next try needs a new one.
      setForm((previous) => ({ ...previous, captcha: '' }));
      void captcha.refresh();
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (way === 'oldPassword') return verifyOldPassword();
    const found = verifyProblems(form, codeType, false);
    setProblems(found);
    if (!noProblems(found) || busy) return;
    setBusy('verify');
    try {
      const grant = await verifyResetCode({ Account: form.account.trim(), VerificationCode: form.code });
      token.current = grant.ResetToken;
      setPolicy(policyFromRules(grant.PwdRules));
      setForm((previous) => ({ ...previous, code: '' }));
      setStep(1);
    } catch {
      // shown by the API client
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    const found = passwordProblems(form);
    // Guessable by the estimate shown live: said beside the field without asking the server.
    if (noProblems(found) && warning) found.newPassword = warning;
    setProblems(found);
    if (!noProblems(found) || busy || !token.current) return;
    setBusy('reset');
    try {
      await resetPassword({
        token: token.current,
        newPassword: form.newPassword,
        confirmPassword: form.confirmPassword,
      });
      token.current = null;
      setForm(EMPTY_RESET_FORM);
      setStep(2);
    } catch (error) {
      // A used or expired verification cannot set a password: prove the account again.
      if (error instanceof ApiError && error.key === 'errors.reset.tokenInvalid') back();
    } finally {
      setBusy(null);
    }
  };

  const back = () => {
    token.current = null;
    setForm((previous) => ({
      ...previous,
      newPassword: '',
      confirmPassword: '',
      code: '',
      oldPassword: '',
    }));
    setProblems({});
    setCodeSent(false);
    setStep(0);
  };

  return {
    step,
    form,
    update,
    /** Problems to show beside each field (i18n keys). */
    problems,
    /** The code channels the deployment offers, and the one the code way uses. */
    codeTypes,
    codeType,
    /** The ways step 0 offers: the deployment's code channels, then the old password. */
    ways: [...codeTypes, 'oldPassword'] as ResetWay[],
    way,
    chooseWay,
    byOldPassword: way === 'oldPassword',
    captcha,
    /** Seconds before another code may be asked for; 0 when the send button is ready. */
    resendIn: countdown.remaining,
    /** Send is enabled only with a well-formed account and captcha, and after the wait (SPEC §4, §5). */
    canSend:
      noProblems(verifyProblems(form, codeType, true)) &&
      countdown.remaining === 0 &&
      !busy &&
      captcha.id !== null,
    /** A code was asked for: tell the user where to look (the answer is the same for unknown accounts). */
    codeSent,
    codeValidMinutes: CODE_TTL_MS / MINUTE_MS,
    /** The organisation's rules with whether the new password (as typed so far) meets each. */
    requirements: policy ? [...passwordRequirements(form.newPassword, policy), requirement] : [],
    /** Why the new password typed so far is guessable, and how to improve it. */
    feedback: { warning, suggestions },
    /** How many earlier passwords the new one must differ from. */
    historyDepth: policy?.historyDepth ?? 0,
    busy,
    sendCode,
    verify,
    submit,
    back,
    goToLogin: () => navigate(PATHS.login, { replace: true }),
    /** Switches the language on this device (the user is signed out). */
    setLanguage: changeLanguage,
    languages: LANGUAGES,
    maxLength: {
      account: ACCOUNT_MAX_LENGTH,
      captcha: CAPTCHA_LENGTH,
      code: CODE_LENGTH,
      password: LOGIN_PASSWORD_MAX_LENGTH,
    },
    isPhone: way === CODE_TYPES.phone,
  };
}

export type ResetPage = ReturnType<typeof useResetPage>;
