import { useState } from 'react';
import { CODE_RESEND_MS, SECOND_MS } from '../../../domain/constants';
import { type ContactKind, contactChangeProblem, normaliseContact } from '../../../domain/rules/personal';
import type { AccountInfo } from '../../../domain/schemas/account';
import { changeContact, sendContactCode } from '../../adapters/personal-api';
import { useCountdown } from '../reset/use-countdown';
import { type Problem, problemOf } from './use-personal-page';

/**
 * The change of a mobile number or email (SPEC §7 Profile): the new address, a code sent to it (then 60 s
 * before another), and the code to confirm. A bad or unchanged address is refused before anything is sent.
 */
export function useContactChange(options: {
  accountId: number | undefined;
  current: { mobile: string; email: string };
  onChanged: (account: AccountInfo) => void;
}) {
  const [kind, setKind] = useState<ContactKind | null>(null);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'sending' | 'confirming' | null>(null);
  const countdown = useCountdown();

  const open = (next: ContactKind) => {
    setKind(next);
    setAddress('');
    setCode('');
    setSentTo('');
    setProblem(null);
  };

  const send = async (): Promise<void> => {
    if (!kind) return;
    const value = normaliseContact(kind, address);
    const refused = contactChangeProblem(kind, value, options.current[kind] || null);
    if (refused) return setProblem({ key: refused });
    setBusy('sending');
    setProblem(null);
    try {
      await sendContactCode(kind, value);
      setSentTo(value);
      countdown.start(CODE_RESEND_MS / SECOND_MS);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  /** Confirms the change with the code; true when the address changed. */
  const confirm = async (): Promise<boolean> => {
    if (!kind || options.accountId === undefined) return false;
    if (!/^\d{6}$/.test(code.trim())) {
      setProblem({ key: 'errors.verification.codeFormat' });
      return false;
    }
    setBusy('confirming');
    setProblem(null);
    try {
      const account = await changeContact(
        kind,
        options.accountId,
        normaliseContact(kind, address),
        code.trim(),
      );
      options.onChanged(account);
      setKind(null);
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    kind,
    address,
    setAddress,
    code,
    setCode,
    sentTo,
    problem,
    busy,
    resendIn: countdown.remaining,
    open,
    close: () => setKind(null),
    send,
    confirm,
  };
}
