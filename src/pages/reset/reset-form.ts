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
