/** The card-mode home (work table). */
export const home = {
  greeting: '你好，{{name}}',
  myApps: '我的应用',
  moreApps: '更多应用',
  enter: '进入',
  detail: '详情',
  setting: '设置',
  unauthorized: '未授权',
  noApps: '暂无已授权的应用，请联系管理员',
  noMoreApps: '已拥有全部应用',
  contactSales: '如需开通，请联系管理员或客服',
  subtitle: '{{org}} · 选择一个应用开始工作',
  myAppsHint: '已为你开通的产品',
  moreAppsHint: '尚未为你开通的产品',
  openInNewTab: '在新标签页中打开',
};
