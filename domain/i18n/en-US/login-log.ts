import type { Catalogue } from '../catalogue-type';
import type { loginLog as zh } from '../zh-CN/login-log';

/** The login log (personal centre) and its export. */
export const loginLog: Catalogue<typeof zh> = {
  title: 'Login log',
  subtitle: 'Every sign-in attempt on your account, failed ones included',
  rangeLabel: 'Period',
  ranges: { threeDays: 'Last 3 days', week: 'Last week', month: 'Last month' },
  columns: {
    time: 'Login time',
    account: 'Account',
    realName: 'Name',
    ip: 'IP address',
    browser: 'Browser',
    product: 'Product',
    client: 'Client',
    result: 'Result',
    reason: 'Reason',
  },
  success: 'Succeeded',
  failed: 'Failed',
  empty: 'No sign-ins in this period',
  total: '{{total}} in total',
  export: 'Export organisation log',
  exportHint: "Downloads every member's sign-ins in this period as an Excel file",
  exported: 'Exported',
  loadMore: 'Load more',
  noMore: 'No more',
  clients: {
    pc: 'Desktop browser',
    mobile: 'Phone browser',
    dingtalk: 'DingTalk',
    feishu: 'Feishu',
    wechat: 'WeChat',
    wecom: 'WeCom',
  },
  sheetName: 'Login log',
  fileName: 'login-log',
};
