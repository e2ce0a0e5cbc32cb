import { useCallback, useEffect, useState } from 'react';
import type { ErrorKey } from '../../../domain/i18n';
import { PASSWORD_POLICY_LIMITS, parseExpiry } from '../../../domain/rules/password-policy';
import { nistPolicyAdvice, type PolicyAdvice } from '../../../domain/rules/password-policy-advice';
import {
  type PasswordPolicySetting,
  passwordPolicySettingSchema,
  type PasswordPolicyView,
} from '../../../domain/schemas/password-policy';
import { getPasswordPolicy, savePasswordPolicy } from '../../adapters/password-policy-api';
import { type Problem, problemOf } from '../departments/department-problem';

/** The expiry choices of SPEC §9, with whole months as one choice and its number beside it. */
export const EXPIRY_CHOICES = ['never', '10m', '30m', '1h', '24h', 'months'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The policy as the form edits it: the expiry split into its choice and its months. */
export type PasswordPolicyForm = Omit<PasswordPolicySetting, 'Expiry'> & {
  expiry: ExpiryChoice;
  months: number;
};

const DEFAULT_MONTHS = 3;

/** The form of a stored policy. */
export function formOf(policy: PasswordPolicySetting): PasswordPolicyForm {
  const { Expiry, ...rest } = policy;
  const months = /^(\d+)months$/.exec(Expiry);
  const expiry = months ? 'months' : (EXPIRY_CHOICES.find((choice) => choice === Expiry) ?? 'never');
  return { ...rest, expiry, months: months ? Number(months[1]) : DEFAULT_MONTHS };
}

/** The policy a form stands for. */
export function policyOf(form: PasswordPolicyForm): PasswordPolicySetting {
  const { expiry, months, ...rest } = form;
  return { ...rest, Expiry: expiry === 'months' ? `${months}months` : expiry };
}

/** What NIST SP 800-63B-4 recommends beside each weaker choice of the form, by field. */
export function adviceOf(
  form: PasswordPolicyForm,
  recommendedMin: number,
): Partial<Record<PolicyAdvice['field'], PolicyAdvice>> {
  const advice = nistPolicyAdvice(
    {
      minLength: form.MinLength,
      maxLength: form.MaxLength,
      requiredClasses: form.RequiredClasses,
      expiry: parseExpiry(policyOf(form).Expiry) ?? 'never',
    },
    recommendedMin,
  );
  return Object.fromEntries(advice.map((item) => [item.field, item]));
}

/**
 * Password policy tab logic: the organisation's policy as a form, checked with the server's own schema
 * before it is sent (the bounds of each field named), and saved whole; beside a choice weaker than NIST
 * SP 800-63B-4 recommends, what it recommends (the minimum length for the organisation's sign-in comes
 * with the policy).
 */
export function usePasswordPolicyPage() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [form, setForm] = useState<PasswordPolicyForm | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const [recommendedMin, setRecommendedMin] = useState<number | null>(null);

  const show = useCallback(({ RecommendedMinLength, ...policy }: PasswordPolicyView) => {
    setForm(formOf(policy));
    setRecommendedMin(RecommendedMinLength);
  }, []);

  useEffect(() => {
    let live = true;
    getPasswordPolicy().then(
      (policy) => {
        if (!live) return;
        show(policy);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [show]);

  const update = useCallback((changes: Partial<PasswordPolicyForm>) => {
    setProblem(null);
    setForm((current) => (current ? { ...current, ...changes } : current));
  }, []);

  /** Saves the form; answers whether it was saved. */
  const save = async (): Promise<boolean> => {
    if (!form) return false;
    const policy = policyOf(form);
    const checked = passwordPolicySettingSchema.safeParse(policy);
    if (!checked.success) {
      const field = String(checked.error.issues[0].path[0]);
      const limits =
        field === 'HistoryDepth'
          ? PASSWORD_POLICY_LIMITS.historyDepth
          : field === 'LockAfter'
            ? PASSWORD_POLICY_LIMITS.lockAfter
            : PASSWORD_POLICY_LIMITS.length;
      setProblem({ key: checked.error.issues[0].message as ErrorKey, params: { ...limits } });
      return false;
    }
    setSaving(true);
    try {
      show(await savePasswordPolicy(checked.data));
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const advice = form && recommendedMin !== null ? adviceOf(form, recommendedMin) : {};
  return { status, form, problem, saving, update, save, advice };
}
