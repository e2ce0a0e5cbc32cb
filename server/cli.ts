import { parseArgs } from 'node:util';
import {
  ESIGN_COMMAND_OPTIONS,
  ESIGN_COMMAND_USAGE,
  EsignCommandError,
  runEsignCommand,
} from './esign-command';
import {
  runWatermarkCommand,
  WATERMARK_COMMAND_OPTIONS,
  WATERMARK_COMMAND_USAGE,
  WatermarkCommandError,
} from './watermark-command';
import { PRODUCT_CODES, SECONDARY_VERIFICATION_MODES } from '../domain/constants';
import { parseAccountIdentifier } from '../domain/rules/account-identifier';
import {
  CHARACTER_CLASSES,
  describePolicy,
  type PasswordPolicy,
  parseExpiry,
} from '../domain/rules/password-policy';
import {
  AUTHORISATION_COMMAND_OPTIONS,
  AUTHORISATION_COMMAND_USAGE,
  AuthorisationCommandError,
  runAuthorisationCommand,
} from './authorisation-command';
import { ConfigError, loadConfig } from './config';
import {
  GOVERNANCE_COMMAND_OPTIONS,
  GOVERNANCE_COMMAND_USAGE,
  GovernanceCommandError,
  runGovernanceCommand,
} from './governance-command';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import {
  HOST_COMMAND_OPTIONS,
  HOST_COMMAND_USAGE,
  runBindCommand,
  runIntegrationCommand,
  runOpennessCommand,
  runPushKeyCommand,
} from './host-command';
import {
  HANDOVER_COMMAND_OPTIONS,
  HANDOVER_COMMAND_USAGE,
  HandoverCommandError,
  runHandoverCommand,
} from './member-handover-command';
import { LDAP_COMMAND_OPTIONS, LDAP_COMMAND_USAGE, runLdapCommand } from './ldap-command';
import { MEMBER_COMMAND_OPTIONS, MEMBER_COMMAND_USAGE, runMemberCommand } from './member-command';
import {
  MEMBER_IMPORT_COMMAND_OPTIONS,
  MEMBER_IMPORT_COMMAND_USAGE,
  MemberImportCommandError,
  runMemberImportCommand,
} from './member-import-command';
import {
  ORGANIZATION_COMMAND_OPTIONS,
  ORGANIZATION_COMMAND_USAGE,
  runOrganizationCommand,
} from './organization-command';
import {
  NOTICE_COMMAND_OPTIONS,
  NOTICE_COMMAND_USAGE,
  NoticeCommandError,
  runNoticeCommand,
} from './notice-command';
import { createOrganization, grantProducts } from './provisioning';
import { createRepositories, type Repositories } from './repositories';
import { runTrialCommand, TRIAL_COMMAND_OPTIONS, TRIAL_COMMAND_USAGE } from './trial-command';
import { lazySecretBox } from './security/secret-box';
import { CLI_OPERATOR, resetAccountPassword, unlockAccount } from './services/account-recovery';
import { PasswordPolicyError, updatePasswordPolicy } from './services/password-policy-service';
import { saveSecondaryVerificationMode } from './services/secondary-verification-service';
import {
  ORG_CONFIG_COMMAND_OPTIONS,
  ORG_CONFIG_COMMAND_USAGE,
  OrgConfigCommandError,
  runOrgConfigCommand,
} from './org-config-command';

const USAGE = `Operator commands (npm run cli -- <command> [options]):

  org:create   --name <name> --admin <mobile or email> [--admin-name <name>] [--password <password>]
               [--products ELN,CIMS,...]      create an organisation with its administrator
  org:grant    --org <id> --products <codes> [--accounts <id,id> | --all-members]
                                              license products to an organisation (and grant them)
  org:list                                    list organisations
${ORGANIZATION_COMMAND_USAGE}
${LDAP_COMMAND_USAGE}
${HOST_COMMAND_USAGE}
${MEMBER_COMMAND_USAGE}
${MEMBER_IMPORT_COMMAND_USAGE}
${GOVERNANCE_COMMAND_USAGE}
${WATERMARK_COMMAND_USAGE}
${ESIGN_COMMAND_USAGE}
${AUTHORISATION_COMMAND_USAGE}
${TRIAL_COMMAND_USAGE}
${NOTICE_COMMAND_USAGE}
  org:password-policy --org <id> [--min-length N] [--max-length N]
               [--require upper,lower,digit,symbol,letter | --require none]
               [--expiry never|10m|30m|1h|24h|<n>months] [--history N] [--lock-after N]
                                              show or change an organisation's password policy
  org:secondary-verification --org <id> [--mode off|new-device|always]
                                              show or set the security verification at sign-in (a code to
                                              the phone or email after the password)
${ORG_CONFIG_COMMAND_USAGE}
  product:url --product <code> --url <url>   set where a product lives
${HANDOVER_COMMAND_USAGE}
  account:unlock <mobile or email>            unlock an account and forget its failed sign-ins
  account:reset-password <mobile or email>    give an account a new one-time password (printed once,
                                              changed at the next sign-in), end its sessions, unlock it

Product codes: ${PRODUCT_CODES.join(', ')}. The database is the one the server uses (DATABASE_URL or DATA_DIR).`;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

class UsageError extends Error {}

/** A whole-number option, or undefined when it is absent. */
function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

/** The settings `org:password-policy` was asked to change; the others stay as they are. */
function passwordPolicyChanges(
  values: Record<string, string | boolean | undefined>,
): Partial<PasswordPolicy> {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const classes = text('require');
  const requiredClasses =
    classes === undefined
      ? undefined
      : list(classes === 'none' ? '' : classes).map((name) => {
          const known = CHARACTER_CLASSES.find((characterClass) => characterClass === name);
          if (!known) throw new UsageError(`--require takes ${CHARACTER_CLASSES.join(', ')} or none`);
          return known;
        });
  const expiryText = text('expiry');
  const expiry = expiryText === undefined ? undefined : parseExpiry(expiryText);
  if (expiry === null) throw new UsageError('--expiry takes never, 10m, 30m, 1h, 24h or <n>months (1-120)');
  return {
    minLength: integer(text('min-length'), 'min-length'),
    maxLength: integer(text('max-length'), 'max-length'),
    requiredClasses,
    expiry,
    historyDepth: integer(text('history'), 'history'),
    lockAfter: integer(text('lock-after'), 'lock-after'),
  };
}

/** The account an operator names by its mobile number or email, in any organisation. */
async function findAccount(repos: Repositories, name: string | undefined) {
  if (!name) throw new UsageError('name the account by its mobile number or email');
  const account = await repos.accounts.findByIdentifier(parseAccountIdentifier(name));
  if (!account) throw new Error(`No account with the mobile number or email ${name}`);
  return account;
}

/** Runs one operator command against the configured database. */
async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      admin: { type: 'string' },
      'admin-name': { type: 'string' },
      password: { type: 'string' },
      products: { type: 'string' },
      org: { type: 'string' },
      accounts: { type: 'string' },
      'all-members': { type: 'boolean' },
      product: { type: 'string' },
      url: { type: 'string' },
      ...ORGANIZATION_COMMAND_OPTIONS,
      ...LDAP_COMMAND_OPTIONS,
      ...HOST_COMMAND_OPTIONS,
      ...MEMBER_COMMAND_OPTIONS,
      ...MEMBER_IMPORT_COMMAND_OPTIONS,
      ...GOVERNANCE_COMMAND_OPTIONS,
      ...WATERMARK_COMMAND_OPTIONS,
      ...ESIGN_COMMAND_OPTIONS,
      ...AUTHORISATION_COMMAND_OPTIONS,
      ...TRIAL_COMMAND_OPTIONS,
      ...NOTICE_COMMAND_OPTIONS,
      ...HANDOVER_COMMAND_OPTIONS,
      revoke: { type: 'boolean' },
      'min-length': { type: 'string' },
      'max-length': { type: 'string' },
      require: { type: 'string' },
      expiry: { type: 'string' },
      history: { type: 'string' },
      'lock-after': { type: 'string' },
      mode: { type: 'string' },
      ...ORG_CONFIG_COMMAND_OPTIONS,
    },
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const repos = createRepositories(database.db);
    const now = Date.now();
    switch (command) {
      case 'org:create': {
        const admin = required(values.admin, 'admin');
        const { orgId, admin: created } = await createOrganization(
          database.db,
          {
            name: required(values.name, 'name'),
            products: list(values.products),
            admin: {
              realName: values['admin-name'] ?? admin,
              account: admin,
              password: values.password,
              products: list(values.products),
              // A password the operator hands over is an initial one, unless they chose it themselves.
              mustChangePassword: values.password === undefined,
            },
          },
          now,
        );
        console.log(`organisation ${orgId} created`);
        console.log(`admin: ${created.account} password: ${created.password}`);
        if (values.password === undefined) console.log('This password must be changed at the first sign-in.');
        return;
      }
      case 'org:grant': {
        const orgId = Number(required(values.org, 'org'));
        const accountIds = values['all-members']
          ? await repos.accounts.listMemberIds(orgId)
          : list(values.accounts).map(Number);
        await grantProducts(database.db, orgId, list(required(values.products, 'products')), accountIds, now);
        console.log(`licensed ${values.products} to organisation ${orgId}`);
        return;
      }
      case 'org:list': {
        for (const row of await repos.organizations.list()) console.log(`${row.id}\t${row.name}`);
        return;
      }
      case 'org:password-policy': {
        const orgId = Number(required(values.org, 'org'));
        const changes = passwordPolicyChanges(values);
        // Without a setting to change it only shows the policy, and logs nothing.
        const policy = Object.values(changes).every((value) => value === undefined)
          ? await repos.passwordPolicies.find(orgId)
          : await updatePasswordPolicy(database.db, orgId, changes, CLI_OPERATOR, now);
        console.log(`password policy of organisation ${orgId}: ${describePolicy(policy)}`);
        return;
      }
      case 'org:ip-whitelist': {
        for (const line of await runGovernanceCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'org:watermark': {
        for (const line of await runWatermarkCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'esign:settings': {
        for (const line of await runEsignCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'org:secondary-verification': {
        const orgId = Number(required(values.org, 'org'));
        if (values.mode !== undefined) {
          const mode = SECONDARY_VERIFICATION_MODES.find((known) => known === values.mode);
          if (!mode) throw new UsageError(`--mode takes ${SECONDARY_VERIFICATION_MODES.join(', ')}`);
          await saveSecondaryVerificationMode(database.db, orgId, mode, CLI_OPERATOR, now);
        } else if (!(await repos.organizations.findById(orgId))) {
          throw new Error(`No organisation with id ${orgId}`);
        }
        const { mode } = await repos.secondaryVerification.findMode(orgId);
        console.log(`security verification at sign-in of organisation ${orgId}: ${mode}`);
        return;
      }
      case 'org:config': {
        for (const line of await runOrgConfigCommand(database.db, config.modules, values, now))
          console.log(line);
        return;
      }
      case 'org:update':
      case 'dept:list':
      case 'dept:create':
      case 'dept:rename':
      case 'dept:move':
      case 'dept:set':
      case 'dept:delete': {
        for (const line of await runOrganizationCommand(database.db, command, values, now)) console.log(line);
        return;
      }
      case 'org:ldap': {
        for (const line of await runLdapCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'org:integration': {
        for (const line of await runIntegrationCommand(database.db, lazySecretBox(config), values, now)) {
          console.log(line);
        }
        return;
      }
      case 'org:push-key': {
        for (const line of await runPushKeyCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'org:openness': {
        for (const line of await runOpennessCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'account:bind': {
        for (const line of await runBindCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'product:url': {
        const code = required(values.product, 'product').toUpperCase();
        const url = new URL(required(values.url, 'url')).toString();
        if (!(await repos.products.setWebUrl(code, url))) throw new UsageError(`unknown product ${code}`);
        console.log(`${code} -> ${url}`);
        return;
      }
      case 'platform:handover': {
        for (const line of await runHandoverCommand(database.db, lazySecretBox(config), values, now)) {
          console.log(line);
        }
        return;
      }
      case 'member:add':
      case 'member:remove':
      case 'member:set-admin': {
        for (const line of await runMemberCommand(database.db, command, positionals[0], values, now)) {
          console.log(line);
        }
        return;
      }
      case 'member:import': {
        for (const line of await runMemberImportCommand(database.db, values, now)) console.log(line);
        return;
      }
      case 'member:products':
      case 'org:seats':
      case 'org:display':
      case 'org:menu-access': {
        for (const line of await runAuthorisationCommand(database.db, command, values, now))
          console.log(line);
        return;
      }
      case 'trial:list':
      case 'trial:approve':
      case 'trial:extend': {
        const lines = await runTrialCommand(database.db, command, values, now, config.trialPeriodMs);
        for (const line of lines) console.log(line);
        return;
      }
      case 'notice:create':
      case 'notice:list':
      case 'notice:end': {
        for (const line of await runNoticeCommand(database.db, command, positionals[0], values, now)) {
          console.log(line);
        }
        return;
      }
      case 'account:unlock': {
        const account = await findAccount(repos, positionals[0]);
        await unlockAccount(database.db, account, CLI_OPERATOR, now);
        console.log(
          `${positionals[0].trim()} unlocked in organisation ${account.org_id} (${account.org_name})`,
        );
        return;
      }
      case 'account:reset-password': {
        const account = await findAccount(repos, positionals[0]);
        const password = await resetAccountPassword(database.db, account, CLI_OPERATOR, now);
        console.log(`${positionals[0].trim()} password: ${password}`);
        console.log('This one-time password is shown once; it must be changed at the next sign-in.');
        console.log("The account's sessions were ended and any lock lifted.");
        return;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } finally {
    await database.destroy();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof PasswordPolicyError) console.error(`${error.message}; nothing was changed`);
  else if (error instanceof GovernanceCommandError) console.error(error.message);
  else if (error instanceof WatermarkCommandError) console.error(`${error.message}; nothing was changed`);
  else if (error instanceof EsignCommandError) console.error(`${error.message}; nothing was changed`);
  else if (error instanceof NoticeCommandError) console.error(`${error.message}; nothing was changed`);
  else if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof OrgConfigCommandError) console.error(`${error.message}; nothing was changed`);
  else if (error instanceof MemberImportCommandError) console.error(error.message);
  else if (error instanceof HandoverCommandError) console.error(`${error.message}; nothing was changed`);
  else if (error instanceof AuthorisationCommandError) console.error(`${error.message}; nothing was changed`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
