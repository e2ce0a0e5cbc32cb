import type { MemberListRow } from '../repositories/members-repository';

/** A row of the administrators' member list as the API answers it. */
export const presentMemberListRow = (row: MemberListRow) => ({
  ID: row.id,
  RealName: row.real_name,
  MobilePhone: row.mobile,
  Email: row.email,
  DeptID: row.dept_id,
  DeptName: row.dept_name,
  SuperiorID: row.superior_id,
  SuperiorName: row.superior_name,
  IsOrganAdmin: row.is_org_admin,
  Locked: row.status === 'locked',
  Products: row.products,
  RegisterTime: Number(row.created_at),
  LastLoginTime: row.last_login_at === null ? null : Number(row.last_login_at),
});
