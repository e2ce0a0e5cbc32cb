/** Errors of member management, under errors.members. */
export const memberErrors = {
  noneSelected: '请至少选择一名成员',
  tooMany: '一次最多选择 100 名成员',
  cannotRemoveSelf: '不能移除自己',
  cannotRevokeOwnAdmin: '不能取消自己的管理员权限',
  notOnSelf: '该操作只能用于其他成员',
  lastAdmin: '组织至少需要保留一名管理员',
  accountTaken: '该手机号或邮箱已被使用',
  unknownDepartment: '部门不存在',
  unknownSuperior: '直属上级须为本组织的成员',
  superiorSelf: '不能将成员设为自己的直属上级',
  unknownProduct: '组织未获得产品 {{product}} 的授权',
  domainAccount: '域账号的密码由域服务器管理，不能在此重置',
};
