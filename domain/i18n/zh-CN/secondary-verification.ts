/** The security verification at sign-in (/mobileVerify) and its setting under system settings. */
export const secondaryVerification = {
  title: '安全验证',
  intro: '为了账号安全，本次登录还需要验证您的身份，请选择接收验证码的方式：',
  introSingle: '为了账号安全，本次登录还需要验证码，验证码将发送至 {{target}}',
  byPhone: '手机 {{target}}',
  byEmail: '邮箱 {{target}}',
  code: '验证码',
  codePlaceholder: '请输入 6 位验证码',
  sendCode: '获取验证码',
  resendIn: '{{seconds}} 秒后重新获取',
  codeSent: '验证码已发送至 {{target}}，{{minutes}} 分钟内有效',
  submit: '验证并登录',
  backToLogin: '返回登录',
  expired: '安全验证已失效，请重新登录',
  mail: {
    subject: '研发平台账号中心：登录验证码',
    body: '您的登录验证码是 {{code}}，{{minutes}} 分钟内有效。如果这不是您本人在登录，说明您的密码已被他人知晓，请立即修改密码。',
  },
  setting: {
    title: '登录安全验证',
    intro: '开启后，成员输入正确的密码（或域账号密码）后，还需输入发送到其手机或邮箱的验证码才能登录。',
    modes: {
      off: '关闭',
      'new-device': '新设备或新 IP 登录时',
      always: '每次登录',
    },
    modeHelp: {
      off: '输入正确的密码即可登录。',
      'new-device': '当设备或 IP 地址从未成功登录过该账号时，需要验证码。',
      always: '每次登录都需要验证码。',
    },
    noContact: '既没有手机号也没有邮箱的成员将无法登录，请先补全其联系方式。',
    saved: '已保存',
    updatedAt: '最近修改：{{time}}',
  },
};
