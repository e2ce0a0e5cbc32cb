import { Spin } from 'antd';
import { useSsoErrorPage, useSsoLogoutPage, useSsoSignInPage } from '../../../pages/sso/use-sso-pages';
import { StatusPage } from '../status/status-page';

/** /sso: on the way to the identity provider, or back from it to the home. */
export function SsoSignInPage() {
  const page = useSsoSignInPage();
  return (
    <div className="status-page" data-testid="sso-sign-in">
      <Spin size="large" tip={page.message}>
        <div style={{ width: 240, height: 120 }} />
      </Spin>
    </div>
  );
}

/** /sso/error: why the SSO sign-in failed, in words. */
export function SsoErrorPage() {
  const page = useSsoErrorPage();
  return (
    <StatusPage
      testId="sso-error"
      status="warning"
      title={page.title}
      subTitle={page.message}
      action={page.action}
      noAuthHeader
    />
  );
}

/** /sso/logout: signing out here and at the identity provider. */
export function SsoLogoutPage() {
  const page = useSsoLogoutPage();
  return (
    <StatusPage
      testId="sso-logout"
      status={page.done ? 'success' : 'info'}
      title={page.title}
      subTitle=""
      action={page.action}
      noAuthHeader
    />
  );
}
