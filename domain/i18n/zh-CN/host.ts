/** Sign-in inside a chat host (DingTalk, Feishu, WeCom, WeChat): the entry pages and the link to an account. */
export const host = {
  names: { dingtalk: '钉钉', feishu: '飞书', wecom: '企业微信', wechat: '微信' },
  signingIn: '正在通过{{host}}登录…',
  signingInHint: '正在从{{host}}获取您的身份，请稍候',
  noAccountTitle: '未找到您的账号',
  noAccount:
    '您的{{host}}身份尚未关联本平台的账号。请联系组织管理员为您开通账号；如果您已有账号，请使用账号密码登录，登录后将自动关联，下次在{{host}}中打开即可免登录。',
  failedTitle: '无法通过{{host}}登录',
  usePassword: '使用账号密码登录',
  retry: '重试',
  bindNotice: '登录后将关联您的{{host}}身份，下次在{{host}}中打开将自动登录',
};
