/** The work table (the card-mode home): an app's detail, the member's own settings, the guided tour. */
export const workTable = {
  detailTitle: '应用详情',
  name: '名称',
  description: '简介',
  url: '访问地址',
  noUrl: '尚未配置访问地址',
  licence: '授权状态',
  licensed: '已授权',
  unlicensed: '未授权',
  pin: '置顶',
  unpin: '取消置顶',
  pinned: '已置顶',
  hide: '在工作台隐藏',
  show: '恢复显示',
  hiddenApps: '已隐藏 {{count}} 个',
  hiddenTitle: '已隐藏的应用',
  saved: '设置已保存',
  close: '关闭',
  settingFor: '{{name}} 的设置',
  tour: {
    myAppsTitle: '我的应用',
    myApps: '这里是已为您开通的产品，点击卡片即可进入。',
    moreAppsTitle: '更多应用',
    moreApps: '组织或平台的其他产品，如需开通请联系管理员。',
    actionsTitle: '详情与设置',
    actions: '「详情」查看应用的名称、简介和访问地址；「设置」可以置顶应用或在工作台隐藏。',
    administrationTitle: '管理后台',
    administration: '点击右上角的头像，在菜单中选择「管理后台」，即可管理您的组织。',
    next: '下一步',
    previous: '上一步',
    finish: '知道了',
    skip: '跳过',
    step: '{{current}}/{{total}}',
  },
};

/** Errors of the work table: errors.workTable. */
export const workTableErrors = {
  unknownProduct: '该应用不存在',
};
