/** Chat hosts whose desktop clients load the portal inside their own container page (a cross-site frame). */
export const FRAME_ANCESTOR_ORIGINS = [
  'https://*.dingtalk.com',
  'https://*.feishu.cn',
  'https://*.larksuite.com',
] as const;

export interface ContentSecurityPolicyInput {
  /** Where the Feishu H5 JS SDK is loaded from (FEISHU_SDK_URL): its origin may run scripts. */
  feishuSdkUrl: string;
}

/**
 * The Content-Security-Policy of the client's HTML. Scripts come only from the portal and the Feishu SDK's
 * origin, and the build has no inline script; nothing but the portal and the chat hosts may frame it, so a
 * hostile site cannot frame the login. X-Frame-Options is not sent: it cannot express that allow-list.
 */
export function contentSecurityPolicy(input: ContentSecurityPolicyInput): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", new URL(input.feishuSdkUrl).origin]],
    // antd and antd-mobile inject their CSS-in-JS as <style> tags at run time, and index.html carries the
    // boot splash's style inline; styles cannot run code, so 'unsafe-inline' is confined to them.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'", ...FRAME_ANCESTOR_ORIGINS]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
