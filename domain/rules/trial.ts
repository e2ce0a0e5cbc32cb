import { DAY_MS } from '../constants';
import type { ErrorKey } from '../i18n';
import { EMAIL_PATTERN, MOBILE_PATTERN } from './account-identifier';

/** The 8 industries of the trial form (SPEC §9): stable codes named `trial.industries.<code>`. */
export const TRIAL_INDUSTRIES = [
  'pharmaceutical',
  'biotechnology',
  'chemicals',
  'materials',
  'food',
  'testing',
  'academic',
  'other',
] as const;
export type TrialIndustry = (typeof TRIAL_INDUSTRIES)[number];

/** The products a prospect may ask to try (SPEC §3 trial request), `other` last. */
export const TRIAL_PRODUCTS = ['PM', 'ELN', 'CIMS', 'CMS', 'IM', 'MaXFlow', 'SDH', 'other'] as const;
export type TrialProduct = (typeof TRIAL_PRODUCTS)[number];

/** Field limits of the trial form. */
export const TRIAL_LIMITS = { name: 50, company: 100, email: 254, message: 500 } as const;

/** Spam caps: applications one address may submit per day, and one mobile number per day. */
export const TRIAL_APPLICATIONS_PER_IP_DAY = 5;
export const TRIAL_APPLICATIONS_PER_MOBILE_DAY = 1;
export const TRIAL_CAP_WINDOW_MS = DAY_MS;

/** Seconds the registration flow's last step counts down before it goes to the login (SPEC §3). */
export const REGISTER_COUNTDOWN_SECONDS = 5;

/** The fields of a trial application as typed. */
export interface TrialForm {
  name: string;
  mobilePhone: string;
  verificationCode: string;
  email: string;
  company: string;
  industry: string;
  product: string;
  message: string;
  /** The agreement to the terms and the privacy policy (SPEC §5: ticked before registration). */
  agreed: boolean;
}

/** The fields of the form a person types into (all but the agreement tick). */
export type TrialTextField = Exclude<keyof TrialForm, 'agreed'>;

/** A field's problem as an error key, or null. */
export type TrialProblems = Partial<Record<keyof TrialForm, ErrorKey>>;

/** A mobile number's problem, or null: required, then the mainland format (SPEC §5). */
export function trialMobileProblem(mobile: string): ErrorKey | null {
  if (mobile.trim() === '') return 'errors.trial.mobileRequired';
  return MOBILE_PATTERN.test(mobile.trim()) ? null : 'errors.validation.invalidMobile';
}

/**
 * Every problem of a trial form (SPEC §5: email format check and product selection required), by field:
 * the same checks on the screen and on the server.
 */
export function trialFormProblems(form: TrialForm): TrialProblems {
  const problems: TrialProblems = {};
  const name = form.name.trim();
  if (name === '') problems.name = 'errors.trial.nameRequired';
  else if (name.length > TRIAL_LIMITS.name) problems.name = 'errors.trial.nameTooLong';
  const mobile = trialMobileProblem(form.mobilePhone);
  if (mobile) problems.mobilePhone = mobile;
  if (form.verificationCode.trim() === '') problems.verificationCode = 'errors.verification.codeRequired';
  else if (!/^\d{6}$/.test(form.verificationCode.trim()))
    problems.verificationCode = 'errors.verification.codeFormat';
  const email = form.email.trim();
  if (email === '') problems.email = 'errors.trial.emailRequired';
  else if (email.length > TRIAL_LIMITS.email || !EMAIL_PATTERN.test(email))
    problems.email = 'errors.trial.emailFormat';
  const company = form.company.trim();
  if (company === '') problems.company = 'errors.trial.companyRequired';
  else if (company.length > TRIAL_LIMITS.company) problems.company = 'errors.trial.companyTooLong';
  if (!(TRIAL_INDUSTRIES as readonly string[]).includes(form.industry))
    problems.industry = 'errors.trial.industryRequired';
  if (!(TRIAL_PRODUCTS as readonly string[]).includes(form.product))
    problems.product = 'errors.trial.productRequired';
  if (form.message.length > TRIAL_LIMITS.message) problems.message = 'errors.trial.messageTooLong';
  if (form.agreed !== true) problems.agreed = 'errors.login.agreementRequired';
  return problems;
}
