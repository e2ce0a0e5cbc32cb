import type { PasswordRequirement } from '../../../../domain/rules/password-policy';
import { useT } from '../../../i18n/use-t';
import { CheckIcon } from '../../icons';
import './password-rules.css';

/**
 * The organisation's password rules, each ticked as the typed password meets it, and the reuse rule:
 * shown under a new password on /modifyPsw and in the reset wizard.
 */
export function PasswordRules({
  requirements,
  historyDepth,
}: {
  requirements: PasswordRequirement[];
  historyDepth: number;
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
        <li className="note">
          {historyDepth > 0
            ? t('password.rules.history', { count: historyDepth })
            : t('password.rules.current')}
        </li>
      </ul>
    </div>
  );
}
