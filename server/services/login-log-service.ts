import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../../domain/constants';
import type { Database } from '../db/tables';
import { writeLoginLogWorkbook } from '../files/login-log-export';
import { descendantIds } from '../../domain/rules/departments';
import { queryWindow } from '../../domain/rules/login-log';
import { type LogMessage, logList, logMessage, logTime } from '../../domain/rules/operation-log-content';
import type {
  loginLogExportRequestSchema,
  loginLogPageRequestSchema,
  orgLoginLogPageRequestSchema,
} from '../../domain/schemas/login-logs';
import { ApiError } from '../core/errors';
import { type Repositories, readRepositories, withTransaction } from '../repositories';
import type { LoginLogFilter, LoginLogListRow } from '../repositories/login-logs-repository';
import { named } from './member-checks';
import { keysetPage } from './keyset-page';
import type { OrgChangeContext, ServiceContext } from './service-context';

/** What the organisation's list and export are asked to filter on, beyond the member filters. */
interface OrganizationFilterInput {
  range?: 'threeDays' | 'week' | 'month';
  from?: number;
  to?: number;
  accountId?: number;
  keyword?: string;
  deptId?: number;
  result?: 'success' | 'failure';
}

/**
 * The organisation's filter from the session's organisation and what was asked: a department means it and
 * every department below it; one of another organisation (or none) is a 400, not an empty list.
 */
async function organizationFilter(
  repos: Repositories,
  orgId: number,
  input: OrganizationFilterInput,
  now: number,
): Promise<LoginLogFilter> {
  let deptIds: number[] | undefined;
  if (input.deptId !== undefined) {
    const links = await repos.departments.listLinks(orgId);
    if (!links.some((link) => link.id === input.deptId)) {
      throw new ApiError(400, 'errors.loginLog.unknownDepartment');
    }
    deptIds = [input.deptId, ...descendantIds(links, input.deptId)];
  }
  return {
    orgId,
    ...queryWindow(input, now),
    accountId: input.accountId,
    keyword: input.keyword || undefined,
    deptIds,
    success: input.result === undefined ? undefined : input.result === 'success' ? 1 : 0,
  };
}

/** Who reads the login log: a member reads only their own sign-ins, an administrator their organisation's. */
export interface LoginLogReader {
  orgId: number;
  accountId: number;
  isOrgAdmin: boolean;
}

/** One page of the login log a reader may see (SPEC §7 loginLog/page); others' rows only for administrators. */
export async function loginLogPage(
  context: ServiceContext,
  reader: LoginLogReader,
  input: z.output<typeof loginLogPageRequestSchema>,
): Promise<{ total: number; rows: LoginLogListRow[] }> {
  const { accountId, keyword, scope, pageIndex, pageSize } = input;
  const wholeOrganization =
    scope === 'organization' || keyword !== undefined || (accountId ?? reader.accountId) !== reader.accountId;
  if (wholeOrganization && !reader.isOrgAdmin) throw new ApiError(403, 'errors.auth.noPermission');
  const filter: LoginLogFilter = {
    orgId: reader.orgId,
    ...queryWindow(input, context.now),
    accountId: wholeOrganization ? accountId : reader.accountId,
    keyword: keyword || undefined,
  };
  return readRepositories(context.db).loginLogs.page(filter, pageIndex, pageSize);
}

/** One page of the organisation's login log after a cursor, and the cursor of the next page (or null). */
export async function organizationLoginLogPage(
  context: ServiceContext,
  orgId: number,
  input: z.output<typeof orgLoginLogPageRequestSchema>,
): Promise<{ rows: LoginLogListRow[]; nextCursor: string | null }> {
  return keysetPage(input, 'errors.loginLog.invalidCursor', async (cursor, limit) => {
    const repos = readRepositories(context.db);
    return repos.loginLogs.batchAfter(
      await organizationFilter(repos, orgId, input, context.now),
      cursor,
      limit,
    );
  });
}

/** What the operation log says was exported: the member and the department by their names (SPEC §4). */
async function describeExport(
  repos: Pick<Repositories, 'accounts' | 'departments'>,
  orgId: number,
  filter: LoginLogFilter,
): Promise<LogMessage> {
  const account =
    filter.accountId === undefined ? undefined : await repos.accounts.findById(orgId, filter.accountId);
  const department = filter.deptIds ? await repos.departments.findById(orgId, filter.deptIds[0]) : undefined;
  const who = account
    ? logMessage('operationLog.words.memberNamed', named(account))
    : filter.accountId !== undefined
      ? logMessage('operationLog.words.accountNumber', { id: filter.accountId })
      : filter.keyword
        ? logMessage('operationLog.words.membersMatching', { keyword: filter.keyword })
        : logMessage('operationLog.words.allMembers');
  const only = logList([
    ...(department ? [logMessage('operationLog.words.departmentNamed', { name: department.name })] : []),
    ...(filter.success === undefined
      ? []
      : [logMessage(filter.success === 1 ? 'operationLog.words.successes' : 'operationLog.words.failures')]),
  ]);
  const range = { who, from: logTime(filter.from), to: logTime(filter.to) };
  return only.list.length > 0
    ? logMessage('operationLog.content.loginLogExportedOnly', { ...range, only })
    : logMessage('operationLog.content.loginLogExported', range);
}

/**
 * Starts an export of the organisation's login log: checks the filter and writes the operation-log row that
 * says what was exported; answers the filter the workbook is then streamed with.
 */
export async function startLoginLogExport(
  context: OrgChangeContext,
  input: z.output<typeof loginLogExportRequestSchema>,
): Promise<LoginLogFilter> {
  const { db, orgId, operator, now } = context;
  const filter = await organizationFilter(readRepositories(db), orgId, input, now);
  await withTransaction(db, async (repos) =>
    repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'loginLog',
      content: await describeExport(repos, orgId, filter),
      now,
    }),
  );
  return filter;
}

/** Streams the login log of a filter (from startLoginLogExport) as a workbook into `output`. */
export function loginLogWorkbook(
  db: Kysely<Database>,
  filter: LoginLogFilter,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  return writeLoginLogWorkbook(readRepositories(db), filter, options, output);
}
