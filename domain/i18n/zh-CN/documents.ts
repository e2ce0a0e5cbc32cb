/** The public documents: user agreement, privacy policy and the other pages reachable without signing in. */
export const documents = {
  titles: {
    agreement: '用户服务协议',
    privacy: '隐私政策',
    disclaimer: '免责声明',
    sdk: '第三方 SDK 目录',
    appPermissions: '应用权限申请说明',
    company: '关于我们',
    contact: '联系我们',
  },
  back: '返回',
  backToLogin: '返回登录',
  loading: '正在加载…',
  failed: '文档加载失败',
  retry: '重试',
  updatedAt: '更新日期：{{date}}',
  more: '其他文档',
};
