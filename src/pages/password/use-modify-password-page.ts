import { useEffect, useMemo, useState } from 'react';
import type { ErrorKey, MessageParams } from '../../../domain/i18n';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  normalizePassword,
  type PasswordCheckContext,
  passwordProblemError,
  passwordRequirements,
  policyFromRules,
  type PasswordRequirement,
} from '../../../domain/rules/password-policy';
import { LANGUAGES, type Language } from '../../../domain/constants';
import { logout, setCurrentLanguage } from '../../adapters/account-api';
import { ApiError } from '../../adapters/api-client';
import { getPasswordRules, modifyPassword } from '../../adapters/password-api';
import { changeLanguage } from '../../i18n/i18n';
import { usePlatform } from '../../platforms/platform-context';
import { homePath, PATHS } from '../paths';
import { sessionStore, useSession } from '../session/use-session';
import { usePasswordFeedback } from './use-password-feedback';
import { useNavigate } from 'react-router-dom';

export type PasswordField = 'OldPassword' | 'NewPassword' | 'ConfirmPassword';

/** The form's three fields in order: name, label, placeholder, autofill hint, element id (and test id). */
export const PASSWORD_CHANGE_FIELDS: ReadonlyArray<{
  name: PasswordField;
  label: 'password.modify.oldPassword' | 'password.modify.newPassword' | 'password.modify.confirmPassword';
  placeholder:
    | 'password.modify.oldPlaceholder'
    | 'password.modify.newPlaceholder'
    | 'password.modify.confirmPlaceholder';
  autoComplete: string;
  id: string;
}> = [
  {
    name: 'OldPassword',
    label: 'password.modify.oldPassword',
    placeholder: 'password.modify.oldPlaceholder',
    autoComplete: 'current-password',
    id: 'old-password',
  },
  {
    name: 'NewPassword',
    label: 'password.modify.newPassword',
    placeholder: 'password.modify.newPlaceholder',
    autoComplete: 'new-password',
    id: 'new-password',
  },
  {
    name: 'ConfirmPassword',
    label: 'password.modify.confirmPassword',
    placeholder: 'password.modify.confirmPlaceholder',
    autoComplete: 'new-password',
    id: 'confirm-password',
  },
];
export type PasswordForm = Record<PasswordField, string>;
/** A message to show: a catalogue key and its values. */
export interface Problem {
  key: ErrorKey;
  params?: MessageParams;
}

/**
 * The first problem of each field before anything is sent: required fields, the policy (guessability too once
 * the context carries the estimator), the confirmation.
 */
export function validatePasswordForm(
  form: PasswordForm,
  policy = DEFAULT_PASSWORD_POLICY,
  context: PasswordCheckContext = {},
): Partial<Record<PasswordField, Problem>> {
  const problems: Partial<Record<PasswordField, Problem>> = {};
  if (!form.OldPassword) problems.OldPassword = { key: 'errors.password.oldRequired' };
  if (!form.NewPassword) problems.NewPassword = { key: 'errors.password.newRequired' };
  else {
    const [first] = checkPassword(form.NewPassword, policy, context);
    if (first) problems.NewPassword = passwordProblemError(first);
  }
  if (!form.ConfirmPassword) problems.ConfirmPassword = { key: 'errors.password.confirmRequired' };
  else if (normalizePassword(form.ConfirmPassword) !== normalizePassword(form.NewPassword)) {
    problems.ConfirmPassword = { key: 'errors.password.mismatch' };
  }
  return problems;
}

const FIELDS: readonly string[] = ['OldPassword', 'NewPassword', 'ConfirmPassword'];
const EMPTY_FORM: PasswordForm = { OldPassword: '', NewPassword: '', ConfirmPassword: '' };

/**
 * Where the change is made: the standalone /modifyPsw (where a forced change lands; done, it goes home) or
 * the personal centre's /layout/password (SPEC §2; done, it stays and says so, ready for another change).
 */
export type PasswordPagePlace = 'standalone' | 'personalCentre';

/**
 * The password change of both shells, on /modifyPsw and on /layout/password: the old-password path of
 * SPEC §2, and where a forced change lands (PwdInfo.Reason). Live hints come from the organisation's rules
 * and the guessability estimator the server uses (its chunk loaded by password pages only), with the
 * account's and organisation's words; the server checks again and its field errors show beside the field.
 */
export function useModifyPasswordPage(place: PasswordPagePlace = 'standalone') {
  const navigate = useNavigate();
  const platform = usePlatform();
  const { session } = useSession();
  const [form, setForm] = useState<PasswordForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, Problem>>>({});
  const [formError, setFormError] = useState<Problem | null>(null);
  const [rules, setRules] = useState(DEFAULT_PASSWORD_POLICY);
  const [submitting, setSubmitting] = useState(false);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    let live = true;
    getPasswordRules().then(
      (answer) => live && setRules(policyFromRules(answer)),
      () => undefined, // the defaults still give hints; the server applies the real policy
    );
    return () => {
      live = false;
    };
  }, []);

  const account = session?.AccountInfo;
  const ownWords = {
    accountNames: account ? [account.Account, account.MobilePhone, account.Email] : [],
    realName: account?.RealName,
    organizationName: session?.OrgName,
  };
  const { estimate, requirement, ...feedback } = usePasswordFeedback(form.NewPassword, ownWords);
  const requirements = useMemo(
    (): PasswordRequirement[] => [...passwordRequirements(form.NewPassword, rules), requirement],
    [form.NewPassword, rules, requirement],
  );

  const update = (field: PasswordField, value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setFormError(null);
    setChanged(false);
  };

  const submit = async () => {
    const found = validatePasswordForm(form, rules, { estimate: estimate ?? undefined, ownWords });
    setErrors(found);
    if (Object.keys(found).length > 0 || submitting) return;
    setSubmitting(true);
    try {
      const next = await modifyPassword(form);
      sessionStore.signIn(next);
      if (place === 'standalone') {
        navigate(homePath(next.UIVersion), { replace: true });
        return;
      }
      setForm(EMPTY_FORM);
      setChanged(true);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return; // 401: already on the way to login
      const field = error.params?.field;
      const problem = { key: error.key, params: error.params };
      if (typeof field === 'string' && FIELDS.includes(field))
        setErrors({ [field as PasswordField]: problem });
      else setFormError(problem);
    } finally {
      setSubmitting(false);
    }
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    sessionStore.clear();
    navigate(PATHS.login, { replace: true });
  };

  /** The account's language follows (a forced change may still switch it); this device's at least. */
  const setLanguage = async (language: Language) => {
    await setCurrentLanguage(language).catch(() => undefined);
    await changeLanguage(language);
    sessionStore.update({ Lang: language });
  };

  const reason = session?.PwdInfo.MustChange ? session.PwdInfo.Reason : null;
  return {
    form,
    update,
    submit,
    submitting,
    /** The personal centre's page: the password was just changed (until the form is typed in again). */
    changed,
    errors,
    formError,
    requirements,
    /** Why the new password typed so far is guessable, and how to improve it (live, with `requirements`). */
    feedback,
    /** Why the change is forced (a notice above the form), or null for a change the user chose. */
    reason,
    /** The forced change offers sign-out as its only way out; a chosen one may go back home. */
    signOut,
    canLogout: platform.canLogout,
    languages: LANGUAGES,
    setLanguage,
    home: reason ? null : homePath(session?.UIVersion),
    historyDepth: rules.historyDepth,
    maxLength: rules.maxLength,
  };
}
