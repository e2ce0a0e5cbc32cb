import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useSsoErrorPage, useSsoLogoutPage, useSsoSignInPage } from '../../../pages/sso/use-sso-pages';
import { StatusPage } from '../status/status-page';

/** /sso on the phone: the same SSO sign-in as the desktop. */
export function SsoSignInPage() {
  const page = useSsoSignInPage();
  return (
    <div className="m-status" data-testid="sso-sign-in">
      <SpinLoading />
      <p>{page.message}</p>
    </div>
  );
}

/** /sso/error on the phone. */
export function SsoErrorPage() {
  const page = useSsoErrorPage();
  return (
    <StatusPage
      testId="sso-error"
      status="default"
      title={page.title}
      description={page.message}
      action={page.action}
      noAuthHeader
    />
  );
}

/** /sso/logout on the phone. */
export function SsoLogoutPage() {
  const page = useSsoLogoutPage();
  return (
    <StatusPage
      testId="sso-logout"
      status="default"
      title={page.title}
      description=""
      action={page.action}
      noAuthHeader
    />
  );
}
