/** 应用凭证页（开放能力 > 应用凭证）：获取密钥、接口调用、测试三步。 */
export const appCredential = {
  title: '应用凭证',
  intro: '贵组织的系统用应用密钥换取访问令牌（accessToken），再用令牌调用开放接口。',
  steps: { key: '获取密钥', invoke: '接口调用', test: '测试' },
  key: {
    none: '还没有应用凭证。填写名称后创建：应用密钥（AppSecret）只显示这一次。',
    name: '应用名称',
    namePlaceholder: '例如：人事系统同步',
    create: '创建应用凭证',
    save: '保存名称',
    saved: '名称已保存',
    appKey: 'AppKey',
    appSecret: 'AppSecret',
    issuedAt: '密钥生成于 {{time}}',
    regenerate: '重新生成密钥',
    regenerateConfirm: '重新生成后，旧密钥和用它换取的所有访问令牌立即失效。确定继续吗？',
    newSecretTitle: '新的 AppSecret',
    newSecretHelp: '请立即复制并妥善保存：关闭后不再显示，只能重新生成。',
    revokedTokens: '已使 {{count}} 个访问令牌失效',
    copy: '复制',
    copied: '已复制',
    done: '我已保存',
  },
  invoke: {
    tokenTitle: '1. 获取访问令牌',
    tokenHelp:
      '以 JSON 提交 appKey 和 appSecret 到 POST {{path}}，返回的 accessToken 有效 {{seconds}} 秒，过期后重新获取。',
    bearerTitle: '2. 调用开放接口',
    bearerHelp:
      '每次调用都在请求头带上 Authorization: Bearer <accessToken>。令牌过期时接口返回 401 并说明已过期。',
  },
  test: {
    intro: '用 AppKey 和 AppSecret 换取一个访问令牌，再用它调用一次接口，检查凭证是否可用。',
    secretPlaceholder: '粘贴 AppSecret',
    run: '测试',
    success: '调用成功：组织「{{org}}」，应用「{{app}}」，令牌有效至 {{time}}',
    failed: '调用失败：{{reason}}',
  },
};

/** 应用凭证的错误。 */
export const appCredentialErrors = {
  exists: '本组织已有应用凭证：如需新的密钥，请重新生成',
  notFound: '应用凭证不存在',
  unknownType: '未知的页面类型',
};

/** 开放接口（访问令牌）的错误。 */
export const openApiErrors = {
  badCredential: 'AppKey 或 AppSecret 不正确',
  badToken: '访问令牌无效或已失效，请重新获取',
  tokenExpired: '访问令牌已过期，请重新获取',
  accountRequired: '新成员须有手机号或邮箱用于登录',
  tooManyItems: '一次最多 1000 条',
  badPath: '部门路径的每一级都不能为空，且不超过 50 个字符',
  inProgress: '使用同一幂等键的请求正在处理中，请稍后重试',
  notQueued: '该请求已不在排队中，不能撤回',
  callNotFound: '请求不存在',
  badDelay: '生效延迟须为 0 到 720 之间的整数小时',
  memberRequired: '请给出成员的外部 ID、手机号或邮箱',
  memberNotFound: '组织中没有这位成员',
  platformRequired: '按第三方账号查询时须给出平台',
  thirdAccountNotFound: '没有这个第三方账号',
  unknownApi: '未知的接口',
};
