/** Errors of the organisation's governance settings: errors.ipWhitelist, .passwordPolicy and .operationLog. */
export const governanceErrors = {
  ipWhitelist: {
    invalidLine: '第 {{row}} 行无效，请检查 IP 地址',
    tooManyLines: 'IP 白名单最多 {{max}} 行',
    excludesCurrent: '您当前的 IP 地址 {{ip}} 不在白名单内，从该地址登录的成员将被禁止访问',
    noneSelected: '请至少选择一名成员',
    tooMany: '一次最多选择 100 名成员',
    unknownMember: '所选成员不属于本组织',
  },
  passwordPolicy: {
    minLength: '最小长度须为 {{min}} 到 {{max}} 之间的整数',
    maxLength: '最大长度须为 {{min}} 到 {{max}} 之间的整数，且不小于最小长度',
    expiry: '请选择有效期：永久、10 分钟、30 分钟、1 小时、24 小时或 1 到 120 个月',
    historyDepth: '历史密码次数须为 {{min}} 到 {{max}} 之间的整数',
    lockAfter: '锁定次数须为 {{min}} 到 {{max}} 之间的整数',
  },
  operationLog: {
    invalidWindow: '请选择正确的时间范围（最长 1 年）',
    invalidCursor: '分页参数已失效，请重新查询',
  },
};
