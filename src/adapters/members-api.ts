import type {
  FormerMemberPage,
  FormerMemberPageRequest,
  MemberChangeDept,
  MemberCreate,
  MemberCreated,
  MemberPage,
  MemberPageRequest,
  MemberPasswords,
  MemberSetAdmin,
  MemberUpdate,
} from '../../domain/schemas/members';
import type { MemberHandover } from '../../domain/schemas/member-handover';
import { apiClient } from './api-client';

// Every change is silent: the members pages show each refusal (a rule, a taken name) themselves.

/** The response schemas, loaded with the first call. */
const schemas = () => import('../../domain/schemas/members');

/**
 * GET /api/account/managePage: one page of the organisation's members, searched and filtered (the read
 * twin of SPEC's POST, so a page costs the server no nonce write).
 */
export async function getMemberPage(request: MemberPageRequest): Promise<MemberPage> {
  const query = Object.fromEntries(
    Object.entries(request).filter(
      (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
    ),
  );
  const [data, { memberPageSchema }] = await Promise.all([
    apiClient().get('/account/managePage', { query }),
    schemas(),
  ]);
  return memberPageSchema.parse(data);
}

/** POST /api/account: adds a member. Silent: the form shows the refusal beside its fields. */
export async function createMember(body: MemberCreate): Promise<MemberCreated> {
  const [data, { memberCreatedSchema }] = await Promise.all([
    apiClient().post('/account', body, { silent: true }),
    schemas(),
  ]);
  return memberCreatedSchema.parse(data);
}

/** PUT /api/account/modify/{id}: edits a member. Silent: the form shows the refusal. */
export async function updateMember(id: number, body: MemberUpdate): Promise<void> {
  await apiClient().put(`/account/modify/${id}`, body, { silent: true });
}

/** POST /api/account/setManager: makes the picked members administrators or ordinary members. */
export async function setMembersAdmin(body: MemberSetAdmin): Promise<void> {
  await apiClient().post('/account/setManager', body, { silent: true });
}

/** POST /api/account/remove: removes the picked members (they become former members). */
export async function removeMembers(ids: number[]): Promise<void> {
  await apiClient().post('/account/remove', { IDs: ids }, { silent: true });
}

/** POST /api/account/changeDept: moves the picked members to a department. */
export async function changeMembersDepartment(body: MemberChangeDept): Promise<void> {
  await apiClient().post('/account/changeDept', body, { silent: true });
}

/** POST /api/account/initPassword: one-time passwords for the picked members, answered once. */
export async function resetMembersPasswords(ids: number[]): Promise<MemberPasswords> {
  const [data, { memberPasswordsSchema }] = await Promise.all([
    apiClient().post('/account/initPassword', { IDs: ids }, { silent: true }),
    schemas(),
  ]);
  return memberPasswordsSchema.parse(data);
}

/** PUT /api/account/resetPwdLock/{id}: unlocks a member. */
export async function unlockMember(id: number): Promise<void> {
  await apiClient().put(`/account/resetPwdLock/${id}`, undefined, { silent: true });
}

/** POST /api/accountsHistory/page: one page of former members. */
export async function getFormerMemberPage(request: FormerMemberPageRequest): Promise<FormerMemberPage> {
  const [data, { formerMemberPageSchema }] = await Promise.all([
    apiClient().post('/accountsHistory/page', request),
    schemas(),
  ]);
  return formerMemberPageSchema.parse(data);
}

/** POST /api/accountsHistory/recovery: restores former members. */
export async function restoreMembers(ids: number[]): Promise<void> {
  await apiClient().post('/accountsHistory/recovery', { IDs: ids }, { silent: true });
}

/**
 * POST /api/account/remove/check: what the picked members still hold in each of the organisation's
 * products (the handover check shown before removing). Silent: the remove dialog shows any failure.
 */
export async function checkMemberHandover(ids: number[]): Promise<MemberHandover> {
  const [data, { memberHandoverSchema }] = await Promise.all([
    apiClient().post('/account/remove/check', { IDs: ids }, { silent: true }),
    import('../../domain/schemas/member-handover'),
  ]);
  return memberHandoverSchema.parse(data);
}
