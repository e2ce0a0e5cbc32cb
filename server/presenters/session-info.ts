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
type KeptSession = Required<SessionInfoSession>;

/**
 * Every field of the session buildSessionInfo reads, with what an absent one stands for (undefined: always
 * given). What the kept bytes are compared on and what is kept both come from this one list, so a field the
 * answer starts to read cannot be forgotten in the comparison: the type refuses a session field missing
 * here, and tests/server/presenters/session-info.test.ts refuses a field read but not listed.
 */
const SESSION_DEFAULTS: { [K in keyof KeptSession]: KeptSession[K] | undefined } = {
  autoLogin: undefined,
  createdAt: undefined,
  locked: false,
  loginMode: 'normal',
  trialExpiresAt: null,
};

/** The session fields an answer is kept for, as SESSION_DEFAULTS lists them. */
export const SESSION_INFO_FIELDS = Object.keys(SESSION_DEFAULTS) as ReadonlyArray<keyof KeptSession>;

/** A session field as the answer sees it: given, or what its absence stands for. */
const sessionField = <K extends keyof KeptSession>(session: SessionInfoSession, key: K) =>
  (session[key] ?? SESSION_DEFAULTS[key]) as KeptSession[K];

interface WrittenAnswer {
  session: KeptSession;
  pwdReason: PwdReason;
  orgSettings: OrgSessionSettings;
  bytes: Buffer;
}

/**
 * The session info's answer, written once per state: the bytes the route last wrote for an account row
 * are answered again while every input of buildSessionInfo is the same. The account row the session
 * lookup hands out is one frozen object per account version (and names of its organisation and
 * department), and the organisation's settings one object per settings version, so their identity stands
 * for their contents; the session's own fields (SESSION_INFO_FIELDS) are compared one by one. Keyed weakly
 * by the row: an account whose row leaves the lookup's cache takes its answer with it.
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
      SESSION_INFO_FIELDS.every((key) => last.session[key] === sessionField(session, key))
    )
      return last.bytes;
    const bytes = write(buildSessionInfo(account, session, pwdReason, orgSettings));
    const kept: Partial<Record<keyof KeptSession, unknown>> = {};
    for (const key of SESSION_INFO_FIELDS) kept[key] = sessionField(session, key);
    written.set(account, { session: kept as KeptSession, pwdReason, orgSettings, bytes });
    return bytes;
  };
}
