import type { PasswordRequirement } from '../../../../domain/rules/password-policy';
import { useT } from '../../../i18n/use-t';
import type { GuessabilityFeedback } from '../../../pages/password/use-password-feedback';
import './password-rules.css';

/**
 * The organisation's password rules, each ticked as the typed password meets it, the reuse rule, and why the
 * typed password is guessable with how to improve it: shown under a new password on /modifyPsw and in the
 * reset wizard.
 */
export function PasswordRules({
  requirements,
  historyDepth,
  feedback,
}: {
  requirements: PasswordRequirement[];
  historyDepth: number;
  feedback?: GuessabilityFeedback;
}) {
  const { t } = useT();
  return (
    <ul className="m-password-rules" aria-label={t('password.rules.title')}>
      {requirements.map((rule) => (
        <li key={rule.key} className={rule.met ? 'met' : ''}>
          {t(rule.key, rule.params)}
        </li>
      ))}
      <li className="note">
        {historyDepth > 0
          ? t('password.rules.history', { count: historyDepth })
          : t('password.rules.current')}
      </li>
      {feedback?.warning && (
        <li className="feedback" role="status" data-testid="password-feedback">
          <span className="feedback-warning">{t(feedback.warning)}</span>
          {feedback.suggestions.map((suggestion) => (
            <span key={suggestion}>{t(suggestion)}</span>
          ))}
        </li>
      )}
    </ul>
  );
}
