import type { ContactKind } from '../../domain/rules/personal';
import type { AccountInfo } from '../../domain/schemas/account';
import {
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

/** POST /api/verificationCode/mobile|email: a code to the new address (checkType 3). */
export async function sendContactCode(kind: ContactKind, address: string): Promise<void> {
  await apiClient().post(`/verificationCode/${kind}`, { account: address, checkType: 3 }, { silent: true });
}

/** PUT /api/account/modifyMobilePhone or modifyEmail: the new address with its code. */
export async function changeContact(
  kind: ContactKind,
  accountId: number,
  address: string,
  code: string,
): Promise<AccountInfo> {
  const data =
    kind === 'mobile'
      ? await apiClient().put(
          '/account/modifyMobilePhone',
          { accountId, mobilePhone: address, verificationCode: code },
          { silent: true },
        )
      : await apiClient().put(
          '/account/modifyEmail',
          { accountId, email: address, verificationCode: code },
          { silent: true },
        );
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
