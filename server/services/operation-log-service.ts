import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../../domain/constants';
import type { Database } from '../db/tables';
import { writeOperationLogWorkbook } from '../files/operation-log-export';
import { queryWindow } from '../../domain/rules/login-log';
import { logMessage, logTime } from '../../domain/rules/operation-log-content';
import type {
  operationLogExportRequestSchema,
  operationLogPageRequestSchema,
} from '../../domain/schemas/operation-logs';
import { readRepositories, withTransaction } from '../repositories';
import type { OperationLogFilter, OperationLogListRow } from '../repositories/operation-logs-repository';
import { keysetPage } from './keyset-page';
import type { OrgChangeContext, ServiceContext } from './service-context';

/** The filter of the organisation's operation log from what was asked, over the window ending at `now`. */
function filterOf(
  orgId: number,
  body: {
    range?: 'threeDays' | 'week' | 'month';
    from?: number;
    to?: number;
    module?: string;
    operator?: number | 'cli';
    keyword?: string;
  },
  now: number,
): OperationLogFilter {
  return {
    orgId,
    ...queryWindow(body, now),
    module: body.module || undefined,
    operator: body.operator,
    keyword: body.keyword || undefined,
  };
}

/** One page of the organisation's operation log after a cursor, and the cursor of the next page (or null). */
export async function operationLogPage(
  context: ServiceContext,
  orgId: number,
  input: z.output<typeof operationLogPageRequestSchema>,
): Promise<{ rows: OperationLogListRow[]; nextCursor: string | null }> {
  return keysetPage(input, 'errors.operationLog.invalidCursor', (cursor, limit) =>
    readRepositories(context.db).operationLogs.batchAfter(filterOf(orgId, input, context.now), cursor, limit),
  );
}

/** Starts an export of the operation log: writes the row that says so, answers the workbook's filter. */
export async function startOperationLogExport(
  context: OrgChangeContext,
  input: z.output<typeof operationLogExportRequestSchema>,
): Promise<OperationLogFilter> {
  const { db, orgId, operator, now } = context;
  const filter = filterOf(orgId, input, now);
  await withTransaction(db, (repos) =>
    repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'operationLog',
      content: logMessage('operationLog.content.operationLogExported', {
        from: logTime(filter.from),
        to: logTime(filter.to),
      }),
      now,
    }),
  );
  return filter;
}

/** Everyone the organisation's operation log names as operator (the screen's operator filter). */
export function operationLogOperators(db: Kysely<Database>, orgId: number) {
  return readRepositories(db).operationLogs.operators(orgId);
}

/** Streams the operation log of a filter (from startOperationLogExport) as a workbook into `output`. */
export function operationLogWorkbook(
  db: Kysely<Database>,
  filter: OperationLogFilter,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  return writeOperationLogWorkbook(readRepositories(db), filter, options, output);
}
