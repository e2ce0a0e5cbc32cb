/** Password change, its live rule hints and the forced-change notices. */
export const password = {
  modify: {
    title: '修改密码',
    oldPassword: '旧密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    oldPlaceholder: '请输入旧密码',
    newPlaceholder: '请输入新密码',
    confirmPlaceholder: '请再次输入新密码',
    submit: '确定修改',
    logout: '退出登录',
    changed: '密码已修改，其他设备上的登录已退出。',
  },
  reasons: {
    initial: '您正在使用初始密码登录，请先设置自己的密码。',
    expired: '您的密码已过期，请设置新密码。',
    weak: '您的密码不符合组织的密码策略，请修改密码。',
  },
  rules: {
    title: '密码要求',
    length: '长度 {{min}}-{{max}} 个字符',
    upper: '包含大写字母',
    lower: '包含小写字母',
    digit: '包含数字',
    symbol: '包含符号（如 !@#$%）',
    letter: '包含字母',
    common: '不能是常见或已泄露的密码',
    history: '不能与当前密码及最近 {{count}} 个密码相同',
    current: '不能与当前密码相同',
  },
};
