import { CAPTCHA_LENGTH, CODE_LENGTH, CODE_TYPES, type Deployment } from '../constants';
import type { ErrorKey } from '../i18n';
import { EMAIL_PATTERN, MOBILE_PATTERN } from './account-identifier';

/** Recovery by a code to the account's mobile number (1) or email (2) (SPEC §3 reset form). */
export type CodeType = (typeof CODE_TYPES)[keyof typeof CODE_TYPES];

const CAPTCHA_PATTERN = new RegExp(`^[A-Za-z0-9]{${CAPTCHA_LENGTH}}$`);
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/**
 * What is wrong with the account typed for a recovery by `codeType`, or null: a mainland mobile number
 * for phone, an email for email (SPEC §5 'Wrong mobile number', 'Wrong Email').
 */
export function resetAccountProblem(account: string, codeType: CodeType): ErrorKey | null {
  const trimmed = account.trim();
  if (!trimmed) return 'errors.login.accountRequired';
  if (codeType === CODE_TYPES.phone)
    return MOBILE_PATTERN.test(trimmed) ? null : 'errors.validation.invalidMobile';
  return EMAIL_PATTERN.test(trimmed) ? null : 'errors.validation.invalidEmail';
}

/** What is wrong with an account typed for the old-password way, or null: a mobile number or an email. */
export function resetAnyAccountProblem(account: string): ErrorKey | null {
  if (!account.trim()) return 'errors.login.accountRequired';
  return resetAccountProblem(account, CODE_TYPES.phone) && resetAccountProblem(account, CODE_TYPES.email)
    ? 'errors.validation.invalidAccount'
    : null;
}

/** What is wrong with a typed captcha answer, or null: 4 letters or digits, any case (SPEC §5). */
export function captchaAnswerProblem(answer: string): ErrorKey | null {
  if (!answer) return 'errors.captcha.required';
  return CAPTCHA_PATTERN.test(answer) ? null : 'errors.captcha.format';
}

/** What is wrong with a typed verification code, or null: exactly six digits (SPEC §5). */
export function verificationCodeProblem(code: string): ErrorKey | null {
  if (!code) return 'errors.verification.codeRequired';
  return CODE_PATTERN.test(code) ? null : 'errors.verification.codeFormat';
}

/**
 * The recovery ways a deployment offers: email only in a project deployment (SPEC §5), and only the
 * channels it can deliver over.
 */
export function offeredCodeTypes(
  deployment: Deployment,
  channels: { sms: boolean; email: boolean },
): CodeType[] {
  const types: CodeType[] = [];
  if (channels.sms && deployment !== 'project') types.push(CODE_TYPES.phone);
  if (channels.email) types.push(CODE_TYPES.email);
  return types;
}
