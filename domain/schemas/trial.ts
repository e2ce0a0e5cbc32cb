import { z } from 'zod';
import { trialFormProblems, trialMobileProblem } from '../rules/trial';

/** Room above each field's limit: longer input is refused by the rules with its own words. */
const FIELD_MAX = 1000;

/** POST /api/verificationCode/applyTrialMobile: a code to the applicant's mobile number (checkType 4). */
export const sendTrialCodeRequestSchema = z
  .object({
    mobilePhone: z.string().max(FIELD_MAX, 'errors.validation.invalidMobile'),
    /** SPEC §7: the trial application's code type. */
    checkType: z.literal(4).optional(),
  })
  .superRefine((body, ctx) => {
    const problem = trialMobileProblem(body.mobilePhone);
    if (problem) ctx.addIssue({ code: 'custom', path: ['mobilePhone'], message: problem });
  });
export type SendTrialCodeRequest = z.input<typeof sendTrialCodeRequestSchema>;

/** POST /api/account/applyTrial: the trial request of SPEC §3, checked by the same rules as the screen. */
export const applyTrialRequestSchema = z
  .object({
    name: z.string().max(FIELD_MAX, 'errors.trial.nameTooLong'),
    mobilePhone: z.string().max(FIELD_MAX, 'errors.validation.invalidMobile'),
    verificationCode: z.string().max(FIELD_MAX, 'errors.verification.codeFormat'),
    email: z.string().max(FIELD_MAX, 'errors.trial.emailFormat'),
    company: z.string().max(FIELD_MAX, 'errors.trial.companyTooLong'),
    industry: z.string().max(FIELD_MAX, 'errors.trial.industryRequired'),
    product: z.string().max(FIELD_MAX, 'errors.trial.productRequired'),
    message: z
      .string()
      .max(FIELD_MAX * 2, 'errors.trial.messageTooLong')
      .default(''),
  })
  .superRefine((body, ctx) => {
    for (const [field, key] of Object.entries(trialFormProblems(body))) {
      ctx.addIssue({ code: 'custom', path: [field], message: key });
    }
  });
export type ApplyTrialRequest = z.input<typeof applyTrialRequestSchema>;

/** One stored application as the operator's list shows it. */
export const trialApplicationSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  MobilePhone: z.string(),
  Email: z.string(),
  Company: z.string(),
  Industry: z.string(),
  Product: z.string(),
  Message: z.string(),
  Status: z.enum(['pending', 'approved']),
  OrgId: z.number().nullable(),
  CreatedAt: z.number(),
});
export type TrialApplication = z.infer<typeof trialApplicationSchema>;
