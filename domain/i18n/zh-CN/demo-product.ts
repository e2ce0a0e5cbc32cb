/** The portal's placeholder page for a product whose address has not been set (demo deployments). */
export const demoProduct = {
  title: '{{product}}（演示）',
  openedFor: '已为 {{org}} 的 {{name}} 打开。',
  signedOut: '您尚未登录门户：请先登录，再从首页打开此产品。',
  signIn: '去登录',
  back: '返回门户',
  placeholder: '这是占位页面：此产品的地址尚未设置。运维人员可用以下命令设置：',
  unknown: '没有代码为 {{code}} 的产品。',
};
