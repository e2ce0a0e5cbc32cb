import type { Kysely } from 'kysely';
import { LANGUAGES } from '../../domain/constants';
import { translate } from '../core/translate';
import { parseMemberAccount } from '../../domain/rules/members';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { addMember } from '../services/members-service';
import { removeMembers, setMembersAdmin } from '../services/member-batch-service';
import { CommandError, defineCommand, unchanged } from './command';

/** The options of the member commands, as node:util parseArgs returns them. */
export interface MemberCommandOptions {
  org?: string;
  name?: string;
  dept?: string;
  superior?: string;
  products?: string;
  password?: string;
  revoke?: boolean;
}

/** An optional positive id option. */
function idOption(value: string | undefined, name: string): number | null {
  if (value === undefined) return null;
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new CommandError(`--${name} takes a positive id`);
  return id;
}

/** The member an operator names by mobile or email (normalised like the screen does), in any organisation. */
async function findMember(db: Kysely<Database>, name: string | undefined) {
  if (!name) throw new CommandError('name the member by their mobile number or email');
  const parsed = parseMemberAccount(name);
  if (parsed.kind === 'invalid') throw new CommandError(translate('en-US', parsed.key));
  const account = await readRepositories(db).accounts.findByIdentifier(parsed);
  if (!account) throw new CommandError(`No member with the mobile number or email ${name.trim()}`);
  return account;
}

/**
 * `member:add`, `member:remove` and `member:set-admin`: the operator's twins of the Members screen, through
 * the same service and rules (normalised unique names, the last administrator, one transaction with the
 * operation-log row by operator-cli). Returns the lines to print.
 */
export async function runMemberCommand(
  db: Kysely<Database>,
  command: string,
  account: string | undefined,
  options: MemberCommandOptions,
  now: number,
): Promise<string[]> {
  try {
    if (command === 'member:add') {
      const orgId = idOption(options.org, 'org');
      if (orgId === null) throw new CommandError('--org <id> is required');
      if (!options.name?.trim()) throw new CommandError('--name <name> is required');
      if (!account) throw new CommandError('name the new member by their mobile number or email');
      if (!(await readRepositories(db).organizations.findById(orgId))) {
        throw new CommandError(`No organisation with id ${orgId}`);
      }
      const created = await addMember(
        { db, orgId, operator: CLI_OPERATOR, now },
        {
          account,
          realName: options.name.trim(),
          deptId: idOption(options.dept, 'dept'),
          superiorId: idOption(options.superior, 'superior'),
          products: (options.products ?? '')
            .split(',')
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
          password: options.password,
          // The welcome message's language; the member's interface follows their browser until they choose.
          language: LANGUAGES[0],
        },
      );
      return [
        `member ${created.id} added to organisation ${orgId}`,
        ...(created.password === null
          ? ['The password given must be changed at the first sign-in.']
          : [
              `password: ${created.password}`,
              'This initial password is shown once; it must be changed at the first sign-in.',
            ]),
      ];
    }
    const member = await findMember(db, account);
    const orgId = Number(member.org_id);
    if (command === 'member:remove') {
      await removeMembers({ db, orgId, operator: CLI_OPERATOR, now }, [Number(member.id)]);
      return [`${account?.trim()} removed from organisation ${orgId}; their sessions were ended`];
    }
    const admin = options.revoke !== true;
    await setMembersAdmin({ db, orgId, operator: CLI_OPERATOR, now }, [Number(member.id)], admin);
    return [`${account?.trim()} is ${admin ? 'now' : 'no longer'} an administrator of organisation ${orgId}`];
  } catch (error) {
    if (error instanceof ApiError) {
      throw unchanged(translate('en-US', error.key, error.params));
    }
    throw error;
  }
}

const MEMBER = '<mobile or email>';

export const MEMBER_COMMANDS = [
  defineCommand({
    name: 'member:add',
    usage: `  member:add <mobile or email> --org <id> --name <name> [--dept <id>] [--superior <id>]
               [--products ELN,CIMS] [--password <initial password>]
                                              add a member with an initial password (printed once when
                                              generated) that must be changed at the first sign-in`,
    options: {
      org: { type: 'string' },
      name: { type: 'string' },
      dept: { type: 'string' },
      superior: { type: 'string' },
      products: { type: 'string' },
      password: { type: 'string' },
    },
    argument: MEMBER,
    run: ({ db, now }, { values, positionals }) =>
      runMemberCommand(db, 'member:add', positionals[0], values, now),
  }),
  defineCommand({
    name: 'member:remove',
    usage:
      '  member:remove <mobile or email>             remove a member (a former member, restorable); sessions end',
    options: {},
    argument: MEMBER,
    run: ({ db, now }, { positionals }) => runMemberCommand(db, 'member:remove', positionals[0], {}, now),
  }),
  defineCommand({
    name: 'member:set-admin',
    usage: `  member:set-admin <mobile or email> [--revoke]
                                              make a member an administrator, or revoke it (one always stays)`,
    options: { revoke: { type: 'boolean' } },
    argument: MEMBER,
    run: ({ db, now }, { values, positionals }) =>
      runMemberCommand(db, 'member:set-admin', positionals[0], values, now),
  }),
];
