import { type Kysely, sql } from 'kysely';
import type { SecondaryVerificationMode } from '../../domain/constants';
import {
  SECONDARY_VERIFICATION_MODES,
  SIGN_IN_SOURCE_RETENTION_MS,
  SIGN_IN_SOURCE_SEEN_GRANULARITY_MS,
} from '../../domain/constants';
import { compiledOnce } from '../db/compiled-once';
import type { Statement } from '../db/one-commit';
import type { Database, SignInChallengesTable } from '../db/tables';

/** A challenge as stored (numbers as numbers on both engines). */
export type StoredChallenge = Omit<
  { [K in keyof SignInChallengesTable]: SignInChallengesTable[K] },
  'org_id' | 'account_id'
> & { org_id: number; account_id: number };

/** What a right password leaves for its verification code to finish. */
export interface NewChallenge {
  tokenHash: string;
  orgId: number;
  accountId: number;
  ip: string;
  loginName: string;
  autoLogin: boolean;
  product: string;
  loginClient: string;
  passwordChangeReason: string | null;
  now: number;
  expiresAt: number;
}

const asStored = (row: SignInChallengesTable | undefined): StoredChallenge | undefined =>
  row && { ...row, org_id: Number(row.org_id), account_id: Number(row.account_id) };

/**
 * Security verification at sign-in: the organisations' settings, the challenges of right passwords
 * waiting for their code, and the devices and addresses each account has signed in from.
 */
export function createSecondaryVerificationRepository(db: Kysely<Database>) {
  // Every right password reads its organisation's mode: compiled once (see compiledOnce).
  const modeOf = compiledOnce(
    db,
    (orgId: number) =>
      db
        .selectFrom('org_sign_in_settings')
        .select(['secondary_verification', 'updated_at'])
        .where('org_id', '=', orgId),
    1,
  );
  return {
    /** An organisation's mode; `off` until its administrator or operator sets one. */
    async findMode(orgId: number): Promise<{ mode: SecondaryVerificationMode; updatedAt: number | null }> {
      const [row] = await modeOf(orgId);
      const mode = SECONDARY_VERIFICATION_MODES.find((known) => known === row?.secondary_verification);
      return { mode: mode ?? 'off', updatedAt: row ? Number(row.updated_at) : null };
    },

    async saveMode(orgId: number, mode: SecondaryVerificationMode, now: number): Promise<void> {
      await db
        .insertInto('org_sign_in_settings')
        .values({ org_id: orgId, secondary_verification: mode, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('org_id').doUpdateSet({ secondary_verification: mode, updated_at: now }),
        )
        .execute();
    },

    async insertChallenge(challenge: NewChallenge): Promise<void> {
      await db
        .insertInto('sign_in_challenges')
        .values({
          token_hash: challenge.tokenHash,
          org_id: challenge.orgId,
          account_id: challenge.accountId,
          ip: challenge.ip,
          login_name: challenge.loginName.slice(0, 300),
          auto_login: challenge.autoLogin ? 1 : 0,
          product: challenge.product.slice(0, 32),
          login_client: challenge.loginClient.slice(0, 32),
          password_change_reason: challenge.passwordChangeReason,
          recipient: null,
          tries: 0,
          created_at: challenge.now,
          expires_at: challenge.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** A challenge that may still be answered: unused, unexpired, with tries left. */
    async findLiveChallenge(tokenHash: string, now: number, maxTries: number) {
      const row = await db
        .selectFrom('sign_in_challenges')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('tries', '<', maxTries)
        .executeTakeFirst();
      return asStored(row);
    },

    /** Remembers where the challenge's code was sent (the account's mobile number or email). */
    async setRecipient(tokenHash: string, recipient: string): Promise<void> {
      await db
        .updateTable('sign_in_challenges')
        .set({ recipient })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    /**
     * Claims one of a live challenge's tries before its code is compared, so parallel guesses get no more;
     * returns the challenge with the try counted, or undefined when it is no longer live.
     */
    async claimTry(tokenHash: string, now: number, maxTries: number) {
      const row = await db
        .updateTable('sign_in_challenges')
        .set({ tries: sql<number>`tries + 1` })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('tries', '<', maxTries)
        .returningAll()
        .executeTakeFirst();
      return asStored(row);
    },

    /** Uses a challenge up (answered, or dead after too many wrong codes); false when it already was. */
    async consume(tokenHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_challenges')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Drops dead challenges, and devices and addresses unseen for SIGN_IN_SOURCE_RETENTION_MS. */
    async purgeExpired(now: number): Promise<void> {
      await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
      await db
        .deleteFrom('sign_in_sources')
        .where('last_seen_at', '<=', now - SIGN_IN_SOURCE_RETENTION_MS)
        .execute();
    },

    /** Whether this account has signed in before from the device (its cookie's hash) and from the address. */
    async knownSource(
      accountId: number,
      deviceHash: string | null,
      ip: string,
    ): Promise<{ knownDevice: boolean; knownIp: boolean }> {
      const rows = await db
        .selectFrom('sign_in_sources')
        .select('kind')
        .where('account_id', '=', accountId)
        .where((where) =>
          where.or([
            where.and([where('kind', '=', 'ip'), where('value', '=', ip)]),
            ...(deviceHash
              ? [where.and([where('kind', '=', 'device'), where('value', '=', deviceHash)])]
              : []),
          ]),
        )
        .execute();
      return {
        knownDevice: rows.some((row) => row.kind === 'device'),
        knownIp: rows.some((row) => row.kind === 'ip'),
      };
    },

    /** Remembers a successful sign-in's device (its cookie's hash, if any) and address for the account. */
    async rememberSource(
      orgId: number,
      accountId: number,
      deviceHash: string | null,
      ip: string,
      now: number,
    ): Promise<void> {
      const { remember, values } = rememberSourceOf(db, orgId, accountId, deviceHash, ip, now);
      await remember(...values);
    },

    /** rememberSource as one of a commit's writes (one-commit.ts). */
    rememberSourceWrite(
      orgId: number,
      accountId: number,
      deviceHash: string | null,
      ip: string,
      now: number,
    ): Statement {
      const { remember, values } = rememberSourceOf(db, orgId, accountId, deviceHash, ip, now);
      return remember.statement(...values);
    },
  };
}

/**
 * The statement remembering a sign-in's address and device, one for both, compiled once per shape. A
 * source already known keeps its last-seen time unless that is a day old or more (see
 * SIGN_IN_SOURCE_SEEN_GRANULARITY_MS): then the statement changes no row and writes no page.
 */
function rememberSourceOf(
  db: Kysely<Database>,
  orgId: number,
  accountId: number,
  deviceHash: string | null,
  ip: string,
  now: number,
) {
  const sources = [{ kind: 'ip', value: ip.slice(0, 64) }];
  if (deviceHash) sources.push({ kind: 'device', value: deviceHash });
  // Compiled once for every sign-in's transaction (see compiledOnce).
  const remember = compiledOnce(
    db,
    (...values: Array<string | number>) =>
      db
        .insertInto('sign_in_sources')
        .values(
          sources.map((_, index) => ({
            account_id: values[1] as number,
            org_id: values[2] as number,
            kind: values[3 + index * 2] as string,
            value: values[4 + index * 2] as string,
            first_seen_at: values[0] as number,
            last_seen_at: values[0] as number,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['account_id', 'kind', 'value'])
            .doUpdateSet({ last_seen_at: values[0] as number })
            .where('sign_in_sources.last_seen_at', '<=', values[3 + sources.length * 2] as number),
        ),
    4 + sources.length * 2,
    `sign_in_sources.remember:${sources.length}`,
  );
  return {
    remember,
    values: [
      now,
      accountId,
      orgId,
      ...sources.flatMap((source) => [source.kind, source.value]),
      now - SIGN_IN_SOURCE_SEEN_GRANULARITY_MS,
    ],
  };
}
