import type { MessageKey } from '../../../domain/i18n';
import { normalizePassword } from '../../../domain/rules/password-policy';
import {
  captchaAnswerProblem,
  type CodeType,
  resetAccountProblem,
  resetAnyAccountProblem,
  verificationCodeProblem,
} from '../../../domain/rules/password-reset';

/** What the reset wizard's user types, over its steps. */
export interface ResetForm {
  account: string;
  captcha: string;
  code: string;
  /** The old-password way's current password. */
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ResetField = keyof ResetForm;
export type ResetProblems = Partial<Record<ResetField, MessageKey>>;

export const EMPTY_RESET_FORM: ResetForm = {
  account: '',
  captcha: '',
  code: '',
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The first-step problems that stop a send (`forSend`) or a verification, by field. */
export function verifyProblems(form: ResetForm, codeType: CodeType, forSend: boolean): ResetProblems {
  const problems: ResetProblems = {};
  const account = resetAccountProblem(form.account, codeType);
  if (account) problems.account = account;
  const second = forSend ? captchaAnswerProblem(form.captcha) : verificationCodeProblem(form.code);
  if (second) problems[forSend ? 'captcha' : 'code'] = second;
  return problems;
}

/** The old-password way's first-step problems: an account (mobile or email), its password, the captcha. */
export function oldPasswordProblems(form: ResetForm): ResetProblems {
  const problems: ResetProblems = {};
  const account = resetAnyAccountProblem(form.account);
  if (account) problems.account = account;
  if (!form.oldPassword) problems.oldPassword = 'errors.password.oldRequired';
  const captcha = captchaAnswerProblem(form.captcha);
  if (captcha) problems.captcha = captcha;
  return problems;
}

/** The second-step problems the client can see before asking the server (which checks the policy). */
export function passwordProblems(form: ResetForm): ResetProblems {
  if (!form.newPassword) return { newPassword: 'errors.password.newRequired' };
  if (!form.confirmPassword) return { confirmPassword: 'errors.password.confirmRequired' };
  if (normalizePassword(form.newPassword) !== normalizePassword(form.confirmPassword)) {
    return { confirmPassword: 'errors.password.mismatch' };
  }
  return {};
}

/** Whether a check found nothing wrong. */
export const noProblems = (problems: ResetProblems) => Object.keys(problems).length === 0;

/** The label of a way in: a code by phone or email, or the old password. */
export const RESET_WAY_LABELS = {
  1: 'reset.byPhone',
  2: 'reset.byEmail',
  oldPassword: 'reset.byOldPassword',
} as const;

/**
 * What the account field asks for on each way: a mobile number, an email, or either (the old password's
 * way), with the browser's autofill hint and the input type a phone keyboard follows.
 */
export function resetAccountField(way: { byOldPassword: boolean; isPhone: boolean }) {
  if (way.byOldPassword) {
    return {
      label: 'reset.account',
      placeholder: 'reset.accountPlaceholder',
      autoComplete: 'username',
      inputType: 'text',
    } as const;
  }
  return way.isPhone
    ? ({
        label: 'reset.phone',
        placeholder: 'reset.phonePlaceholder',
        autoComplete: 'tel',
        inputType: 'tel',
      } as const)
    : ({
        label: 'reset.email',
        placeholder: 'reset.emailPlaceholder',
        autoComplete: 'email',
        inputType: 'email',
      } as const);
}

/** Step 2's two password fields: form field, element id (and test id), label and placeholder. */
export const RESET_PASSWORD_FIELDS = [
  ['newPassword', 'reset-new-password', 'reset.newPassword', 'reset.newPasswordPlaceholder'],
  ['confirmPassword', 'reset-confirm-password', 'reset.confirmPassword', 'reset.confirmPasswordPlaceholder'],
] as const;
