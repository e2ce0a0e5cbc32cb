import type { AccountInfo } from '../../domain/schemas/account';
import type { AccountRow } from '../db/tables';

/** The columns AccountInfo is made of. */
export type AccountInfoColumns = Pick<
  AccountRow,
  'id' | 'real_name' | 'photo' | 'mobile' | 'email' | 'is_org_admin'
>;

/**
 * SPEC §3 AccountInfo of an account: what the session info, the basic-info page and the readable cookie
 * show of it. The account name is the email when there is one, else the mobile number.
 */
export function presentAccountInfo(account: AccountInfoColumns): AccountInfo {
  return {
    ID: Number(account.id),
    RealName: account.real_name,
    Photo: account.photo,
    Account: account.email ?? account.mobile ?? '',
    MobilePhone: account.mobile ?? '',
    Email: account.email ?? '',
    IsOrganAdmin: account.is_org_admin === 1 ? 1 : 0,
  };
}
