import type { Kysely } from 'kysely';
import {
  CHARACTER_CLASSES,
  type CharacterClass,
  DEFAULT_PASSWORD_POLICY,
  defaultPasswordPolicy,
  type PasswordPolicy,
  parseExpiry,
} from '../../domain/rules/password-policy';
import { compiledOnce } from '../db/compiled-once';
import type { Database, PasswordPoliciesTable } from '../db/tables';
import { createSecondaryVerificationRepository } from './secondary-verification-repository';

/** The character classes of a stored comma list, in canonical order, unknown names dropped. */
function parseClasses(text: string): CharacterClass[] {
  const named = new Set(text.split(',').map((part) => part.trim()));
  return CHARACTER_CLASSES.filter((characterClass) => named.has(characterClass));
}

/** A saved policy as the rules use it. */
export function policyFromRow(row: Omit<PasswordPoliciesTable, 'org_id' | 'updated_at'>): PasswordPolicy {
  return {
    minLength: row.min_length,
    maxLength: row.max_length,
    requiredClasses: parseClasses(row.required_classes),
    expiry: parseExpiry(row.expiry) ?? DEFAULT_PASSWORD_POLICY.expiry,
    historyDepth: row.history_depth,
    lockAfter: row.lock_after,
  };
}

/**
 * Organisations' password policies. An organisation without one has the defaults for its security
 * verification mode (NIST's 8 characters when every sign-in also needs a code, else 15), read anew each
 * time, so a change of the mode changes its default. A saved policy is the administrator's choice and holds.
 */
export function createPasswordPoliciesRepository(db: Kysely<Database>) {
  const verification = createSecondaryVerificationRepository(db);
  // Every sign-in reads its organisation's policy: compiled once (see compiledOnce).
  const byOrg = compiledOnce(
    db,
    (orgId: number) => db.selectFrom('password_policies').selectAll().where('org_id', '=', orgId),
    1,
  );
  return {
    /** The policy of an organisation, or the defaults for its mode when it has set none. */
    async find(orgId: number): Promise<PasswordPolicy> {
      const [row] = await byOrg(orgId);
      if (!row) return defaultPasswordPolicy((await verification.findMode(orgId)).mode);
      return policyFromRow(row);
    },

    /** Stores an organisation's whole policy. */
    async save(orgId: number, policy: PasswordPolicy, now: number): Promise<void> {
      const values = {
        min_length: policy.minLength,
        max_length: policy.maxLength,
        required_classes: parseClasses(policy.requiredClasses.join(',')).join(','),
        expiry: policy.expiry,
        history_depth: policy.historyDepth,
        lock_after: policy.lockAfter,
        updated_at: now,
      };
      await db
        .insertInto('password_policies')
        .values({ org_id: orgId, ...values })
        .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
        .execute();
    },
  };
}
