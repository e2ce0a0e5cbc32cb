import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { createAccountsRepository } from './accounts-repository';
import { createAuthFailuresRepository } from './auth-failures-repository';
import { createLoginLogsRepository } from './login-logs-repository';
import { createNoncesRepository } from './nonces-repository';
import { createOperationLogsRepository } from './operation-logs-repository';
import { createOrganizationsRepository } from './organizations-repository';
import { createPlatformsRepository } from './platforms-repository';
import { createSessionsRepository } from './sessions-repository';

/** Every repository over one database handle or transaction. */
export function createRepositories(db: Kysely<Database>) {
  return {
    accounts: createAccountsRepository(db),
    authFailures: createAuthFailuresRepository(db),
    loginLogs: createLoginLogsRepository(db),
    nonces: createNoncesRepository(db),
    operationLogs: createOperationLogsRepository(db),
    organizations: createOrganizationsRepository(db),
    platforms: createPlatformsRepository(db),
    sessions: createSessionsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
