import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import type { Repositories } from '../repositories';
import { readRepositories } from '../repositories';
import { resetAccountPassword, unlockAccount } from '../services/account-recovery';
import { CLI_OPERATOR } from '../core/operator';
import { defineCommand, usageError } from './command';

/** The account an operator names by its mobile number or email, in any organisation. */
async function findAccount(repos: Repositories, name: string | undefined) {
  if (!name) throw usageError('name the account by its mobile number or email');
  const account = await repos.accounts.findByIdentifier(parseAccountIdentifier(name));
  if (!account) throw new Error(`No account with the mobile number or email ${name}`);
  return account;
}

const ACCOUNT = '<mobile or email>';

export const ACCOUNT_COMMANDS = [
  defineCommand({
    name: 'account:unlock',
    usage: '  account:unlock <mobile or email>            unlock an account and forget its failed sign-ins',
    options: {},
    argument: ACCOUNT,
    async run({ db, now }, { positionals: [name] }) {
      const account = await findAccount(readRepositories(db), name);
      await unlockAccount({ db, orgId: account.org_id, operator: CLI_OPERATOR, now }, account);
      return [`${name.trim()} unlocked in organisation ${account.org_id} (${account.org_name})`];
    },
  }),
  defineCommand({
    name: 'account:reset-password',
    usage: `  account:reset-password <mobile or email>    give an account a new one-time password (printed once,
                                              changed at the next sign-in), end its sessions, unlock it`,
    options: {},
    argument: ACCOUNT,
    async run({ db, now }, { positionals: [name] }) {
      const account = await findAccount(readRepositories(db), name);
      const password = await resetAccountPassword(db, account, CLI_OPERATOR, now);
      return [
        `${name.trim()} password: ${password}`,
        'This one-time password is shown once; it must be changed at the next sign-in.',
        "The account's sessions were ended and any lock lifted.",
      ];
    },
  }),
];
