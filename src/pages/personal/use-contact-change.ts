import { useState } from 'react';
import { CODE_RESEND_MS, SECOND_MS } from '../../../domain/constants';
import { type ContactKind, contactChangeProblem, normaliseContact } from '../../../domain/rules/personal';
import type { AccountInfo } from '../../../domain/schemas/account';
import { ApiError } from '../../adapters/api-client';
import { changeContact, sendContactCode } from '../../adapters/personal-api';
import { useCountdown } from '../reset/use-countdown';
import { useOwnerProof } from './use-owner-proof';
import { type Problem, problemOf } from '../departments/department-problem';

/** The two steps of a change: the owner proves themself, then the new address is proven by its code. */
export type ContactStep = 'prove' | 'change';

/**
 * The change of a mobile number or email (SPEC §7 Profile). First the owner proves themself (the current
 * password, or a code to a current address: useOwnerProof); then the new address, a code sent to it (then
 * 60 s before another), and the code to confirm. A bad or unchanged address is refused before anything is
 * sent. A proof that ran out (it holds a few minutes, for one change) leads back to the first step.
 */
export function useContactChange(options: {
  accountId: number | undefined;
  current: { mobile: string; email: string };
  onChanged: (account: AccountInfo) => void;
}) {
  const proof = useOwnerProof();
  const [kind, setKind] = useState<ContactKind | null>(null);
  const [step, setStep] = useState<ContactStep>('prove');
  const [proofToken, setProofToken] = useState('');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'sending' | 'confirming' | null>(null);
  const countdown = useCountdown();

  const open = (next: ContactKind) => {
    setKind(next);
    setStep('prove');
    setProofToken('');
    setAddress('');
    setCode('');
    setSentTo('');
    setProblem(null);
    void proof.restart();
  };

  /** A refusal of the second step: a proof that ran out leads back to the first, saying so there. */
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.key === 'errors.personal.proofRequired') {
      setStep('prove');
      setProofToken('');
      void proof.restart(problemOf(error));
    } else setProblem(problemOf(error));
  };

  const send = async (): Promise<void> => {
    if (!kind) return;
    const value = normaliseContact(kind, address);
    const refusal = contactChangeProblem(kind, value, options.current[kind] || null);
    if (refusal) return setProblem({ key: refusal });
    setBusy('sending');
    setProblem(null);
    try {
      await sendContactCode(kind, value, proofToken);
      setSentTo(value);
      countdown.start(CODE_RESEND_MS / SECOND_MS);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  /**
   * The dialog's main button: in the first step, proves the owner and moves on; in the second, confirms
   * the change with the code. True only when the address changed.
   */
  const confirm = async (): Promise<boolean> => {
    if (!kind || options.accountId === undefined) return false;
    if (step === 'prove') {
      const token = await proof.prove();
      if (token) {
        setProofToken(token);
        setStep('change');
      }
      return false;
    }
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem({ key: 'errors.verification.codeFormat' });
      return false;
    }
    setBusy('confirming');
    setProblem(null);
    try {
      const account = await changeContact(kind, options.accountId, {
        address: normaliseContact(kind, address),
        code: code.trim(),
        proofToken,
      });
      options.onChanged(account);
      setKind(null);
      return true;
    } catch (error) {
      refused(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const proving = step === 'prove';
  return {
    kind,
    step,
    proof,
    address,
    setAddress,
    code,
    setCode,
    sentTo,
    problem: proving ? proof.problem : problem,
    busy: proving ? (proof.busy === 'proving' ? 'confirming' : proof.busy) : busy,
    resendIn: countdown.remaining,
    open,
    close: () => setKind(null),
    send,
    confirm,
  };
}
