import type { Kysely } from 'kysely';
import type { SessionTimes } from '../../domain/rules/session-lifetime';
import { compiledOnce } from '../db/compiled-once';
import type { Statement } from '../db/one-commit';
import type { Database } from '../db/tables';
import type { AccountWithOrganization } from './accounts-repository';
import { endOpenSessions } from './open-sessions';
import { createAccountCache, withOrganization, type CachedAccount } from './session-account-cache';
import { trialEndFrom } from './trial-sign-in-repository';

export interface NewSession {
  tokenHash: string;
  accountId: number;
  orgId: number;
  autoLogin: boolean;
  now: number;
  ip: string;
  userAgent: string;
  /** Why the session must change its password before anything else, if it must. */
  passwordChangeReason?: string | null;
  /** 'trial' for a trial sign-in (mobile + code), restricted to the demo site; 'normal' otherwise. */
  loginMode?: LoginMode;
}

/**
 * How a session was started: a normal sign-in, a trial sign-in restricted to the demo site, or an SSO
 * sign-in (whose sign-out also signs out at the identity provider).
 */
export type LoginMode = 'normal' | 'trial' | 'sso';

const LOGIN_MODES: readonly string[] = ['normal', 'trial', 'sso'] satisfies LoginMode[];

/** A stored session: its id and the times that decide whether it may still be used. */
export interface StoredSession extends SessionTimes {
  id: number;
  /** Why the session must change its password before anything else (set at sign-in), or null. */
  passwordChangeReason: string | null;
  /** When the screen lock locked the session, or null (it is not locked). */
  lockedAt: number | null;
  loginMode: LoginMode;
  /** End of the trial of the session's organisation, or null when it is not a trial organisation. */
  trialExpiresAt: number | null;
  /** The version of the organisation's settings as this session was read (0047: organizations.settings_version). */
  settingsVersion: number;
}

/** A session found by its token, with its whole account as the session lookup joins it. */
export interface SessionWithAccount {
  session: StoredSession;
  account: AccountWithOrganization;
}

/** Sign-in sessions; only the SHA-256 of each token is stored. */
export function createSessionsRepository(db: Kysely<Database>) {
  /**
   * The lookup every signed-in request makes, compiled once (see compiledOnce): the session's own state, the
   * names of its organisation and department as they are now, and the versions the cached account and
   * settings are checked against (0047). The whole account is read only when its version moved.
   */
  const lookUp = compiledOnce(
    db,
    (tokenHash: string) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('accounts as a', (join) =>
          join.onRef('a.id', '=', 's.account_id').onRef('a.org_id', '=', 's.org_id'),
        )
        .innerJoin('organizations as o', 'o.id', 's.org_id')
        .leftJoin('departments as d', (join) =>
          join.onRef('d.id', '=', 'a.dept_id').onRef('d.org_id', '=', 'a.org_id'),
        )
        .select([
          's.id as session_id',
          's.account_id',
          's.org_id',
          's.auto_login as session_auto_login',
          's.created_at as session_created_at',
          's.last_seen_at as session_last_seen_at',
          's.revoked_at as session_revoked_at',
          's.password_change_reason as session_password_change_reason',
          's.locked_at as session_locked_at',
          's.login_mode as session_login_mode',
          'a.row_version as account_version',
          'o.trial_expires_at as org_trial_expires_at',
          'o.name as org_name',
          'o.settings_version',
          'd.name as dept_name',
        ])
        .where('s.token_hash', '=', tokenHash),
    1,
  );
  type SessionLookupRow = Awaited<ReturnType<typeof lookUp>>[number];
  const accountRow = compiledOnce(
    db,
    (orgId: number, id: number) =>
      db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('id', '=', id),
    2,
  );
  const accounts = createAccountCache();
  /** The session and its whole account from the lookup's row and the account's cached row. */
  const withAccount = (row: SessionLookupRow, cached: CachedAccount): SessionWithAccount => ({
    session: {
      id: Number(row.session_id),
      autoLogin: row.session_auto_login === 1,
      createdAt: row.session_created_at,
      lastSeenAt: row.session_last_seen_at,
      revokedAt: row.session_revoked_at,
      passwordChangeReason: row.session_password_change_reason,
      lockedAt: row.session_locked_at === null ? null : Number(row.session_locked_at),
      loginMode: LOGIN_MODES.includes(row.session_login_mode)
        ? (row.session_login_mode as LoginMode)
        : 'normal',
      trialExpiresAt: trialEndFrom(row.org_trial_expires_at),
      settingsVersion: Number(row.settings_version),
    },
    account: withOrganization(cached, row.org_name, row.dept_name, row.org_trial_expires_at),
  });
  // Every sign-in starts one, inside its transaction: compiled once for every transaction on this
  // engine (see compiledOnce).
  const insertSession = compiledOnce(
    db,
    (
      tokenHash: string,
      accountId: number,
      orgId: number,
      autoLogin: number,
      now: number,
      ip: string,
      userAgent: string,
      passwordChangeReason: string | null,
      loginMode: LoginMode,
    ) =>
      db
        .insertInto('sessions')
        .values({
          token_hash: tokenHash,
          account_id: accountId,
          org_id: orgId,
          auto_login: autoLogin,
          created_at: now,
          last_seen_at: now,
          revoked_at: null,
          ip,
          user_agent: userAgent,
          password_change_reason: passwordChangeReason,
          login_mode: loginMode,
        })
        .returning('id'),
    9,
    'sessions.insert',
  );
  const sessionValues = (session: NewSession) =>
    [
      session.tokenHash,
      session.accountId,
      session.orgId,
      session.autoLogin ? 1 : 0,
      session.now,
      session.ip,
      session.userAgent.slice(0, 500),
      session.passwordChangeReason ?? null,
      session.loginMode ?? 'normal',
    ] as const;
  return {
    async insert(session: NewSession): Promise<number> {
      const [row] = await insertSession(...sessionValues(session));
      return Number(row.id);
    },

    /** insert as one of a commit's writes (one-commit.ts). */
    insertWrite(session: NewSession): Statement {
      return insertSession.statement(...sessionValues(session));
    },

    /** A session by its token hash, with the account it belongs to when that account may still sign in. */
    async findByTokenHash(tokenHash: string) {
      return db
        .selectFrom('sessions as s')
        .innerJoin('accounts as a', (join) =>
          join.onRef('a.id', '=', 's.account_id').onRef('a.org_id', '=', 's.org_id'),
        )
        .innerJoin('organizations as o', 'o.id', 's.org_id')
        .select([
          's.id',
          's.account_id',
          's.org_id',
          's.auto_login',
          's.created_at',
          's.last_seen_at',
          's.revoked_at',
          'a.status as account_status',
          'a.is_org_admin',
          'a.real_name',
          'a.lang',
          'o.name as org_name',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * A session by its token hash with its whole account and the names of its organisation and department:
     * what every signed-in request needs, in one query, so routes that show the account (the current
     * session's info) do not read it again.
     */
    async findWithAccount(tokenHash: string): Promise<SessionWithAccount | undefined> {
      const [row] = await lookUp(tokenHash);
      if (!row) return undefined;
      const orgId = Number(row.org_id);
      const accountId = Number(row.account_id);
      let cached = accounts.get(accountId, Number(row.account_version));
      if (!cached) {
        const [fresh] = await accountRow(orgId, accountId);
        // Removed between the two reads: as if the session had not been found.
        if (!fresh) return undefined;
        cached = accounts.put(fresh);
      }
      return withAccount(row, cached);
    },

    /**
     * findWithAccount's answer at once, when it needs no waiting: the lookup answered at once (see
     * compiledOnce's `now`) and the account's row is cached at the version it read. Null when no session
     * has the token; undefined when the answer needs waiting for: then call findWithAccount.
     */
    findWithAccountNow(tokenHash: string): SessionWithAccount | null | undefined {
      // Rows read before are as good as new while nothing has been committed anywhere since: a revoke,
      // lock, touch or account change on any instance is a commit, so it is seen at once.
      const rows = lookUp.nowWhileUnchanged(tokenHash);
      if (rows === undefined) return undefined;
      const [row] = rows;
      if (!row) return null;
      const cached = accounts.get(Number(row.account_id), Number(row.account_version));
      return cached ? withAccount(row, cached) : undefined;
    },

    async touch(id: number, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    async revoke(id: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every open session of an account (password reset, and later removal or SSO enforcement). */
    async revokeAllForAccount(orgId: number, accountId: number, now: number): Promise<void> {
      await endOpenSessions(db, orgId, accountId, now);
    },

    /** Deletes sessions that can no longer be used, whatever their state. */
    async purgeOlderThan(createdBefore: number): Promise<void> {
      await db.deleteFrom('sessions').where('created_at', '<', createdBefore).execute();
    },

    /** Ends every open session of an account but one: after a password change, the one that changed it. */
    async revokeOthersForAccount(orgId: number, accountId: number, keepId: number, now: number) {
      await endOpenSessions(db, orgId, accountId, now, keepId);
    },

    /** Locks a session (the screen lock, at `at`) or unlocks it (null). */
    async setLocked(id: number, at: number | null): Promise<void> {
      await db.updateTable('sessions').set({ locked_at: at }).where('id', '=', id).execute();
    },

    /** Sets or clears (null) the reason a session must change its password first. */
    async setPasswordChangeReason(id: number, reason: string | null): Promise<void> {
      await db.updateTable('sessions').set({ password_change_reason: reason }).where('id', '=', id).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
