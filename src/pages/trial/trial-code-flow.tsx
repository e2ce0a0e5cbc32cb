import { Link } from 'react-router-dom';
import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import { useT } from '../../i18n/use-t';

/**
 * What the trial request and the trial sign-in have in common on screen: a code sent to a mobile number
 * with a resend countdown, one refusal at a time, and the agreement to the legal documents.
 */
export interface TrialCodeFlow {
  codeSent: boolean;
  problem: { key: ErrorKey; params?: MessageParams } | null;
  busy: 'send' | 'submit' | 'signOut' | null;
  resendIn: number;
  send: () => Promise<void>;
  agreementPath: string;
  privacyPath: string;
}

/** The words of the agreement tick, with the two legal documents as links. */
export function TrialAgreementWords({ flow }: { flow: TrialCodeFlow }) {
  const { t } = useT();
  return (
    <>
      {t('login.agreePrefix')}
      <Link to={flow.agreementPath}>{t('login.agreement')}</Link>
      {t('login.and')}
      <Link to={flow.privacyPath}>{t('login.privacy')}</Link>
    </>
  );
}

/**
 * The props of the button beside the code input, for either shell's button: it sends a code, spins while
 * it does, then shows the countdown until another may be asked for.
 */
export function useSendCodeButton(flow: TrialCodeFlow) {
  const { t } = useT();
  return {
    disabled: flow.resendIn > 0,
    loading: flow.busy === 'send',
    onClick: () => void flow.send(),
    children: flow.resendIn > 0 ? t('trial.resendIn', { seconds: flow.resendIn }) : t('trial.sendCode'),
  };
}
