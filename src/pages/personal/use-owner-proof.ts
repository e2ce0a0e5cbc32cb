import { useState } from 'react';
import { CODE_RESEND_MS, SECOND_MS } from '../../../domain/constants';
import type { ContactKind } from '../../../domain/rules/personal';
import type { IdentifierProofOptions } from '../../../domain/schemas/personal';
import {
  getIdentifierProofOptions,
  proveIdentifierOwner,
  sendIdentifierProofCode,
} from '../../adapters/personal-api';
import { useCountdown } from '../reset/use-countdown';
import { type Problem, problemOf } from '../departments/department-problem';

/**
 * The first step of a change of the sign-in mobile number or email: the owner proves themself with the
 * current password or, for an account without one (directory, SSO), with a code sent to a current address
 * (then 60 s before another). Answers the proof token the change needs.
 */
export function useOwnerProof() {
  const [options, setOptions] = useState<IdentifierProofOptions | null>(null);
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<ContactKind | null>(null);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'loading' | 'sending' | 'proving' | null>(null);
  const countdown = useCountdown();

  /** Starts again (the dialog opened, or a proof ran out), with `reason` shown when there is one. */
  const restart = async (reason: Problem | null = null): Promise<void> => {
    setPassword('');
    setCode('');
    setSentTo('');
    setProblem(reason);
    setBusy('loading');
    try {
      const loaded = await getIdentifierProofOptions();
      setOptions(loaded);
      setKind(loaded.Addresses[0]?.Kind ?? null);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  const send = async (): Promise<void> => {
    if (!kind) return;
    setBusy('sending');
    setProblem(null);
    try {
      await sendIdentifierProofCode(kind);
      setSentTo(options?.Addresses.find((address) => address.Kind === kind)?.Address ?? '');
      countdown.start(CODE_RESEND_MS / SECOND_MS);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  /** Proves the owner; the proof token, or null with the reason shown. */
  const prove = async (): Promise<string | null> => {
    if (!options) return null;
    if (options.Method === 'password' && !password) {
      setProblem({ key: 'errors.personal.passwordRequired' });
      return null;
    }
    if (options.Method === 'code' && (!kind || !/^\d{6}$/.test(code.trim()))) {
      setProblem({ key: 'errors.verification.codeFormat' });
      return null;
    }
    setBusy('proving');
    setProblem(null);
    try {
      const proof = await proveIdentifierOwner(
        options.Method === 'password'
          ? { password }
          : { kind: kind as ContactKind, verificationCode: code.trim() },
      );
      return proof.ProofToken;
    } catch (error) {
      setProblem(problemOf(error));
      return null;
    } finally {
      setBusy(null);
    }
  };

  return {
    options,
    password,
    setPassword,
    kind,
    setKind,
    code,
    setCode,
    sentTo,
    problem,
    busy,
    resendIn: countdown.remaining,
    restart,
    send,
    prove,
  };
}
