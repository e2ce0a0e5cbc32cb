import type { Writable } from 'node:stream';
import type { MessageKey } from '../../domain/i18n';
import type { Language } from '../../domain/constants';
import { translate } from '../core/translate';
import { moduleNameKey, type OperationLogCursor, spreadsheetText } from '../../domain/rules/operation-log';
import type { Repositories } from '../repositories';
import type { OperationLogFilter, OperationLogListRow } from '../repositories/operation-logs-repository';
import { wallClock, writeLogWorkbook } from './login-log-export';
import { renderStoredContent } from '../../domain/rules/operation-log-content';

/** One line of the file, in the user's language; text cells can never start a formula. */
function presentRow(row: OperationLogListRow, language: Language, timeZone: string) {
  const moduleKey = moduleNameKey(row.module);
  const operator = row.operator_id === null ? translate(language, 'governance.operationLog.cliOperator') : '';
  return {
    time: wallClock(row.created_at, timeZone),
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
export async function writeOperationLogWorkbook(
  repos: Pick<Repositories, 'operationLogs'>,
  filter: OperationLogFilter,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  const t = (key: MessageKey) => translate(options.language, key);
  return writeLogWorkbook(
    output,
    t('governance.operationLog.sheetName'),
    [
      {
        key: 'time',
        header: t('governance.operationLog.time'),
        width: 20,
        style: { numFmt: 'yyyy-mm-dd hh:mm:ss' },
      },
      { key: 'operator', header: t('governance.operationLog.operator'), width: 24 },
      { key: 'module', header: t('governance.operationLog.module'), width: 18 },
      { key: 'content', header: t('governance.operationLog.content'), width: 80 },
    ],
    (cursor: OperationLogCursor | null, size) => repos.operationLogs.batchAfter(filter, cursor, size),
    (row) => presentRow(row, options.language, options.timeZone),
  );
}
