import type { MessageKey, MessageParams } from '../i18n';
import { NIST_MIN_LENGTH, type PasswordPolicy } from './password-policy';

/** NIST SP 800-63B-4 §3.1.1.2: a verifier should allow passwords of at least 64 characters. */
export const NIST_MAX_LENGTH_AT_LEAST = 64;

/** A setting of a policy that is weaker than NIST SP 800-63B-4 recommends, and what it recommends. */
export interface PolicyAdvice {
  field: 'minLength' | 'maxLength' | 'requiredClasses' | 'expiry';
  key: MessageKey;
  params?: MessageParams;
}

/**
 * What NIST SP 800-63B-4 recommends beside each weaker choice of a policy: a minimum under the one for the
 * organisation's sign-in (`recommendedMin`: 15 for a password alone, 8 with a second factor), a maximum under
 * 64, composition rules, and periodic expiry. Advice only: SPEC's options stay the administrator's to choose.
 */
export function nistPolicyAdvice(
  policy: Pick<PasswordPolicy, 'minLength' | 'maxLength' | 'requiredClasses' | 'expiry'>,
  recommendedMin: number,
): PolicyAdvice[] {
  const advice: PolicyAdvice[] = [];
  if (policy.minLength < recommendedMin) {
    advice.push({
      field: 'minLength',
      key:
        recommendedMin >= NIST_MIN_LENGTH.singleFactor
          ? 'governance.passwordPolicy.nist.minLengthSingleFactor'
          : 'governance.passwordPolicy.nist.minLengthMultiFactor',
      params: { min: recommendedMin, multiFactor: NIST_MIN_LENGTH.multiFactor },
    });
  }
  if (policy.maxLength < NIST_MAX_LENGTH_AT_LEAST) {
    advice.push({
      field: 'maxLength',
      key: 'governance.passwordPolicy.nist.maxLength',
      params: { max: NIST_MAX_LENGTH_AT_LEAST },
    });
  }
  if (policy.requiredClasses.length > 0) {
    advice.push({ field: 'requiredClasses', key: 'governance.passwordPolicy.nist.classes' });
  }
  if (policy.expiry !== 'never') {
    advice.push({ field: 'expiry', key: 'governance.passwordPolicy.nist.expiry' });
  }
  return advice;
}
