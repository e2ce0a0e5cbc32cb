import type { Kysely } from 'kysely';
import type { Language } from '../../domain/constants';
import type { MessageKey } from '../../domain/i18n';
import { type FlatDepartment, sameDepartmentName } from '../../domain/rules/departments';
import { parseMemberAccount } from '../../domain/rules/members';
import type { OpenDepartmentItem, OpenItemProblem, OpenMemberItem } from '../../domain/schemas/open-sync';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator';
import { translate } from '../core/translate';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories } from '../repositories';
import { createDepartment, deleteDepartment, updateDepartment } from './departments-service';
import { removeMembers, restoreMembers } from './member-batch-service';
import { addMember, updateMember } from './members-service';
import type { OrgChangeContext } from './service-context';

/** Who an open call acts for: its organisation and the app, named in the operation log. */
export interface OpenActor {
  orgId: number;
  appName: string;
  appKey: string;
}

/** What one members or departments call applied, and why the rest was not. */
export interface OpenSyncOutcome {
  applied: number;
  problems: OpenItemProblem[];
}

/** The operation log's operator of an open call: the app, by name and key (no administrator made it). */
export function appOperator(actor: OpenActor): Operator {
  return { id: null, name: `${actor.appName} (${actor.appKey})`.slice(0, 100) };
}

/** The open call's change context: the app as the operator, in its organisation. */
export function appChangeContext(db: Kysely<Database>, actor: OpenActor, now: number): OrgChangeContext {
  return { db, now, orgId: actor.orgId, operator: appOperator(actor) };
}

/** Applies each item on its own (each through the screens' services, in their transactions). */
export async function eachItem<T>(
  items: readonly T[],
  language: Language,
  apply: (item: T) => Promise<void>,
): Promise<OpenSyncOutcome> {
  const problems: OpenItemProblem[] = [];
  let applied = 0;
  for (const [index, item] of items.entries()) {
    try {
      await apply(item);
      applied += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push({
        index,
        key: error.key,
        params: error.params ?? {},
        message: translate(language, error.key as MessageKey, error.params),
      });
    }
  }
  return { applied, problems };
}

/** Departments of the organisation by path (`A/B`), read once per call and kept up to date as it creates. */
function departmentPaths(context: OrgChangeContext, repos: Repositories) {
  let flat: FlatDepartment[] | null = null;
  const load = async () => (flat ??= await repos.departments.listFlat(context.orgId));
  const child = (rows: FlatDepartment[], parentId: number | null, name: string) =>
    rows.find((row) => row.ParentID === parentId && sameDepartmentName(row.Name, name));
  const parts = (path: string) => path.split('/').map((part) => part.trim());

  return {
    async find(path: string): Promise<number | undefined> {
      const rows = await load();
      let parentId: number | null = null;
      for (const name of parts(path)) {
        const found = child(rows, parentId, name);
        if (!found) return undefined;
        parentId = found.ID;
      }
      return parentId ?? undefined;
    },
    /** The department at `path`, creating it and any missing superior through the screens' service. */
    async ensure(path: string): Promise<number> {
      let parentId: number | null = null;
      for (const name of parts(path)) {
        const found = child(await load(), parentId, name);
        if (found) {
          parentId = found.ID;
          continue;
        }
        parentId = await createDepartment(context, { Name: name, ParentID: parentId });
        flat = null;
      }
      return parentId!;
    },
    forget: () => {
      flat = null;
    },
    split: (path: string) => {
      const all = parts(path);
      return { parent: all.slice(0, -1).join('/'), name: all[all.length - 1] };
    },
  };
}

/** The member a mobile or email names in the organisation, as a department's manager. */
async function managerId(repos: Repositories, orgId: number, account: string): Promise<number> {
  const parsed = parseMemberAccount(account);
  const found =
    parsed.kind === 'invalid'
      ? undefined
      : await repos.openCalls.memberByName(orgId, parsed.kind, parsed.value);
  if (!found || found.status === 'removed') throw new ApiError(400, 'errors.departments.managerNotMember');
  return found.id;
}

/** An item's sign-in name, checked: a mobile number first, else an email. */
function signInName(item: OpenMemberItem) {
  const given = item.mobile || item.email;
  if (!given) return null;
  const parsed = parseMemberAccount(given);
  if (parsed.kind === 'invalid') throw new ApiError(400, parsed.key);
  return { text: given, ...parsed };
}

/**
 * POST /api/Sdk/ucapi/members: upserts each member by external id, else mobile, else email, through the
 * members screen's services (their checks, transactions and operation-log rows, the app as operator).
 */
export async function syncMembers(
  db: Kysely<Database>,
  actor: OpenActor,
  items: readonly OpenMemberItem[],
  language: Language,
  now: number,
): Promise<OpenSyncOutcome> {
  const repos = readRepositories(db);
  const context = appChangeContext(db, actor, now);
  const departments = departmentPaths(context, repos);
  const { orgId } = actor;
  return eachItem(items, language, async (item) => {
    const name = signInName(item);
    let found: { id: number; status: string } | undefined;
    if (item.externalId) {
      const id = await repos.openCalls.externalTarget(orgId, 'member', item.externalId);
      const status = id === undefined ? undefined : await repos.openCalls.memberStatus(orgId, id);
      if (id !== undefined && status) found = { id, status };
    }
    for (const kind of ['mobile', 'email'] as const) {
      const value = item[kind];
      if (found || !value) continue;
      const parsed = parseMemberAccount(value);
      if (parsed.kind === kind) found = await repos.openCalls.memberByName(orgId, kind, parsed.value);
    }
    const deptId =
      item.departmentPath === undefined ? undefined : await departments.ensure(item.departmentPath);
    let id: number;
    if (!found) {
      if (!name) throw new ApiError(400, 'errors.openApi.accountRequired');
      const added = await addMember(context, {
        account: name.text,
        realName: item.name,
        deptId: deptId ?? null,
        superiorId: null,
        products: item.products ?? [],
        language,
        withoutPassword: true,
      });
      id = added.id;
      if (item.disabled === true) await removeMembers(context, [id]);
    } else {
      id = found.id;
      if (found.status === 'removed' && item.disabled === false) await restoreMembers(context, [id]);
      if (found.status !== 'removed' || item.disabled === false) {
        await updateMember(context, id, {
          realName: item.name,
          ...(name ? { account: name.text } : {}),
          ...(deptId === undefined ? {} : { deptId }),
        });
      }
      if (found.status !== 'removed' && item.disabled === true) await removeMembers(context, [id]);
    }
    if (item.externalId) await repos.openCalls.setExternalTarget(orgId, 'member', item.externalId, id);
  });
}

/**
 * POST /api/Sdk/ucapi/departments: creates (with missing superiors), moves (a known external id with a new
 * path) and deletes departments through the departments screen's services, the app as operator.
 */
export async function syncDepartments(
  db: Kysely<Database>,
  actor: OpenActor,
  items: readonly OpenDepartmentItem[],
  language: Language,
  now: number,
): Promise<OpenSyncOutcome> {
  const repos = readRepositories(db);
  const context = appChangeContext(db, actor, now);
  const paths = departmentPaths(context, repos);
  const { orgId } = actor;
  return eachItem(items, language, async (item) => {
    const known = item.externalId
      ? await repos.openCalls.externalTarget(orgId, 'department', item.externalId)
      : undefined;
    const existing =
      known !== undefined && (await repos.departments.findById(orgId, known))
        ? known
        : await paths.find(item.path);
    if (item.delete) {
      if (existing === undefined) throw new ApiError(404, 'errors.departments.notFound');
      await deleteDepartment(context, existing);
      await repos.openCalls.forgetExternalTarget(orgId, 'department', existing);
      paths.forget();
      return;
    }
    const manager = item.manager ? await managerId(repos, orgId, item.manager) : undefined;
    let id: number;
    if (existing === undefined) {
      id = await paths.ensure(item.path);
      if (manager !== undefined) await updateDepartment(context, id, { ManagerID: manager });
    } else {
      id = existing;
      const { parent, name } = paths.split(item.path);
      const parentId = parent ? await paths.ensure(parent) : null;
      await updateDepartment(context, id, {
        Name: name,
        ParentID: parentId,
        ...(manager === undefined ? {} : { ManagerID: manager }),
      });
      paths.forget();
    }
    if (item.externalId) await repos.openCalls.setExternalTarget(orgId, 'department', item.externalId, id);
  });
}
