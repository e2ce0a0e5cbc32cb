import type { Kysely } from 'kysely';
import { translate } from '../domain/i18n';
import type { LicenceMode } from '../domain/rules/authorisation';
import { parseMemberAccount } from '../domain/rules/members';
import type { MenuRole } from '../domain/rules/menu-tree';
import type { Database } from './db/tables';
import { ApiError } from './errors';
import { createRepositories } from './repositories';
import { CLI_OPERATOR } from './services/account-recovery';
import { authorizeMembers, saveDisplaySettings } from './services/authorisation-service';
import { saveMenuAccess } from './services/menu-access-service';
import { logMessage } from '../domain/rules/operation-log-content';

/** The options of the authorisation commands, as node:util parseArgs returns them. */
export interface AuthorisationCommandOptions {
  org?: string;
  account?: string;
  products?: string;
  product?: string;
  mode?: string;
  seats?: string;
  shown?: string;
  role?: string;
  menus?: string;
  inherit?: boolean;
}

/** parseArgs option types of the authorisation commands, merged into the CLI's own. */
export const AUTHORISATION_COMMAND_OPTIONS = {
  account: { type: 'string' },
  seats: { type: 'string' },
  shown: { type: 'string' },
  role: { type: 'string' },
  menus: { type: 'string' },
  inherit: { type: 'boolean' },
} as const;

/** The usage lines of the authorisation commands. */
export const AUTHORISATION_COMMAND_USAGE = `  member:products --org <id> --account <id, mobile or email> --products ELN,CIMS [--mode set|add|remove]
                                              set (or add or remove) a member's product licences, within
                                              the organisation's licences and seats (--account a,b,...)
  org:seats    --org <id> --product <code> --seats <N|unlimited>
                                              how many members may hold a licensed product
  org:display  --org <id> --shown ELN,CIMS    the products members' card homes show (the rest hidden)
  org:menu-access --org <id> --role admin|member [--account <id, mobile or email>]
               (--menus info,password,... | --inherit)
                                              the menu pages a role type (or a member of it) may open`;

/** A refusal of an authorisation command, in the operator's words; nothing was changed. */
export class AuthorisationCommandError extends Error {}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function orgOption(value: string | undefined): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id <= 0)
    throw new AuthorisationCommandError('--org <id> is required');
  return id;
}

/** The members an operator names by id, mobile or email, all of the organisation. */
async function findAccounts(db: Kysely<Database>, orgId: number, names: string[]): Promise<number[]> {
  const repos = createRepositories(db);
  const ids: number[] = [];
  for (const name of names) {
    if (/^\d+$/.test(name) && name.length < 11) {
      ids.push(Number(name));
      continue;
    }
    const parsed = parseMemberAccount(name);
    if (parsed.kind === 'invalid') throw new AuthorisationCommandError(translate('en-US', parsed.key));
    const account = await repos.accounts.findByIdentifier(parsed);
    if (!account || Number(account.org_id) !== orgId) {
      throw new AuthorisationCommandError(`No member ${name} in organisation ${orgId}`);
    }
    ids.push(Number(account.id));
  }
  return ids;
}

/**
 * `member:products`, `org:seats`, `org:display` and `org:menu-access`: the operator's twins of the
 * Authorisation screen, through the same services and rules (seats, one transaction, the operation-log row
 * by operator-cli). Returns the lines to print.
 */
export async function runAuthorisationCommand(
  db: Kysely<Database>,
  command: string,
  options: AuthorisationCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = orgOption(options.org);
  const repos = createRepositories(db);
  if (!(await repos.organizations.findById(orgId))) {
    throw new AuthorisationCommandError(`No organisation with id ${orgId}`);
  }
  try {
    switch (command) {
      case 'member:products': {
        const mode = (options.mode ?? 'set') as LicenceMode;
        if (!['set', 'add', 'remove'].includes(mode))
          throw new AuthorisationCommandError('--mode takes set, add or remove');
        if (options.products === undefined)
          throw new AuthorisationCommandError('--products is required (empty: none)');
        const ids = await findAccounts(db, orgId, list(options.account));
        await authorizeMembers(db, orgId, CLI_OPERATOR, { ids, products: list(options.products), mode }, now);
        const held = await repos.members.productsOf(orgId, ids);
        return ids.map((id) => `member ${id}: ${(held.get(id) ?? []).join(', ') || '(no products)'}`);
      }
      case 'org:seats': {
        const code = (options.product ?? '').trim().toUpperCase();
        const text = (options.seats ?? '').trim();
        const seats = text === 'unlimited' ? null : Number(text);
        if (seats !== null && (!/^\d+$/.test(text) || !Number.isSafeInteger(seats))) {
          throw new AuthorisationCommandError('--seats takes a whole number or unlimited');
        }
        const product = (await repos.authorisation.licensedProducts(orgId)).find((row) => row.code === code);
        if (!product)
          throw new AuthorisationCommandError(
            `Organisation ${orgId} is not licensed for ${code || '--product'}`,
          );
        await repos.authorisation.setSeats(orgId, product.id, seats);
        await repos.operationLogs.insert({
          orgId,
          operatorId: null,
          operatorName: CLI_OPERATOR.name,
          module: 'authorize',
          content: logMessage('operationLog.content.seatsSet', {
            product: code,
            seats: seats ?? logMessage('operationLog.words.unlimited'),
          }),
          now,
        });
        const warning =
          seats !== null && product.used > seats ? ` (${product.used} members hold it already)` : '';
        return [`${code} seats of organisation ${orgId}: ${seats ?? 'unlimited'}${warning}`];
      }
      case 'org:display': {
        await saveDisplaySettings(db, orgId, CLI_OPERATOR, list(options.shown), now);
        const hidden = await repos.authorisation.hiddenProductCodes(orgId);
        return [`hidden on card homes of organisation ${orgId}: ${[...hidden].join(', ') || '(none)'}`];
      }
      case 'org:menu-access': {
        const role = options.role as MenuRole;
        if (role !== 'admin' && role !== 'member')
          throw new AuthorisationCommandError('--role takes admin or member');
        const accountIds = options.account ? await findAccounts(db, orgId, list(options.account)) : undefined;
        if (options.inherit && !accountIds) throw new AuthorisationCommandError('--inherit needs --account');
        await saveMenuAccess(
          db,
          orgId,
          CLI_OPERATOR,
          { role, codes: list(options.menus), accountIds, inherit: options.inherit === true },
          now,
        );
        return [`menu access of ${accountIds ? `members ${accountIds.join(', ')}` : `role ${role}`} saved`];
      }
      default:
        throw new AuthorisationCommandError(`unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw new AuthorisationCommandError(translate('en-US', error.key, error.params));
    }
    throw error;
  }
}
