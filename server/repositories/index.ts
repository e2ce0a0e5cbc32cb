import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { createAccountsRepository } from './accounts-repository';
import { createAppCredentialsRepository } from './app-credentials-repository';
import { createOpenCallsRepository } from './open-calls-repository';
import { createAuthFailuresRepository } from './auth-failures-repository';
import { createAuthorisationRepository } from './authorisation-repository';
import { createCaptchasRepository } from './captchas-repository';
import { createDepartmentsRepository } from './departments-repository';
import { createEsignRepository } from './esign-repository';
import { createFooterRepository } from './footer-repository';
import { createHostBindingsRepository } from './host-bindings-repository';
import { createHostIntegrationsRepository } from './host-integrations-repository';
import { createHostTicketsRepository } from './host-tickets-repository';
import { createIdentifierProofsRepository } from './identifier-proofs-repository';
import { createIpWhitelistRepository } from './ip-whitelist-repository';
import { createLabelTemplatesRepository } from './label-templates-repository';
import { createLdapRepository } from './ldap-repository';
import { createLoginLogsRepository } from './login-logs-repository';
import { createSecondaryVerificationRepository } from './secondary-verification-repository';
import { createMembersRepository } from './members-repository';
import { createTermsAgreementsRepository } from './terms-agreements-repository';
import { createMemberImportRepository } from './member-import-repository';
import { createMemberHandoverRepository } from './member-handover-repository';
import { createMenuAccessRepository } from './menu-access-repository';
import { createMessageOutboxRepository } from './message-outbox-repository';
import { createMonomersRepository } from './monomers-repository';
import { createNoncesRepository } from './nonces-repository';
import { createNoticesRepository } from './notices-repository';
import { createOperationLogsRepository } from './operation-logs-repository';
import { createOrgConfigRepository } from './org-config-repository';
import { createOrganizationsRepository } from './organizations-repository';
import { createPasswordHistoryRepository } from './password-history-repository';
import { createPasswordPoliciesRepository } from './password-policies-repository';
import { createSignInLookupRepository } from './sign-in-lookup-repository';
import { createPersonalRepository } from './personal-repository';
import { createProductsRepository } from './products-repository';
import { createPushKeysRepository } from './push-keys-repository';
import { createResetTokensRepository } from './reset-tokens-repository';
import { createSendCountersRepository } from './send-counters-repository';
import { createSessionsRepository } from './sessions-repository';
import { createSsoRepository } from './sso-repository';
import { createTrialApplicationsRepository } from './trial-applications-repository';
import { createTrialSignInRepository } from './trial-sign-in-repository';
import { createVerificationCodesRepository } from './verification-codes-repository';
import { createWatermarkRepository } from './watermark-repository';
import { createWorkTableRepository } from './work-table-repository';

/** How each repository is made over a database handle or transaction. */
const REPOSITORIES = {
  accounts: createAccountsRepository,
  appCredentials: createAppCredentialsRepository,
  openCalls: createOpenCallsRepository,
  authFailures: createAuthFailuresRepository,
  authorisation: createAuthorisationRepository,
  captchas: createCaptchasRepository,
  departments: createDepartmentsRepository,
  esign: createEsignRepository,
  footer: createFooterRepository,
  hostBindings: createHostBindingsRepository,
  hostIntegrations: createHostIntegrationsRepository,
  hostTickets: createHostTicketsRepository,
  identifierProofs: createIdentifierProofsRepository,
  ipWhitelist: createIpWhitelistRepository,
  labelTemplates: createLabelTemplatesRepository,
  ldap: createLdapRepository,
  loginLogs: createLoginLogsRepository,
  secondaryVerification: createSecondaryVerificationRepository,
  members: createMembersRepository,
  memberImport: createMemberImportRepository,
  memberHandover: createMemberHandoverRepository,
  menuAccess: createMenuAccessRepository,
  messageOutbox: createMessageOutboxRepository,
  monomers: createMonomersRepository,
  nonces: createNoncesRepository,
  notices: createNoticesRepository,
  operationLogs: createOperationLogsRepository,
  orgConfig: createOrgConfigRepository,
  organizations: createOrganizationsRepository,
  passwordHistory: createPasswordHistoryRepository,
  passwordPolicies: createPasswordPoliciesRepository,
  signInLookup: createSignInLookupRepository,
  personal: createPersonalRepository,
  products: createProductsRepository,
  pushKeys: createPushKeysRepository,
  resetTokens: createResetTokensRepository,
  sendCounters: createSendCountersRepository,
  sessions: createSessionsRepository,
  sso: createSsoRepository,
  termsAgreements: createTermsAgreementsRepository,
  trialApplications: createTrialApplicationsRepository,
  trialSignIn: createTrialSignInRepository,
  verificationCodes: createVerificationCodesRepository,
  watermark: createWatermarkRepository,
  workTable: createWorkTableRepository,
};

/** The repositories' names, in a fixed order. */
const REPOSITORY_NAMES = Object.keys(REPOSITORIES) as Array<keyof typeof REPOSITORIES>;

/** Every repository over one database handle or transaction. */
export type Repositories = {
  readonly [Name in keyof typeof REPOSITORIES]: ReturnType<(typeof REPOSITORIES)[Name]>;
};

/**
 * The repositories of one handle, each made at its first use and kept: a transaction (every sign-in's
 * session, for one) uses a few of the ~45, and making them all cost the sign-in's event loop more than
 * some of its statements.
 */
class LazyRepositories {
  /** Each repository once made, by its place in REPOSITORY_NAMES (undefined until first used). */
  readonly made: unknown[] = new Array(REPOSITORY_NAMES.length).fill(undefined);
  constructor(readonly db: Kysely<Database>) {}
}
/**
 * Each repository is a getter on the prototype that keeps what it made in `made`, so every repositories
 * object has one shape for its whole life. Defining the made repository on the object itself gave it a new
 * shape at each first use: the shared root object changed shape whenever a request first used another
 * repository, and optimised code that had read it (a sign-in's) was thrown away and compiled again; every
 * transaction's object went through its own sequence of shapes, so a read of `tx.accounts` met many.
 */
REPOSITORY_NAMES.forEach((name, index) => {
  const create = REPOSITORIES[name] as (db: Kysely<Database>) => unknown;
  Object.defineProperty(LazyRepositories.prototype, name, {
    get(this: LazyRepositories) {
      return (this.made[index] ??= create(this.db));
    },
  });
});

/** Every repository over one database handle or transaction. */
export function createRepositories(db: Kysely<Database>): Repositories {
  return new LazyRepositories(db) as unknown as Repositories;
}

/**
 * Runs `work` with every repository bound to one transaction: its writes land together or not at all.
 * Inside another transaction it joins that one. Build the repositories of plain reads once, with
 * createRepositories; this is for work that must be atomic.
 */
export function withTransaction<T>(
  db: Kysely<Database>,
  work: (repos: Repositories, trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(createRepositories(db), db);
  return db.transaction().execute((trx) => work(createRepositories(trx), trx));
}

/** The root handle's repositories, made once: the routes' and the services' reads share them. */
const rootRepositories = new WeakMap<Kysely<Database>, Repositories>();

/**
 * The one read accessor of services: the repositories over `db` for reads that need no transaction of their
 * own (inside a caller's transaction, `db` is that transaction and the reads see its writes). Writes go
 * through withTransaction. Over the root handle it answers the same repositories every time, so a read on
 * every request keeps the statements its repository compiled (the member list's, for one) instead of
 * making a repository per request.
 */
export function readRepositories(db: Kysely<Database>): Repositories {
  if (db.isTransaction) return createRepositories(db);
  let repos = rootRepositories.get(db);
  if (!repos) rootRepositories.set(db, (repos = createRepositories(db)));
  return repos;
}

/**
 * The repositories of a check that counts its tries (a code's tries, a password's failures, a captcha used up
 * by its one answer), over the root handle. Such a check refuses by throwing, and a throw rolls back the
 * transaction it happens in: a count made inside the caller's transaction would be taken back with the very
 * refusal it counts, leaving guesses unlimited. So the check commits each count on its own, and is refused
 * here, before it counts anything, when it is handed a transaction (a programming error, not an answer).
 */
export function countingRepositories(db: Kysely<Database>, check: string): Repositories {
  if (db.isTransaction) {
    throw new Error(
      `${check} counts its failures: call it outside any transaction, whose rollback would take the count back`,
    );
  }
  return createRepositories(db);
}
