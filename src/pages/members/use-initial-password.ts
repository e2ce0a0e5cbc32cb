import { useEffect, useMemo, useState } from 'react';
import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import {
  checkPassword,
  type PasswordPolicy,
  passwordProblemError,
  passwordRequirements,
  policyFromRules,
  type PasswordRequirement,
} from '../../../domain/rules/password-policy';
import { getPasswordRules } from '../../adapters/password-api';
import { usePasswordFeedback } from '../password/use-password-feedback';
import { useSession } from '../session/use-session';

/**
 * The initial password an administrator types for a new member, checked as the member's own would be: the
 * organisation's policy and guessability with the new member's account and name and the organisation's name,
 * live as it is typed. Used only once the administrator chooses to type one, so the estimator loads then.
 */
export function useInitialPassword(password: string, account: string, realName: string) {
  const { session } = useSession();
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  useEffect(() => {
    let live = true;
    getPasswordRules().then(
      (rules) => live && setPolicy(policyFromRules(rules)),
      () => undefined, // the server applies the policy when the member is added
    );
    return () => {
      live = false;
    };
  }, []);
  const organizationName = session?.OrgName;
  const ownWords = useMemo(
    () => ({ accountNames: [account.trim()], realName, organizationName }),
    [account, realName, organizationName],
  );
  const { estimate, requirement, warning, suggestions } = usePasswordFeedback(password, ownWords);
  const requirements: PasswordRequirement[] = policy
    ? [...passwordRequirements(password, policy), requirement]
    : [requirement];

  /** The first thing the policy refuses in a typed password (with its values), or null. */
  const problemOf = (value: string): { key: ErrorKey; params?: MessageParams } | null => {
    if (!policy) return null;
    const [first] = checkPassword(value, policy, { estimate: estimate ?? undefined, ownWords });
    return first ? passwordProblemError(first) : null;
  };

  return { requirements, feedback: { warning, suggestions }, problemOf };
}
