import type { ErrorKey } from '../../domain/i18n';
import type { LoginLogRow } from '../../domain/schemas/login-logs';
import type { LoginLogListRow } from '../repositories/login-logs-repository';

/** A login-log row as the API shows it. */
export function presentLoginLogRow(row: LoginLogListRow): LoginLogRow {
  return {
    ID: row.id,
    AccountID: row.account_id,
    Account: row.account,
    RealName: row.real_name,
    LoginTime: row.created_at,
    IP: row.ip,
    Browser: row.browser,
    Product: row.product,
    LoginClient: row.login_client,
    Success: row.success === 1,
    Reason: row.reason as ErrorKey | null,
  };
}
