/** Organisation > Active users (SPEC §2 statistics): DAU and MAU from successful sign-ins. */
export const activeUsers = {
  title: '活跃用户',
  subtitle:
    '按天（日活跃用户 DAU）或按月（月活跃用户 MAU）统计成功登录过的成员人数，同一成员在同一天或同一月内只计一次',
  granularity: { day: '日活跃（DAU）', month: '月活跃（MAU）' },
  quick: {
    days7: '最近 7 天',
    days30: '最近 30 天',
    days90: '最近 90 天',
    months6: '最近 6 个月',
    months12: '最近 12 个月',
  },
  search: '查询',
  period: { day: '日期', month: '月份' },
  activeUsers: '活跃用户数',
  signIns: '成功登录次数',
  summary: {
    activeUsers: '区间内活跃用户',
    signIns: '区间内成功登录',
    members: '组织成员',
    average: '平均每期活跃',
  },
  chartTitle: '活跃用户趋势',
  tableTitle: '明细',
  empty: '所选范围内没有成功登录的成员',
  limits: '按天最多 {{days}} 天，按月最多 {{months}} 个月',
};

/** errors.activeUsers: a report range that cannot be answered. */
export const activeUsersErrors = {
  invalidDate: '请选择正确的日期',
  invalidRange: '结束日期不能早于开始日期',
  tooManyDays: '按天统计最多选择 {{max}} 天',
  tooManyMonths: '按月统计最多选择 {{max}} 个月',
};
