/** Personal-centre pages. */
export const account = {
  basicInfo: {
    title: '基本信息',
    realName: '姓名',
    account: '账号',
    mobile: '手机号',
    email: '邮箱',
    organization: '组织',
    department: '部门',
    role: '角色',
    admin: '组织管理员',
    member: '普通成员',
    registerTime: '注册时间',
    lastLoginTime: '上次登录',
  },
};
