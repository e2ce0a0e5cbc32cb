/** Status pages: not found, no permission, blocked IP, outside a chat host. */
export const status = {
  notFound: '抱歉，您访问的页面不存在。',
  noPermission: '您没有权限访问此页面',
  noAuth: '您暂未获得该产品或页面的使用授权，如需使用请联系组织管理员开通',
  ipException: '系统检测到 IP 异常，禁止访问，请联系管理员',
  notInHost: '请在对应的客户端内打开此页面',
  notFoundTitle: '页面不存在',
  noPermissionTitle: '无访问权限',
  noAuthTitle: '暂未授权',
  ipExceptionTitle: 'IP 访问受限',
  notInHostTitle: '无法在当前环境打开',
  goToLogin: '前往登录',
  loadFailed: '加载失败，请重试',
};
