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

type SessionInfoSession = Parameters<typeof buildSessionInfo>[1];

interface WrittenAnswer {
  session: Required<SessionInfoSession>;
  pwdReason: PwdReason;
  orgSettings: OrgSessionSettings;
  bytes: Buffer;
}

/**
 * The session info's answer, written once per state: the bytes the route last wrote for an account row
 * are answered again while every input of buildSessionInfo is the same. The account row the session
 * lookup hands out is one frozen object per account version (and names of its organisation and
 * department), and the organisation's settings one object per settings version, so their identity stands
 * for their contents; the session's own fields are compared one by one. Keyed weakly by the row: an
 * account whose row leaves the lookup's cache takes its answer with it.
 */
export function sessionInfoAnswers() {
  const written = new WeakMap<AccountWithOrganization, WrittenAnswer>();
  return (
    account: AccountWithOrganization,
    session: SessionInfoSession,
    pwdReason: PwdReason,
    orgSettings: OrgSessionSettings,
    write: (info: SessionInfo) => Buffer,
  ): Buffer => {
    const last = written.get(account);
    if (
      last &&
      last.orgSettings === orgSettings &&
      last.pwdReason === pwdReason &&
      last.session.autoLogin === session.autoLogin &&
      last.session.createdAt === session.createdAt &&
      last.session.locked === (session.locked ?? false) &&
      last.session.loginMode === (session.loginMode ?? 'normal') &&
      last.session.trialExpiresAt === (session.trialExpiresAt ?? null)
    )
      return last.bytes;
    const bytes = write(buildSessionInfo(account, session, pwdReason, orgSettings));
    written.set(account, {
      session: {
        autoLogin: session.autoLogin,
        createdAt: session.createdAt,
        locked: session.locked ?? false,
        loginMode: session.loginMode ?? 'normal',
        trialExpiresAt: session.trialExpiresAt ?? null,
      },
      pwdReason,
      orgSettings,
      bytes,
    });
    return bytes;
  };
}
