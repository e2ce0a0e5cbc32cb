import type { Kysely } from 'kysely';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import type { SessionInfo } from '../../domain/schemas/account';
import { resolveLanguage } from '../../domain/i18n';
import { sessionHardExpiry } from '../../domain/rules/session-lifetime';
import type { AccountRow, Database } from '../db/tables';

type PwdReason = SessionInfo['PwdInfo']['Reason'];

/** Why a password must change before the user goes on: initial, too weak for the policy, or none. */
export function passwordChangeReason(account: AccountRow, plainPassword: string | null): PwdReason {
  if (account.must_change_password === 1) return 'initial';
  if (plainPassword !== null && plainPassword.length < PASSWORD_MIN_LENGTH) return 'weak';
  return null;
}

/** The account state the client keeps (SPEC §3), built from the database. */
export async function buildSessionInfo(
  db: Kysely<Database>,
  account: AccountRow,
  session: { autoLogin: boolean; createdAt: number },
  pwdReason: PwdReason,
): Promise<SessionInfo> {
  const org = await db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('id', '=', account.org_id)
    .executeTakeFirstOrThrow();
  const dept = account.dept_id
    ? await db
        .selectFrom('departments')
        .select(['id', 'name'])
        .where('org_id', '=', account.org_id)
        .where('id', '=', account.dept_id)
        .executeTakeFirst()
    : undefined;
  return {
    AccountInfo: {
      ID: Number(account.id),
      RealName: account.real_name,
      Photo: account.photo,
      Account: account.email ?? account.mobile ?? '',
      MobilePhone: account.mobile ?? '',
      Email: account.email ?? '',
      IsOrganAdmin: account.is_org_admin === 1 ? 1 : 0,
    },
    DeptInfo: dept ? { ID: Number(dept.id), Name: dept.name } : null,
    PwdInfo: { MustChange: pwdReason !== null, Reason: pwdReason },
    OrgID: Number(org.id),
    OrgName: org.name,
    Lang: resolveLanguage(account.lang),
    UIVersion: account.ui_version === 'NOSTALGIA' ? 'NOSTALGIA' : 'NEW',
    LoginType: account.login_type === 1 ? 1 : account.login_type === 2 ? 2 : 0,
    autoLogin: session.autoLogin,
    ExpiredTime: sessionHardExpiry(session.createdAt),
    IsHomeGuided: account.is_home_guided === 1,
    IsPersonalCenterGuided: account.is_personal_center_guided === 1,
  };
}
