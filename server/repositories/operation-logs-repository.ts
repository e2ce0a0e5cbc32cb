import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

export interface OperationLogEntry {
  orgId: number;
  operatorId: number | null;
  /** The operator's name at the time, or `operator-cli` for commands run on the server. */
  operatorName: string;
  module: string;
  content: string;
  now: number;
}

/** The administrators' audit trail; written in the same transaction as the change it records. */
export function createOperationLogsRepository(db: Kysely<Database>) {
  return {
    async insert(entry: OperationLogEntry): Promise<void> {
      await db
        .insertInto('operation_logs')
        .values({
          org_id: entry.orgId,
          operator_id: entry.operatorId,
          operator_name: entry.operatorName,
          module: entry.module,
          content: entry.content.slice(0, 2000),
          created_at: entry.now,
        })
        .execute();
    },
  };
}
