import type { ContactKind } from '../../domain/rules/personal';
import type { AccountInfo } from '../../domain/schemas/account';
import {
  identifierProofOptionsSchema,
  type IdentifierProofOptions,
  identifierProofSchema,
  type IdentifierProof,
  industryAreasSchema,
  type IndustryAreaOption,
  personalChangeSchema,
  type PersonalInfo,
  personalInfoSchema,
  type PersonalUpdate,
} from '../../domain/schemas/personal';
import { apiClient } from './api-client';

// The schemas come in statically: only the personal-info page (its own lazy chunk) calls these. Every call
// is silent: the page shows a refusal beside the field it concerns.

/** GET /api/account/manageDetail/{id}: the member's own personal info. */
export async function getPersonalInfo(id: number): Promise<PersonalInfo> {
  return personalInfoSchema.parse(await apiClient().get(`/account/manageDetail/${id}`, { silent: true }));
}

/** PUT /api/account/manageModify/{userId}: name and industry area. */
export async function updatePersonalInfo(id: number, update: PersonalUpdate): Promise<PersonalInfo> {
  return personalInfoSchema.parse(
    await apiClient().put(`/account/manageModify/${id}`, update, { silent: true }),
  );
}

/** GET /api/systemCode/industryArea: the choices, in the interface language. */
export async function getIndustryAreas(): Promise<IndustryAreaOption[]> {
  return industryAreasSchema.parse(await apiClient().get('/systemCode/industryArea', { silent: true }));
}

/** GET /api/account/identifierChangeProof: how the owner proves themself before an address changes. */
export async function getIdentifierProofOptions(): Promise<IdentifierProofOptions> {
  return identifierProofOptionsSchema.parse(
    await apiClient().get('/account/identifierChangeProof', { silent: true }),
  );
}

/** POST /api/account/identifierChangeProof/sendCode: a code to the account's current address of a kind. */
export async function sendIdentifierProofCode(kind: ContactKind): Promise<void> {
  await apiClient().post('/account/identifierChangeProof/sendCode', { kind }, { silent: true });
}

/** POST /api/account/identifierChangeProof: the current password, or the code sent to a current address. */
export async function proveIdentifierOwner(
  proof: { password: string } | { kind: ContactKind; verificationCode: string },
): Promise<IdentifierProof> {
  return identifierProofSchema.parse(
    await apiClient().post('/account/identifierChangeProof', proof, { silent: true }),
  );
}

/** POST /api/verificationCode/mobile|email: a code to the new address (checkType 3), with the owner's proof. */
export async function sendContactCode(kind: ContactKind, address: string, proofToken: string): Promise<void> {
  await apiClient().post(
    `/verificationCode/${kind}`,
    { account: address, checkType: 3, proofToken },
    { silent: true },
  );
}

/** PUT /api/account/modifyMobilePhone or modifyEmail: the new address with its code and the owner's proof. */
export async function changeContact(
  kind: ContactKind,
  accountId: number,
  change: { address: string; code: string; proofToken: string },
): Promise<AccountInfo> {
  const common = { accountId, verificationCode: change.code, proofToken: change.proofToken };
  const data =
    kind === 'mobile'
      ? await apiClient().put(
          '/account/modifyMobilePhone',
          { ...common, mobilePhone: change.address },
          { silent: true },
        )
      : await apiClient().put('/account/modifyEmail', { ...common, email: change.address }, { silent: true });
  return personalChangeSchema.parse(data);
}

/**
 * POST /api/account/photo: the file's bytes as they are (the server checks its content, not its name or
 * type). Answers the new photo's URL.
 */
export async function uploadPhoto(file: Blob): Promise<string> {
  const body = new Blob([file], { type: 'application/octet-stream' });
  const data = (await apiClient().post('/account/photo', body, { silent: true })) as { Photo?: unknown };
  if (typeof data?.Photo !== 'string') throw new TypeError('no photo URL in the answer');
  return data.Photo;
}

/** GET /api/Account/SetGuided/{type}: a guided tour is done (signed: it changes state). */
export async function setGuided(type: 'PersonalCenter' | 'Home'): Promise<void> {
  await apiClient().get(`/Account/SetGuided/${type}`, { silent: true });
}
