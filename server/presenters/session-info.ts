import { resolveLanguage } from '../../domain/i18n';
import { sessionHardExpiry } from '../../domain/rules/session-lifetime';
import type { SessionInfo } from '../../domain/schemas/account';
import type { OrgSessionSettings } from '../../domain/schemas/org-config';
import type { AccountWithOrganization } from '../repositories/accounts-repository';
import { presentAccountInfo } from './account-presenter';

type PwdReason = SessionInfo['PwdInfo']['Reason'];

/**
 * The account state the client keeps (SPEC §3), from an account row with its organisation's names, and the
 * organisation's settings in force (org-config-service orgSessionSettings).
 */
export function buildSessionInfo(
  account: AccountWithOrganization,
  session: {
    autoLogin: boolean;
    createdAt: number;
    locked?: boolean;
    loginMode?: SessionInfo['LoginMode'];
    trialExpiresAt?: number | null;
  },
  pwdReason: PwdReason,
  orgSettings: OrgSessionSettings,
): SessionInfo {
  return {
    AccountInfo: presentAccountInfo(account),
    DeptInfo:
      account.dept_id && account.dept_name !== null
        ? { ID: Number(account.dept_id), Name: account.dept_name }
        : null,
    PwdInfo: { MustChange: pwdReason !== null, Reason: pwdReason },
    OrgSettings: orgSettings,
    OrgID: Number(account.org_id),
    OrgName: account.org_name,
    Lang: resolveLanguage(account.lang),
    LangChosen: account.lang_chosen === 1,
    UIVersion: account.ui_version === 'NOSTALGIA' ? 'NOSTALGIA' : 'NEW',
    LoginType: account.login_type === 1 ? 1 : account.login_type === 2 ? 2 : 0,
    autoLogin: session.autoLogin,
    ExpiredTime: sessionHardExpiry(session.createdAt),
    IsHomeGuided: account.is_home_guided === 1,
    IsPersonalCenterGuided: account.is_personal_center_guided === 1,
    Locked: session.locked ?? false,
    LoginMode: session.loginMode ?? 'normal',
    TrialExpiresAt: session.loginMode === 'trial' ? (session.trialExpiresAt ?? null) : null,
  };
}
