import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { translate, translateIfKnown } from '../core/translate';
import { parseAccountIdentifier } from '../../domain/rules/account-identifier';
import { buildDepartmentTree } from '../../domain/rules/departments';
import type { DepartmentNode } from '../../domain/schemas/departments';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { createDepartment, deleteDepartment, updateDepartment } from '../services/departments-service';
import { saveOrganizationLogo, updateOrganization } from '../services/organization-service';
import { CommandError, defineCommand, unchanged } from './command';

/** The options of `org:update` and `dept:*`, as node:util parseArgs returns them. */
export interface OrganizationCommandOptions {
  org?: string;
  name?: string;
  industry?: string;
  contact?: string;
  logo?: string;
  dept?: string;
  parent?: string;
  top?: boolean;
  manager?: string;
  'no-manager'?: boolean;
  description?: string;
}

function positiveId(value: string | undefined, option: string): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id <= 0) throw new CommandError(`--${option} <id> is required`);
  return id;
}

function treeLines(nodes: DepartmentNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}#${node.ID} ${node.Name}` +
      `${node.ManagerName ? ` (manager ${node.ManagerName})` : ''}, ${node.MemberCount} member(s)`,
    ...treeLines(node.Children, depth + 1),
  ]);
}

/** The account a --manager names: an id, a mobile number or an email, in the organisation. */
async function managerId(db: Kysely<Database>, orgId: number, value: string): Promise<number> {
  if (/^\d+$/.test(value) && !/^1[3-9]\d{9}$/.test(value)) return Number(value);
  const account = await readRepositories(db).accounts.findByIdentifier(parseAccountIdentifier(value));
  if (!account || Number(account.org_id) !== orgId) {
    throw new CommandError(translate('en-US', 'errors.departments.managerNotMember'));
  }
  return Number(account.id);
}

/**
 * `org:update` and `dept:*`: the operator's way to everything the Organisation info and Departments screens
 * change, through the same services (same checks, operation-log rows by `operator-cli`). Returns the lines
 * to print; a refusal is an CommandError in the screen's English words.
 */
export async function runOrganizationCommand(
  db: Kysely<Database>,
  command: string,
  options: OrganizationCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = positiveId(options.org, 'org');
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId))) throw new Error(`No organisation with id ${orgId}`);
  try {
    switch (command) {
      case 'org:update': {
        const { name, industry, contact } = options;
        if (name !== undefined || industry !== undefined || contact !== undefined) {
          await updateOrganization(
            { db, orgId, operator: CLI_OPERATOR, now },
            { OrgName: name, Industry: industry, Contact: contact },
          );
        }
        if (options.logo)
          await saveOrganizationLogo(
            { db, orgId, operator: CLI_OPERATOR, now },
            fs.readFileSync(options.logo),
          );
        const organization = await repos.organizations.findById(orgId);
        return [
          `organisation ${orgId}: ${organization?.name}`,
          `industry: ${organization?.industry || '(none)'}`,
          `contact: ${organization?.contact || '(none)'}`,
          `logo: ${organization?.logo ? 'uploaded' : '(none)'}`,
        ];
      }
      case 'dept:list':
        break;
      case 'dept:create': {
        const id = await createDepartment(
          { db, orgId, operator: CLI_OPERATOR, now },
          {
            Name: options.name ?? '',
            ParentID: options.parent ? positiveId(options.parent, 'parent') : null,
            ManagerID: options.manager ? await managerId(db, orgId, options.manager) : null,
            Description: options.description ?? '',
          },
        );
        return [`department ${id} created`];
      }
      case 'dept:rename':
      case 'dept:move':
      case 'dept:set': {
        const id = positiveId(options.dept, 'dept');
        if (command === 'dept:rename' && options.name === undefined)
          throw new CommandError('--name is required');
        if (command === 'dept:move' && !options.top && !options.parent) {
          throw new CommandError('give --parent <dept id> or --top');
        }
        await updateDepartment({ db, orgId, operator: CLI_OPERATOR, now }, id, {
          Name: command === 'dept:rename' ? options.name : undefined,
          ParentID:
            command !== 'dept:move' ? undefined : options.top ? null : positiveId(options.parent, 'parent'),
          ManagerID:
            command !== 'dept:set'
              ? undefined
              : options['no-manager']
                ? null
                : options.manager
                  ? await managerId(db, orgId, options.manager)
                  : undefined,
          Description: command === 'dept:set' ? options.description : undefined,
        });
        break;
      }
      case 'dept:delete': {
        const id = positiveId(options.dept, 'dept');
        await deleteDepartment({ db, orgId, operator: CLI_OPERATOR, now }, id);
        return [`department ${id} deleted`];
      }
      default:
        throw new CommandError(`unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof ApiError) {
      throw unchanged(translate('en-US', error.key, error.params));
    }
    if (error instanceof z.ZodError) {
      const issues = error.issues.map(
        (issue) => `${issue.path.join('.')}: ${translateIfKnown('en-US', issue.message)}`,
      );
      throw unchanged(issues.join('; '));
    }
    throw error;
  }
  const tree = buildDepartmentTree(await repos.departments.listFlat(orgId));
  return tree.length > 0 ? treeLines(tree) : [`organisation ${orgId} has no departments`];
}

const ORG = { org: { type: 'string' } } as const;
const DEPT = { ...ORG, dept: { type: 'string' } } as const;
const NAME = { name: { type: 'string' } } as const;

export const ORGANIZATION_COMMANDS = [
  defineCommand({
    name: 'org:update',
    usage: `  org:update   --org <id> [--name <name>] [--industry <text>] [--contact <text>] [--logo <png or jpg file>]
                                              show or change an organisation's info (Organisation info)`,
    options: {
      ...ORG,
      ...NAME,
      industry: { type: 'string' },
      contact: { type: 'string' },
      logo: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'org:update', values, now),
  }),
  defineCommand({
    name: 'dept:list',
    usage: '  dept:list    --org <id>                     show the department tree with ids',
    options: ORG,
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'dept:list', values, now),
  }),
  defineCommand({
    name: 'dept:create',
    usage: `  dept:create  --org <id> --name <name> [--parent <dept id>] [--manager <mobile, email or account id>]
               [--description <text>]         create a department`,
    options: {
      ...ORG,
      ...NAME,
      parent: { type: 'string' },
      manager: { type: 'string' },
      description: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'dept:create', values, now),
  }),
  defineCommand({
    name: 'dept:rename',
    usage: '  dept:rename  --org <id> --dept <id> --name <name>',
    options: { ...DEPT, ...NAME },
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'dept:rename', values, now),
  }),
  defineCommand({
    name: 'dept:move',
    usage: `  dept:move    --org <id> --dept <id> (--parent <dept id> | --top)
                                              move a department (never under itself or its sub-departments)`,
    options: { ...DEPT, parent: { type: 'string' }, top: { type: 'boolean' } },
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'dept:move', values, now),
  }),
  defineCommand({
    name: 'dept:set',
    usage:
      '  dept:set     --org <id> --dept <id> [--manager <mobile, email or id> | --no-manager] [--description <text>]',
    options: {
      ...DEPT,
      manager: { type: 'string' },
      'no-manager': { type: 'boolean' },
      description: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'dept:set', values, now),
  }),
  defineCommand({
    name: 'dept:delete',
    usage:
      '  dept:delete  --org <id> --dept <id>         delete a department with no sub-departments and no members',
    options: DEPT,
    run: ({ db, now }, { values }) => runOrganizationCommand(db, 'dept:delete', values, now),
  }),
];
