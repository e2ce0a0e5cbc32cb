/** Headers, footer and the user menu. */
export const layout = {
  personalCenter: '个人中心',
  logout: '退出登录',
  language: '语言',
  uiVersion: { toNostalgia: '切换到经典版', toNew: '切换到新版' },
  navigation: '主导航',
  home: '工作台',
  userMenu: '用户菜单',
  uiVersionLabel: '界面版本',
  classicBadge: '经典版',
  footer: {
    agreement: '服务协议',
    disclaimer: '免责声明',
    privacy: '隐私政策',
    company: '公司介绍',
    contact: '联系我们',
    copyright: '© {{year}} 研发平台',
  },
};
