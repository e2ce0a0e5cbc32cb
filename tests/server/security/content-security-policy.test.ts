import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../server/security/content-security-policy';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('contentSecurityPolicy', () => {
  const policy = directives(
    contentSecurityPolicy({ feishuSdkUrl: 'https://sdk.feishu.example:8443/h5/sdk-1.5.33.js?v=1' }),
  );

  it('runs scripts only from the portal and the Feishu SDK origin, never inline', () => {
    expect(policy['script-src']).toEqual(["'self'", 'https://sdk.feishu.example:8443']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
  });

  it('lets only the portal and the chat hosts frame the page', () => {
    expect(policy['frame-ancestors']).toEqual([
      "'self'",
      'https://*.dingtalk.com',
      'https://*.feishu.cn',
      'https://*.larksuite.com',
    ]);
  });

  it('keeps requests, forms and the base URL on the portal', () => {
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
  });

  it('allows inline styles (CSS-in-JS) and data or blob images', () => {
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
