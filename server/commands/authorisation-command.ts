import type { Kysely } from 'kysely';
import { translate } from '../core/translate';
import type { LicenceMode } from '../../domain/rules/authorisation';
import { parseMemberAccount } from '../../domain/rules/members';
import type { MenuRole } from '../../domain/rules/menu-tree';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { authorizeMembers, saveDisplaySettings, setProductSeats } from '../services/authorisation-service';
import { saveMenuAccess } from '../services/menu-access-service';
import { defineCommand, unchanged } from './command';

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

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function orgOption(value: string | undefined): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id <= 0) throw unchanged('--org <id> is required');
  return id;
}

/** The members an operator names by id, mobile or email, all of the organisation. */
async function findAccounts(db: Kysely<Database>, orgId: number, names: string[]): Promise<number[]> {
  const repos = readRepositories(db);
  const ids: number[] = [];
  for (const name of names) {
    if (/^\d+$/.test(name) && name.length < 11) {
      ids.push(Number(name));
      continue;
    }
    const parsed = parseMemberAccount(name);
    if (parsed.kind === 'invalid') throw unchanged(translate('en-US', parsed.key));
    const account = await repos.accounts.findByIdentifier(parsed);
    if (!account || Number(account.org_id) !== orgId) {
      throw unchanged(`No member ${name} in organisation ${orgId}`);
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
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId))) {
    throw unchanged(`No organisation with id ${orgId}`);
  }
  try {
    switch (command) {
      case 'member:products': {
        const mode = (options.mode ?? 'set') as LicenceMode;
        if (!['set', 'add', 'remove'].includes(mode)) throw unchanged('--mode takes set, add or remove');
        if (options.products === undefined) throw unchanged('--products is required (empty: none)');
        const ids = await findAccounts(db, orgId, list(options.account));
        await authorizeMembers(
          { db, orgId, operator: CLI_OPERATOR, now },
          { ids, products: list(options.products), mode },
        );
        const held = await repos.members.productsOf(orgId, ids);
        return ids.map((id) => `member ${id}: ${(held.get(id) ?? []).join(', ') || '(no products)'}`);
      }
      case 'org:seats': {
        const code = (options.product ?? '').trim().toUpperCase();
        const text = (options.seats ?? '').trim();
        const seats = text === 'unlimited' ? null : Number(text);
        if (seats !== null && (!/^\d+$/.test(text) || !Number.isSafeInteger(seats))) {
          throw unchanged('--seats takes a whole number or unlimited');
        }
        const product = await setProductSeats({ db, orgId, operator: CLI_OPERATOR, now }, code, seats);
        if (!product) throw unchanged(`Organisation ${orgId} is not licensed for ${code || '--product'}`);
        const warning =
          seats !== null && product.used > seats ? ` (${product.used} members hold it already)` : '';
        return [`${code} seats of organisation ${orgId}: ${seats ?? 'unlimited'}${warning}`];
      }
      case 'org:display': {
        await saveDisplaySettings({ db, orgId, operator: CLI_OPERATOR, now }, list(options.shown));
        const hidden = await repos.authorisation.hiddenProductCodes(orgId);
        return [`hidden on card homes of organisation ${orgId}: ${[...hidden].join(', ') || '(none)'}`];
      }
      case 'org:menu-access': {
        const role = options.role as MenuRole;
        if (role !== 'admin' && role !== 'member') throw unchanged('--role takes admin or member');
        const accountIds = options.account ? await findAccounts(db, orgId, list(options.account)) : undefined;
        if (options.inherit && !accountIds) throw unchanged('--inherit needs --account');
        await saveMenuAccess(
          { db, orgId, operator: CLI_OPERATOR, now },
          { role, codes: list(options.menus), accountIds, inherit: options.inherit === true },
        );
        return [`menu access of ${accountIds ? `members ${accountIds.join(', ')}` : `role ${role}`} saved`];
      }
      default:
        throw unchanged(`unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw unchanged(translate('en-US', error.key, error.params));
    }
    throw error;
  }
}

export const AUTHORISATION_COMMANDS = [
  defineCommand({
    name: 'member:products',
    usage: `  member:products --org <id> --account <id, mobile or email> --products ELN,CIMS [--mode set|add|remove]
                                              set (or add or remove) a member's product licences, within
                                              the organisation's licences and seats (--account a,b,...)`,
    options: {
      org: { type: 'string' },
      account: { type: 'string' },
      products: { type: 'string' },
      mode: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runAuthorisationCommand(db, 'member:products', values, now),
  }),
  defineCommand({
    name: 'org:seats',
    usage: `  org:seats    --org <id> --product <code> --seats <N|unlimited>
                                              how many members may hold a licensed product`,
    options: { org: { type: 'string' }, product: { type: 'string' }, seats: { type: 'string' } },
    run: ({ db, now }, { values }) => runAuthorisationCommand(db, 'org:seats', values, now),
  }),
  defineCommand({
    name: 'org:display',
    usage:
      "  org:display  --org <id> --shown ELN,CIMS    the products members' card homes show (the rest hidden)",
    options: { org: { type: 'string' }, shown: { type: 'string' } },
    run: ({ db, now }, { values }) => runAuthorisationCommand(db, 'org:display', values, now),
  }),
  defineCommand({
    name: 'org:menu-access',
    usage: `  org:menu-access --org <id> --role admin|member [--account <id, mobile or email>]
               (--menus info,password,... | --inherit)
                                              the menu pages a role type (or a member of it) may open`,
    options: {
      org: { type: 'string' },
      role: { type: 'string' },
      account: { type: 'string' },
      menus: { type: 'string' },
      inherit: { type: 'boolean' },
    },
    run: ({ db, now }, { values }) => runAuthorisationCommand(db, 'org:menu-access', values, now),
  }),
];
