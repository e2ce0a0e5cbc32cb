/** System settings > General: the organisation's configuration by category (SPEC §7 Settings). */
export const orgConfig = {
  tab: '通用设置',
  intro: '组织级配置，保存后对本组织全部成员生效。部署方关闭的模块在此无法开启。',
  categories: {
    modules: '功能模块',
    security: '登录安全',
    session: '会话',
  },
  categoryIntro: {
    modules: '关闭后，本组织成员将看不到对应的入口。',
    security: '成员输入正确密码后，是否还需输入发送到手机或邮箱的验证码。',
    session: '成员一段时间无操作后锁定屏幕，需重新输入密码解锁。',
  },
  keys: {
    reset: '忘记密码（自助重置）',
    appDownload: 'App 下载',
    signInVerification: '安全验证',
    lockIdleMinutes: '无操作锁屏时间',
  },
  help: {
    reset: '关闭后，本组织成员无法通过验证码自助重置密码，需联系管理员重置。',
    appDownload: '关闭后，成员菜单中不显示 App 下载入口。',
    lockIdleMinutes: '0 表示不另行设置（部署方设置的锁屏时间仍然有效）；最长 {{max}} 分钟。',
  },
  options: {
    signInVerification: {
      off: '关闭',
      'new-device': '新设备或新地址登录时',
      always: '每次登录',
    },
  },
  minutes: '分钟',
  deploymentOff: '部署方已关闭此模块',
  on: '开启',
  off: '关闭',
  save: '保存',
  saved: '{{category}}已保存',
  defaultValue: '默认：{{value}}',
  dictionary: {
    configCategory: '配置分类',
    module: '功能模块',
    secondaryVerificationMode: '安全验证方式',
    modules: { reset: '忘记密码', register: '申请试用', appDownload: 'App 下载' },
  },
};

/** Errors of the organisation configuration endpoints (errors.orgConfig). */
export const orgConfigErrors = {
  unknownKey: '不存在的配置项',
  unknownCategory: '不存在的配置分类',
  unknownRecordType: '不存在的字典类型',
  invalidValue: '配置值格式错误',
  notSwitch: '请选择开启或关闭',
  range: '请输入 {{min}} 到 {{max}} 之间的整数',
  option: '请选择以下之一：{{options}}',
  deploymentOff: '部署方已关闭此模块，组织无法开启',
  resetOff: '您的组织未开放自助重置密码，请联系管理员重置',
};
