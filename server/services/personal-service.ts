import type { Kysely } from 'kysely';
import { knownLanguage } from '../../domain/constants';
import { logoContentType } from '../../domain/rules/organization-logo';
import {
  CONTACT_CHANNELS,
  type ContactKind,
  contactChangeProblem,
  INDUSTRY_AREAS,
  normaliseContact,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_LABEL,
  PHOTO_TYPES_LABEL,
} from '../../domain/rules/personal';
import type { AccountInfo } from '../../domain/schemas/account';
import { type PersonalInfo, personalInfoSchema } from '../../domain/schemas/personal';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import type { CodeSenders } from '../integrations/code-senders';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import { presentAccountInfo } from '../presenters/account-presenter';
import { claimProof, noticeIdentifierChanged, requireLiveProof } from './identifier-proof-service';
import { issueAndSendCode, verifyCode } from './verification-code-service';

/** What the personal-info changes need. */
export interface PersonalDeps {
  db: Kysely<Database>;
  senders: CodeSenders;
  onDeliveryFailure: (error: unknown, channel: string) => void;
}

/** The signed-in member a change is for, and the session they are signed in with. */
export interface Member {
  orgId: number;
  accountId: number;
  sessionId: number;
  lang: string;
}

const TAKEN = { mobile: 'errors.personal.mobileTaken', email: 'errors.personal.emailTaken' } as const;

/**
 * One account's personal info (GET account/manageDetail/{id}) in the organisation, or 404: an account of
 * another organisation, or removed, is not found. An industry no longer offered reads as none.
 */
export async function readPersonalInfo(
  db: Kysely<Database>,
  orgId: number,
  accountId: number,
): Promise<PersonalInfo> {
  const row = await readRepositories(db).personal.find(orgId, accountId);
  if (!row) throw new ApiError(404, 'errors.request.notFound');
  const industry = (INDUSTRY_AREAS as readonly string[]).includes(row.industry_area) ? row.industry_area : '';
  return personalInfoSchema.parse({
    ID: Number(row.id),
    RealName: row.real_name,
    Photo: row.photo,
    MobilePhone: row.mobile ?? '',
    Email: row.email ?? '',
    IndustryArea: industry,
  });
}

/** Changes the member's own name and industry area (manageModify). */
export function updateProfile(
  db: Kysely<Database>,
  member: Pick<Member, 'orgId' | 'accountId'>,
  profile: { realName: string; industryArea: string },
): Promise<void> {
  return withTransaction(db, (repos) =>
    repos.personal.updateProfile(member.orgId, member.accountId, profile),
  );
}

/** The stored photo of an account of the organisation, or undefined. */
export function photoOf(db: Kysely<Database>, orgId: number, accountId: number) {
  return readRepositories(db).personal.findPhoto(orgId, accountId);
}

/** Marks one guided tour as seen by the member (Account/SetGuided). */
export function setGuided(
  db: Kysely<Database>,
  member: Pick<Member, 'orgId' | 'accountId'>,
  type: 'PersonalCenter' | 'Home',
): Promise<void> {
  return withTransaction(db, (repos) => repos.personal.setGuided(member.orgId, member.accountId, type));
}

/** Where a photo is loaded from; the version makes a new upload bypass the browser's cache. */
export function photoUrl(accountId: number, updatedAt: number): string {
  return `/api/account/photo/${accountId}?v=${updatedAt}`;
}

async function currentAccount(repos: Pick<Repositories, 'personal'>, member: Member) {
  const account = await repos.personal.find(member.orgId, member.accountId);
  if (!account) throw new ApiError(404, 'errors.request.notFound');
  return account;
}

/**
 * Sends a code to a NEW mobile number or email of the member (checkType 3), through the verification
 * codes' limits (one a minute and five an hour per address, five an hour per account whatever the
 * addresses, twenty an hour per IP). It needs a live proof that the owner is at the keyboard (their
 * current password, or a code to a current address: identifier-proof-service), checked first, so a
 * stolen session learns nothing here, not even whether an address is taken. Refused before anything is
 * sent: a malformed address, the member's present one, one another account holds, a channel this
 * deployment cannot send on.
 */
export async function sendContactCode(
  deps: PersonalDeps,
  member: Member,
  request: { kind: ContactKind; address: string; ip: string; proofToken?: string },
  now: number,
): Promise<void> {
  const { kind } = request;
  const repos = readRepositories(deps.db);
  await requireLiveProof(repos, member, request.proofToken, now);
  const address = normaliseContact(kind, request.address);
  const account = await currentAccount(repos, member);
  const problem = contactChangeProblem(kind, address, kind === 'mobile' ? account.mobile : account.email);
  if (problem) throw new ApiError(400, problem);
  const sender = deps.senders[CONTACT_CHANNELS[kind]];
  if (!sender) throw new ApiError(400, 'errors.verification.channelUnavailable');
  if (await repos.personal.addressTaken(kind, address, member.accountId)) {
    throw new ApiError(409, TAKEN[kind]);
  }
  await issueAndSendCode(
    deps.db,
    sender,
    {
      purpose: 'contact-change',
      recipient: address,
      account: { orgId: member.orgId, accountId: member.accountId },
      ip: request.ip,
    },
    { template: 'contact-change', language: knownLanguage(member.lang) },
    (error) => deps.onDeliveryFailure(error, CONTACT_CHANNELS[kind]),
    now,
  );
}

/**
 * Replaces the member's mobile number or email with the new one the code was sent to, with a live proof of
 * the owner (used up by the change: one proof, one change) and tells the owner at the address replaced
 * (or, when one was added, at the other), with the time and the IP. The code must have been issued to this
 * very address for this very member: a code sent to another address, or asked for by another account,
 * fails as a wrong code; an expired or used one as expired. The code is checked before the change's
 * transaction, so each wrong try stays counted and the fifth ends the code. Answers the account as the
 * session shows it now.
 */
export async function changeContact(
  deps: PersonalDeps,
  member: Member,
  request: { kind: ContactKind; address: string; code: string; proofToken?: string; ip: string },
  now: number,
): Promise<AccountInfo> {
  const { kind } = request;
  const repos = readRepositories(deps.db);
  await requireLiveProof(repos, member, request.proofToken, now);
  const address = normaliseContact(kind, request.address);
  const problem = contactChangeProblem(kind, address, (await currentAccount(repos, member))[kind]);
  if (problem) throw new ApiError(400, problem);
  const verified = await verifyCode(
    deps.db,
    { purpose: 'contact-change', recipient: address, code: request.code },
    now,
  );
  if (verified.orgId !== member.orgId || verified.accountId !== member.accountId) {
    throw new ApiError(400, 'errors.verification.codeWrong');
  }
  const { info, before } = await withTransaction(deps.db, async (tx) => {
    await claimProof(tx, member, request.proofToken, now);
    const account = await currentAccount(tx, member);
    const changed = contactChangeProblem(kind, address, account[kind]);
    if (changed) throw new ApiError(400, changed);
    if (await tx.personal.addressTaken(kind, address, member.accountId)) throw new ApiError(409, TAKEN[kind]);
    const row = await tx.accounts.findById(member.orgId, member.accountId);
    await tx.personal.setAddress(member.orgId, member.accountId, kind, address);
    return { info: presentAccountInfo({ ...account, [kind]: address }), before: row };
  });
  if (before) noticeIdentifierChanged(deps, before, { kind, ip: request.ip, at: now });
  return info;
}

/**
 * Stores a new photo after checking it by content: png or jpeg magic bytes (a renamed file is refused
 * with errors.personal.photoFormat, 415) and at most PHOTO_MAX_BYTES (413). Returns its URL.
 */
export async function savePhoto(
  deps: Pick<PersonalDeps, 'db'>,
  member: Member,
  bytes: Buffer,
  now: number,
): Promise<string> {
  if (bytes.length === 0) throw new ApiError(400, 'errors.personal.photoMissing');
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new ApiError(413, 'errors.personal.photoTooLarge', { max: PHOTO_MAX_LABEL });
  }
  const contentType = logoContentType(bytes);
  if (!contentType) throw new ApiError(415, 'errors.personal.photoFormat', { types: PHOTO_TYPES_LABEL });
  const url = photoUrl(member.accountId, now);
  await withTransaction(deps.db, async (tx) => {
    await currentAccount(tx, member);
    await tx.personal.savePhoto(member.orgId, member.accountId, { contentType, data: bytes, url }, now);
  });
  return url;
}
