import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  CODE_LENGTH,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  CODE_TYPES,
  LANGUAGES,
  MINUTE_MS,
  SECOND_MS,
} from '../../../domain/constants';
import type { MessageKey } from '../../../domain/i18n';
import { type CodeType, verificationCodeProblem } from '../../../domain/rules/password-reset';
import { ApiError } from '../../adapters/api-client';
import { readHostBindTicket } from '../../adapters/host-storage';
import { sendSecondaryCode, verifySecondary } from '../../adapters/secondary-verification-api';
import { clearPendingVerification, readPendingVerification } from '../../adapters/storage';
import { changeLanguage, followAccountLanguage } from '../../i18n/i18n';
import { homePath, PATHS } from '../paths';
import { useCountdown } from '../reset/use-countdown';
import { sessionStore } from '../session/use-session';

/** Answers after which the challenge is gone and only a new sign-in helps. */
const DEAD_CHALLENGE: ReadonlySet<string> = new Set([
  'errors.secondaryVerification.expired',
  'errors.secondaryVerification.tooManyTries',
]);

/**
 * /mobileVerify (SPEC §2): after a right password, when the organisation asks for it, a 6-digit code to the
 * account's phone or email (the user chooses when it has both; a new code after 60 s) finishes the
 * sign-in, which then goes on like any other (home, or /modifyPsw when the password must change). Without
 * a live challenge (opened directly, used, expired, or dead after five wrong codes) it offers the login.
 */
export function useMobileVerifyPage() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(readPendingVerification);
  const channels = pending?.Channels ?? [];
  const [codeType, setCodeType] = useState<CodeType>(channels[0]?.CodeType ?? CODE_TYPES.email);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useCountdown();
  const chosen = channels.find((channel) => channel.CodeType === codeType) ?? channels[0];

  /** The challenge is gone: forget it, so the page offers the login instead. */
  const endIfDead = (error: unknown) => {
    if (!(error instanceof ApiError) || !DEAD_CHALLENGE.has(error.key)) return;
    clearPendingVerification();
    setPending(null);
  };

  const sendCode = async () => {
    if (!pending || !chosen || busy || countdown.remaining > 0) return;
    setBusy('send');
    try {
      await sendSecondaryCode({ Token: pending.Token, CodeType: chosen.CodeType });
      countdown.start(CODE_RESEND_MS / SECOND_MS);
      setSentTo(chosen.Masked);
    } catch (error) {
      endIfDead(error); // the API client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    // Without a code sent in this visit the server still decides: one may have been sent before a reload.
    const found = verificationCodeProblem(code);
    setProblem(found);
    if (found || !pending || busy) return;
    setBusy('verify');
    try {
      const session = await verifySecondary({ Token: pending.Token, VerificationCode: code });
      clearPendingVerification();
      sessionStore.signIn(session);
      // A chat host's identity waiting for this sign-in is linked now, as after a plain password sign-in.
      const hostBinding = readHostBindTicket();
      if (hostBinding) {
        await import('../host/host-binding')
          .then(({ linkHostIdentity }) => linkHostIdentity(hostBinding))
          .catch(() => undefined); // the module did not load: the ticket stays for the next sign-in
      }
      await followAccountLanguage(session);
      navigate(homePath(session.UIVersion), { replace: true });
    } catch (error) {
      endIfDead(error);
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  return {
    /** False when there is no challenge to answer: the page offers the login instead. */
    live: pending !== null,
    channels,
    codeType: chosen?.CodeType ?? codeType,
    chooseChannel: (next: CodeType) => {
      setCodeType(next);
      setProblem(null);
    },
    /** Where the code goes, masked (`138****0001`, `an****@demo-lab.test`). */
    target: chosen?.Masked ?? '',
    isPhone: chosen?.CodeType === CODE_TYPES.phone,
    code,
    setCode: (value: string) => {
      setCode(value.replace(/\D/g, ''));
      setProblem(null);
    },
    /** A problem to show beside the code (i18n key). */
    problem,
    busy,
    sendCode,
    submit,
    /** Where the last code went, once one was sent. */
    sentTo,
    codeValidMinutes: CODE_TTL_MS / MINUTE_MS,
    /** Seconds before another code may be asked for; 0 when the send button is ready. */
    resendIn: countdown.remaining,
    backToLogin: () => {
      clearPendingVerification();
      navigate(PATHS.login, { replace: true });
    },
    setLanguage: changeLanguage,
    languages: LANGUAGES,
    codeLength: CODE_LENGTH,
  };
}

export type MobileVerifyPage = ReturnType<typeof useMobileVerifyPage>;
