import { z } from 'zod';
import { trialFormProblems, trialMobileProblem } from '../rules/trial';
import { optionalText, requiredText } from './common';

/** Room above each field's limit: longer input is refused by the rules with its own words. */
const FIELD_MAX = 1000;

const mobileSchema = requiredText(FIELD_MAX, {
  required: 'errors.trial.mobileRequired',
  tooLong: 'errors.validation.invalidMobile',
});

/** POST /api/verificationCode/applyTrialMobile: a code to the applicant's mobile number (checkType 4). */
export const sendTrialCodeRequestSchema = z
  .object({
    mobilePhone: mobileSchema,
    /** SPEC §7: the trial application's code type. */
    checkType: z.literal(4).optional(),
  })
  .superRefine((body, ctx) => {
    const problem = trialMobileProblem(body.mobilePhone);
    if (problem) ctx.addIssue({ code: 'custom', path: ['mobilePhone'], message: problem });
  });
export type SendTrialCodeRequest = z.input<typeof sendTrialCodeRequestSchema>;

/**
 * POST /api/account/applyTrial (and SPEC's other names of the application: account/freeTrial,
 * account/register, TemporaryUser/RegisterApply): the trial request of SPEC §3 with the agreement tick
 * (SPEC §5), checked by the same rules as the screen.
 */
export const applyTrialRequestSchema = z
  .object({
    name: requiredText(FIELD_MAX, {
      required: 'errors.trial.nameRequired',
      tooLong: 'errors.trial.nameTooLong',
    }),
    mobilePhone: mobileSchema,
    verificationCode: requiredText(FIELD_MAX, {
      required: 'errors.verification.codeRequired',
      tooLong: 'errors.verification.codeFormat',
    }),
    email: requiredText(FIELD_MAX, {
      required: 'errors.trial.emailRequired',
      tooLong: 'errors.trial.emailFormat',
    }),
    company: requiredText(FIELD_MAX, {
      required: 'errors.trial.companyRequired',
      tooLong: 'errors.trial.companyTooLong',
    }),
    industry: z.string('errors.trial.industryRequired').max(FIELD_MAX, 'errors.trial.industryRequired'),
    product: z.string('errors.trial.productRequired').max(FIELD_MAX, 'errors.trial.productRequired'),
    message: optionalText(FIELD_MAX * 2, 'errors.trial.messageTooLong').default(''),
    /** The agreement to the terms and the privacy policy, ticked (SPEC §5). */
    agreed: z.boolean('errors.login.agreementRequired'),
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
