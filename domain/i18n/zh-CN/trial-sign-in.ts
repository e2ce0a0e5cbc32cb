/** Trial sign-in (/trial) with a mobile number and a code, and the demo site it leads to. */
export const trialSignIn = {
  title: '试用登录',
  subtitle: '使用已开通试用的手机号和短信验证码登录演示环境',
  submit: '登录演示环境',
  codeSent: '如该手机号已开通试用，验证码已发送，{{minutes}} 分钟内有效',
  noTrial: '还没有试用账号？',
  apply: '申请试用',
  passwordLogin: '账号密码登录',
  signedInTitle: '您正在试用',
  signedIn: '{{org}} · 试用期至 {{date}}',
  openDemo: '进入演示环境',
  signOut: '退出试用',
  expiredTitle: '试用已结束',
  demoTitle: '演示环境',
  demoFor: '{{name}}（{{org}}）正在试用，试用期至 {{date}}',
  demoIntro: '试用账号可以浏览以下产品的演示内容，正式开通请联系客服。',
  demoNoProducts: '您申请的产品暂无演示内容，请联系客服为您安排演示。',
  demoSignedOut: '您尚未以试用账号登录。',
  demoSignIn: '试用登录',
  demoLeave: '退出试用',
};

/** Errors of the trial sign-in: errors.trialSignIn. */
export const trialSignInErrors = {
  demoOnly: '试用账号只能访问演示环境',
};
