import type { Writable } from 'node:stream';
import type { MessageKey } from '../../domain/i18n';
import type { Language } from '../../domain/constants';
import { translate, translateIfKnown } from '../core/translate';
import { clientNameKey, productNameKey } from '../../domain/rules/login-log';
import { spreadsheetText } from '../../domain/rules/operation-log';
import type { LoginLogFilter, LoginLogListRow } from '../repositories/login-logs-repository';
import type { Repositories } from '../repositories';
import { type LogSheet, writeLogWorkbook } from './log-workbook';

/** One line of the file after its time, in the user's language. */
function presentRow(row: LoginLogListRow, language: Language) {
  const t = (key: MessageKey) => translate(language, key);
  const product = productNameKey(row.product);
  const client = clientNameKey(row.login_client);
  // The account typed at sign-in, the browser and unknown codes come from whoever signed in (or tried):
  // every text cell goes through spreadsheetText so `=HYPERLINK(...)` typed as an account stays text.
  return {
    account: spreadsheetText(row.account),
    realName: spreadsheetText(row.real_name ?? ''),
    department: spreadsheetText(row.department ?? ''),
    ip: spreadsheetText(row.ip),
    browser: spreadsheetText(row.browser),
    product: spreadsheetText(product ? t(product) : row.product),
    client: spreadsheetText(client ? t(client) : row.login_client),
    result: t(row.success === 1 ? 'loginLog.success' : 'loginLog.failed'),
    reason: row.reason ? spreadsheetText(translateIfKnown(language, row.reason)) : '',
  };
}

/**
 * Writes the organisation's login log for a filter as an .xlsx workbook into `output`, newest first, one
 * batch of rows at a time (streamed as it is read, see writeLogWorkbook). Resolves
 * with the number of rows written once the workbook is complete.
 */
export function writeLoginLogWorkbook(
  repos: Pick<Repositories, 'loginLogs'>,
  filter: LoginLogFilter,
  options: { language: Language; timeZone: string },
  output: Writable,
): Promise<number> {
  const sheet: LogSheet<LoginLogListRow> = {
    sheetName: 'loginLog.sheetName',
    timeHeader: 'loginLog.columns.time',
    columns: [
      { key: 'account', header: 'loginLog.columns.account', width: 28 },
      { key: 'realName', header: 'loginLog.columns.realName', width: 16 },
      { key: 'department', header: 'loginLog.columns.department', width: 18 },
      { key: 'ip', header: 'loginLog.columns.ip', width: 18 },
      { key: 'browser', header: 'loginLog.columns.browser', width: 14 },
      { key: 'product', header: 'loginLog.columns.product', width: 20 },
      { key: 'client', header: 'loginLog.columns.client', width: 14 },
      { key: 'result', header: 'loginLog.columns.result', width: 10 },
      { key: 'reason', header: 'loginLog.columns.reason', width: 36 },
    ],
    nextBatch: (cursor, size) => repos.loginLogs.batchAfter(filter, cursor, size),
    present: presentRow,
  };
  return writeLogWorkbook(sheet, options, output);
}
