import type { Writable } from 'node:stream';
import type { Language } from '../../domain/constants';
import { translate } from '../core/translate';
import { moduleNameKey, spreadsheetText } from '../../domain/rules/operation-log';
import type { Repositories } from '../repositories';
import type { OperationLogFilter, OperationLogListRow } from '../repositories/operation-logs-repository';
import { type LogSheet, writeLogWorkbook } from './log-workbook';
import { renderStoredContent } from '../../domain/rules/operation-log-content';

/** One line of the file after its time, in the user's language; text cells can never start a formula. */
function presentRow(row: OperationLogListRow, language: Language, timeZone: string) {
  const moduleKey = moduleNameKey(row.module);
  const operator = row.operator_id === null ? translate(language, 'governance.operationLog.cliOperator') : '';
  return {
    operator: spreadsheetText(operator ? `${operator} (${row.operator_name})` : row.operator_name),
    module: spreadsheetText(moduleKey ? translate(language, moduleKey) : row.module),
    content: spreadsheetText(renderStoredContent(language, row, timeZone)),
  };
}

/**
 * Writes the organisation's operation log for a filter as an .xlsx workbook into `output`, newest first,
 * a batch at a time through the streaming workbook writer, like the login-log export.
 * Every text cell goes through spreadsheetText, so a name or content such as `=HYPERLINK(...)` stays text.
 * Resolves with the number of rows written.
 */
export function writeOperationLogWorkbook(
  repos: Pick<Repositories, 'operationLogs'>,
  filter: OperationLogFilter,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  const sheet: LogSheet<OperationLogListRow> = {
    sheetName: 'governance.operationLog.sheetName',
    timeHeader: 'governance.operationLog.time',
    columns: [
      { key: 'operator', header: 'governance.operationLog.operator', width: 24 },
      { key: 'module', header: 'governance.operationLog.module', width: 18 },
      { key: 'content', header: 'governance.operationLog.content', width: 80 },
    ],
    nextBatch: (cursor, size) => repos.operationLogs.batchAfter(filter, cursor, size),
    present: presentRow,
  };
  return writeLogWorkbook(sheet, options, output);
}
