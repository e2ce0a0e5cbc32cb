import type { PasswordRequirement } from '../../../../domain/rules/password-policy';
import { useT } from '../../../i18n/use-t';
import type { GuessabilityFeedback } from '../../../pages/password/use-password-feedback';
import { CheckIcon } from '../../icons';
import './password-rules.css';

/**
 * The organisation's password rules, each ticked as the typed password meets it, the reuse rule, and why the
 * typed password is guessable with how to improve it: shown under a new password on /modifyPsw, in the reset
 * wizard and where an administrator types a new member's password (no reuse rule there: `historyDepth` null).
 */
export function PasswordRules({
  requirements,
  historyDepth,
  feedback,
}: {
  requirements: PasswordRequirement[];
  historyDepth: number | null;
  feedback?: GuessabilityFeedback;
}) {
  const { t } = useT();
  return (
    <div className="password-rules" aria-label={t('password.rules.title')}>
      <div className="password-rules-title">{t('password.rules.title')}</div>
      <ul>
        {requirements.map((rule) => (
          <li key={rule.key} className={rule.met ? 'met' : ''}>
            <CheckIcon />
            {t(rule.key, rule.params)}
          </li>
        ))}
        {historyDepth !== null && (
          <li className="note">
            {historyDepth > 0
              ? t('password.rules.history', { count: historyDepth })
              : t('password.rules.current')}
          </li>
        )}
      </ul>
      {feedback?.warning && (
        <div className="password-feedback" role="status" data-testid="password-feedback">
          <div className="password-feedback-warning">{t(feedback.warning)}</div>
          {feedback.suggestions.map((suggestion) => (
            <div key={suggestion}>{t(suggestion)}</div>
          ))}
        </div>
      )}
    </div>
  );
}
