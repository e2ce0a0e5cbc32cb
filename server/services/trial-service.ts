import type { Kysely } from 'kysely';
import { DAY_MS, knownLanguage, PRODUCT_CODES } from '../../domain/constants';
import {
  TRIAL_APPLICATIONS_PER_IP_DAY,
  TRIAL_APPLICATIONS_PER_MOBILE_DAY,
  TRIAL_CAP_WINDOW_MS,
  type TrialForm,
} from '../../domain/rules/trial';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { CodeSenders } from '../integrations/code-senders';
import { insertOrganization, prepareMember } from '../provisioning';
import { readRepositories, withTransaction } from '../repositories';
import { DEFAULT_TRIAL_PERIOD_MS } from '../../domain/rules/trial-sign-in';
import { issueCode, verifyRecipientCode } from './verification-code-service';
import type { ServiceContext } from './service-context';

/** What the trial service works with. */
export interface TrialDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  /** Told about a code that could not be delivered; the answer had already been sent. */
  onDeliveryFailure: (error: unknown) => void;
}

/**
 * The trial form's send button: a code to the applicant's mobile number, within the verification codes'
 * send limits (one a minute per number, a few an hour per number and per address; 429 over them).
 * Delivery is in the background. Without an SMS channel the number cannot be proved: 400.
 */
export async function sendTrialCode(
  deps: TrialDeps,
  request: { mobile: string; ip: string; language: string },
  now: number,
): Promise<void> {
  const sender = deps.senders.sms;
  if (!sender) throw new ApiError(400, 'errors.verification.channelUnavailable');
  const code = await withTransaction(deps.db, (tx) =>
    issueCode(tx, { purpose: 'trial', recipient: request.mobile, account: null, ip: request.ip }, now),
  );
  void sender
    .send({
      recipient: request.mobile,
      template: 'trial-application',
      code,
      language: knownLanguage(request.language),
    })
    .catch((error: unknown) => deps.onDeliveryFailure(error));
}

/**
 * Stores a trial application whose mobile number a code proved. Spam caps per address and per number per
 * day (429 'too frequent', or the number's own words), counted with the row in one transaction, so a
 * refused application stores nothing; the code is used up first, so a refused one needs a new code.
 */
export async function applyForTrial(
  deps: Pick<TrialDeps, 'db'>,
  request: { form: TrialForm; ip: string; language: string },
  now: number,
): Promise<number> {
  const { form } = request;
  const mobile = form.mobilePhone.trim();
  // Outside the transaction: a wrong code's try must stay counted when the answer is an error.
  await verifyRecipientCode(
    deps.db,
    { purpose: 'trial', recipient: mobile, code: form.verificationCode.trim() },
    now,
  );
  return withTransaction(deps.db, async (tx) => {
    const ipCount = await tx.sendCounters.increment(`trial:ip:${request.ip}`, now, TRIAL_CAP_WINDOW_MS);
    if (ipCount > TRIAL_APPLICATIONS_PER_IP_DAY) throw new ApiError(429, 'errors.request.tooFrequent');
    const mobileCount = await tx.sendCounters.increment(`trial:mobile:${mobile}`, now, TRIAL_CAP_WINDOW_MS);
    if (mobileCount > TRIAL_APPLICATIONS_PER_MOBILE_DAY)
      throw new ApiError(429, 'errors.trial.tooManyApplications');
    return tx.trialApplications.insert(
      {
        name: form.name.trim(),
        mobile,
        email: form.email.trim().toLowerCase(),
        company: form.company.trim(),
        industry: form.industry,
        product: form.product,
        message: form.message.trim(),
        language: knownLanguage(request.language),
      },
      now,
    );
  });
}

/** A refusal of a trial command in the operator's words; nothing was changed. */
export class TrialApprovalError extends Error {}

/**
 * Turns a pending application into an organisation named after the company, licensed for the product
 * asked for (when it is one of ours), whose administrator is the applicant signing in with their mobile
 * number and a one-time password that must be changed at the first sign-in. The organisation's trial
 * ends `trialPeriodMs` from now (TRIAL_DAYS): until then the applicant can also sign in at /trial with a
 * code to that number, restricted to the demo site. One transaction: the organisation, its administrator,
 * the operation-log row, the trial's end and the application's new status.
 */
export async function approveTrialApplication(
  db: Kysely<Database>,
  id: number,
  now: number,
  trialPeriodMs: number = DEFAULT_TRIAL_PERIOD_MS,
): Promise<{ orgId: number; account: string; password: string; trialEndsAt: number }> {
  const repos = readRepositories(db);
  const application = await repos.trialApplications.findById(id);
  if (!application) throw new TrialApprovalError(`No trial application with id ${id}`);
  if (application.status !== 'pending') {
    throw new TrialApprovalError(
      `Trial application ${id} was already approved (organisation ${application.org_id})`,
    );
  }
  if (await repos.accounts.findByIdentifier({ kind: 'mobile', value: application.mobile })) {
    throw new TrialApprovalError(`The mobile number ${application.mobile} already has an account`);
  }
  const products = (PRODUCT_CODES as readonly string[]).includes(application.product)
    ? [application.product]
    : [];
  const admin = await prepareMember({
    realName: application.name,
    account: application.mobile,
    products,
    mustChangePassword: true,
  });
  return withTransaction(db, async (tx) => {
    const created = await insertOrganization(tx, { name: application.company, products, admin }, now);
    await tx.trialSignIn.setTrialEnd(created.orgId, now + trialPeriodMs);
    if (!(await tx.trialApplications.approve(id, created.orgId, now))) {
      throw new TrialApprovalError(`Trial application ${id} was approved meanwhile`);
    }
    return {
      orgId: created.orgId,
      account: created.admin.account,
      password: created.admin.password,
      trialEndsAt: now + trialPeriodMs,
    };
  });
}

/** Why extending a trial was refused, in the operator's words. */
export class TrialExtensionError extends Error {}

/**
 * The approved application's organisation gets a trial that ends `days` days from now (the operator's
 * trial:extend); 0 ends it at once (its trial sign-in then says the trial period is over). Answers the
 * organisation and the trial's end.
 */
export async function extendTrial(
  context: ServiceContext,
  applicationId: number,
  days: number,
): Promise<{ orgId: number; trialEndsAt: number }> {
  const repos = readRepositories(context.db);
  const application = await repos.trialApplications.findById(applicationId);
  if (!application) throw new TrialExtensionError(`No trial application with id ${applicationId}`);
  if (application.status !== 'approved' || application.org_id === null) {
    throw new TrialExtensionError(`Trial application ${applicationId} is not approved yet`);
  }
  const orgId = Number(application.org_id);
  const trialEndsAt = context.now + days * DAY_MS;
  await repos.trialSignIn.setTrialEnd(orgId, trialEndsAt);
  return { orgId, trialEndsAt };
}
