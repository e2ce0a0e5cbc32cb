import { EMAIL_PATTERN, MOBILE_PATTERN } from './account-identifier';

/** Error keys the member rules answer with (each in both catalogues under errors.members). */
export type MemberRefusal =
  | 'errors.members.noneSelected'
  | 'errors.members.cannotRemoveSelf'
  | 'errors.members.cannotRevokeOwnAdmin'
  | 'errors.members.notOnSelf'
  | 'errors.members.lastAdmin';

/** What an administrator does to picked members; each applies to other members only (SPEC §5, §6). */
export type MemberAction = 'remove' | 'setAdmin' | 'revokeAdmin' | 'resetPassword';

/** Most members one batch action may pick: a page of the list is at most 100. */
export const MEMBER_BATCH_MAX = 100;

/**
 * Folds what someone typed as a mobile number to the stored form: full-width digits and plus signs become
 * ASCII (NFKC), and spaces of any width, hyphens and a leading +86 / 0086 go. The result may still be no
 * mobile number at all; MOBILE_PATTERN decides.
 */
export function normaliseMobile(input: string): string {
  const folded = input.normalize('NFKC').replace(/[\s\u3000\-‐‑–—]/g, '');
  return folded.replace(/^(\+86|0086)(?=1\d{10}$)/, '');
}

/** An account name an administrator typed for a new or edited member, as it is stored and compared. */
export type MemberAccountName =
  | { kind: 'mobile'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'invalid'; key: 'errors.validation.invalidMobile' | 'errors.validation.invalidEmail' };

/**
 * Reads an account name (mobile or email) the way duplicates are checked: a mobile number with spaces or
 * full-width digits is the same number, an email is compared in lower case (NFKC folds full-width forms).
 */
export function parseMemberAccount(input: string): MemberAccountName {
  const text = input.normalize('NFKC').trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return EMAIL_PATTERN.test(email) ? { kind: 'email', value: email } : invalid('email');
  }
  const mobile = normaliseMobile(text);
  return MOBILE_PATTERN.test(mobile) ? { kind: 'mobile', value: mobile } : invalid('mobile');
}

const invalid = (what: 'mobile' | 'email'): MemberAccountName => ({
  kind: 'invalid',
  key: what === 'mobile' ? 'errors.validation.invalidMobile' : 'errors.validation.invalidEmail',
});

/**
 * Whether `actorId` may apply `action` to the picked members: at least one must be picked, and none may be
 * the actor (removing yourself, revoking your own administrator right, resetting your own password or
 * making yourself administrator). Returns the refusal, or null.
 */
export function memberActionRefusal(
  action: MemberAction,
  actorId: number,
  pickedIds: readonly number[],
): MemberRefusal | null {
  if (pickedIds.length === 0) return 'errors.members.noneSelected';
  if (!pickedIds.includes(actorId)) return null;
  if (action === 'remove') return 'errors.members.cannotRemoveSelf';
  if (action === 'revokeAdmin') return 'errors.members.cannotRevokeOwnAdmin';
  return 'errors.members.notOnSelf';
}

/**
 * Whether an organisation keeps at least one active administrator after `leavingIds` stop being one
 * (removed or demoted). `adminIds` are its administrators before the change.
 */
export function lastAdminRefusal(
  adminIds: readonly number[],
  leavingIds: readonly number[],
): 'errors.members.lastAdmin' | null {
  const leaving = new Set(leavingIds);
  return adminIds.some((id) => !leaving.has(id)) ? null : 'errors.members.lastAdmin';
}

/**
 * Whether `superiorId` may be the direct superior of member `memberId`: not the member themself. (That the
 * superior is an active member of the same organisation is the repository's check.)
 */
export function superiorRefusal(
  memberId: number | null,
  superiorId: number | null,
): 'errors.members.superiorSelf' | null {
  return superiorId !== null && superiorId === memberId ? 'errors.members.superiorSelf' : null;
}

/** Where a member search looks: text found anywhere in the lower-case name, the mobile number, the email. */
export interface MemberSearch {
  name?: string;
  mobile?: string;
  email?: string;
}

/**
 * What a member search looks for, each found anywhere in its column: digits (spaces, hyphens, a leading
 * +86 and full-width digits folded) in the mobile number, text with an @ in the email, other text in the
 * name, and also in the email when it could be part of one (Latin letters, digits, dots, hyphens). Control
 * characters are dropped (the search index uses one as its end marker). Null when there is nothing to find.
 */
export function memberSearch(keyword: string | undefined): MemberSearch | null {
  const text = (keyword ?? '')
    .normalize('NFKC')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .toLowerCase();
  if (!text) return null;
  const mobile = normaliseMobile(text).replace(/^(\+86|0086)(?=\d)/, '');
  if (/^\d+$/.test(mobile)) return { mobile };
  if (text.includes('@')) return { email: text };
  return /^[a-z0-9._%+-]+$/.test(text) ? { name: text, email: text } : { name: text };
}

/**
 * Whether a name shown in a picker contains what someone typed, as the member search finds it (full-width
 * forms folded, case ignored): for lists the screen already holds, such as the operation log's operators.
 */
export function nameContains(name: string, keyword: string): boolean {
  const text = keyword.normalize('NFKC').trim().toLowerCase();
  return name.normalize('NFKC').toLowerCase().includes(text);
}

/** A member's editable columns as stored; ids may arrive as numeric strings from some drivers. */
export interface MemberColumns {
  real_name: string;
  mobile: string | null;
  email: string | null;
  dept_id: number | string | null;
  superior_id: number | string | null;
}

/** The columns an edit sets: any of the editable ones, ids as numbers. */
export type MemberColumnChanges = Partial<{
  real_name: string;
  mobile: string | null;
  email: string | null;
  dept_id: number | null;
  superior_id: number | null;
}>;

/**
 * The columns of an edit whose value differs from the member's: an edit that keeps every value the same
 * changes nothing (and so is not an administrator change worth a log row).
 */
export function changedMemberColumns(
  member: MemberColumns,
  wanted: MemberColumnChanges,
): MemberColumnChanges {
  const id = (value: number | string | null) => (value === null ? null : Number(value));
  const current: MemberColumnChanges = {
    real_name: member.real_name,
    mobile: member.mobile,
    email: member.email,
    dept_id: id(member.dept_id),
    superior_id: id(member.superior_id),
  };
  return Object.fromEntries(
    Object.entries(wanted).filter(
      ([column, value]) => current[column as keyof MemberColumnChanges] !== value,
    ),
  );
}
