import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database } from './tables';
import * as foundation from './migrations/0001-foundation';
import * as verification from './migrations/0002-verification';
import * as passwordPolicy from './migrations/0003-password-policy';
import * as ldap from './migrations/0004-ldap';
import * as productNames from './migrations/0005-product-names';
import * as signInChallenge from './migrations/0006-sign-in-challenge';
import * as loginLogIndex from './migrations/0007-login-log-index';
import * as hostIntegrations from './migrations/0008-host-integrations';
import * as messageOutbox from './migrations/0009-message-outbox';
import * as pushScreen from './migrations/0010-push-screen';
import * as departments from './migrations/0011-departments';
import * as members from './migrations/0012-members';
import * as personal from './migrations/0013-personal';
import * as governance from './migrations/0014-governance';
import * as authorisation from './migrations/0015-authorisation';
import * as signInSourceAge from './migrations/0016-sign-in-source-age';
import * as trial from './migrations/0018-trial';
import * as watermark from './migrations/0019-watermark';
import * as esign from './migrations/0020-esign';
import * as loginLogOrg from './migrations/0021-login-log-org';
import * as orgConfig from './migrations/0022-org-config';
import * as handover from './migrations/0024-handover';
import * as notices from './migrations/0025-notices';
import * as lockTrial from './migrations/0026-lock-trial';
import * as importPasswordFiles from './migrations/0027-import-password-files';
import * as operationLogMessages from './migrations/0028-operation-log-messages';
import * as identifierChangeProofs from './migrations/0029-identifier-change-proofs';
import * as memberSearch from './migrations/0030-member-search';
import * as accountLanguageChosen from './migrations/0031-account-language-chosen';
import * as memberSearchScope from './migrations/0032-member-search-scope';
import * as appCredentials from './migrations/0033-app-credentials';
import * as labelTemplates from './migrations/0036-label-templates';
import * as monomers from './migrations/0037-monomers';
import * as importPasswordFileToken from './migrations/0038-import-password-file-token';
import * as operationLogSettingsModule from './migrations/0039-operation-log-settings-module';
import * as sso from './migrations/0035-sso';
import * as openCalls from './migrations/0034-open-calls';
import * as scheduledJobs from './migrations/0040-scheduled-jobs';
import * as openCallLanguage from './migrations/0041-open-call-language';
import * as monomerSearch from './migrations/0043-monomer-search';
import * as ssoSessions from './migrations/0042-sso-sessions';
import * as thirdAccountState from './migrations/0041-third-account-state';
import * as cacheVersions from './migrations/0047-cache-versions';
import * as termsAgreements from './migrations/0045-terms-agreements';
import * as footerSettings from './migrations/0046-footer-settings';
import * as ssoIdTokens from './migrations/0051-sso-id-tokens';
import * as membersVersion from './migrations/0048-members-version';
import * as ssoUnlockStates from './migrations/0051-sso-unlock-states';
import * as monomersVersion from './migrations/0049-monomers-version';
import * as noncesWithoutRowid from './migrations/0052-nonces-without-rowid';

/** Every migration, in order; listed here so bundling and start-up need no directory scan. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-verification': verification,
  '0003-password-policy': passwordPolicy,
  '0004-ldap': ldap,
  '0005-product-names': productNames,
  '0006-sign-in-challenge': signInChallenge,
  '0007-login-log-index': loginLogIndex,
  '0008-host-integrations': hostIntegrations,
  '0009-message-outbox': messageOutbox,
  '0010-push-screen': pushScreen,
  '0011-departments': departments,
  '0012-members': members,
  '0013-personal': personal,
  '0014-governance': governance,
  '0015-authorisation': authorisation,
  '0016-sign-in-source-age': signInSourceAge,
  '0018-trial': trial,
  '0019-watermark': watermark,
  '0020-esign': esign,
  '0021-login-log-org': loginLogOrg,
  '0022-org-config': orgConfig,
  '0024-handover': handover,
  '0025-notices': notices,
  '0026-lock-trial': lockTrial,
  '0027-import-password-files': importPasswordFiles,
  '0028-operation-log-messages': operationLogMessages,
  '0029-identifier-change-proofs': identifierChangeProofs,
  '0030-member-search': memberSearch,
  '0031-account-language-chosen': accountLanguageChosen,
  '0032-member-search-scope': memberSearchScope,
  '0033-app-credentials': appCredentials,
  '0036-label-templates': labelTemplates,
  '0037-monomers': monomers,
  '0038-import-password-file-token': importPasswordFileToken,
  '0039-operation-log-settings-module': operationLogSettingsModule,
  '0035-sso': sso,
  '0034-open-calls': openCalls,
  '0040-scheduled-jobs': scheduledJobs,
  '0041-open-call-language': openCallLanguage,
  '0043-monomer-search': monomerSearch,
  '0042-sso-sessions': ssoSessions,
  '0041-third-account-state': thirdAccountState,
  '0047-cache-versions': cacheVersions,
  '0045-terms-agreements': termsAgreements,
  '0046-footer-settings': footerSettings,
  '0051-sso-id-tokens': ssoIdTokens,
  '0048-members-version': membersVersion,
  '0051-sso-unlock-states': ssoUnlockStates,
  '0049-monomers-version': monomersVersion,
  '0052-nonces-without-rowid': noncesWithoutRowid,
};

/** The names of every migration this code knows, in name order (readiness and the start-up check read them). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Migrations written side by side land in name order but not in the order they were written: a database
  // that already ran a later one still gets an earlier newcomer (they touch different tables).
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
