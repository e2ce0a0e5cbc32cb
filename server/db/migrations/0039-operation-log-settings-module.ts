import { type Kysely, sql } from 'kysely';

/**
 * Watermark and electronic-signature changes are made on System settings' tabs, but were filed under the
 * password policy's module ('security'), so the operation log's module filter hid them (issue 23). Rows
 * already written move to 'systemSetting', where new ones now go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update operation_logs set module = 'systemSetting'
    where module = 'security'
      and content_key in ('operationLog.content.watermarkSet', 'operationLog.content.esignSet')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update operation_logs set module = 'security'
    where module = 'systemSetting'
      and content_key in ('operationLog.content.watermarkSet', 'operationLog.content.esignSet')`.execute(db);
}
