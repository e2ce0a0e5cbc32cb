/** The sign-in screens. */
export const login = {
  title: '欢迎登录',
  subtitle: '一个账号，畅享全部研发产品',
  account: '账号',
  accountPlaceholder: '请输入手机号或邮箱',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  autoLogin: '1 天内自动登录',
  agreePrefix: '我已阅读并同意',
  agreement: '《服务协议》',
  and: '和',
  privacy: '《隐私政策》',
  submit: '登录',
  forgotPassword: '忘记密码',
  register: '申请试用',
  loginTypes: { normal: '账号登录', ad: '域账号登录', sso: '单点登录' },
  forcedLogoutTitle: '请重新登录',
};
