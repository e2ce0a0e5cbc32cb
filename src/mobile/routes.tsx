import { type ComponentType, lazy, Suspense } from 'react';
import { createRouteTable, loadedPage } from '../pages/route-table';
import { PageSpinner, RouteError } from './layouts/route-status';
import { LoginPage } from './pages/login/login-page';

/** A page that uses antd-mobile: loaded together with antd-mobile's provider, which wraps it. */
const withKit = (load: () => Promise<ComponentType>) => async () => {
  const [Page, kit] = await Promise.all([load(), import('./antd-mobile-root')]);
  return kit.withAntdMobile(Page);
};

/** The security notice and the forced-logout reminder, in their own chunk with antd-mobile's provider. */
const AccountNotices = lazy(async () => ({
  default: await withKit(() => import('./layouts/account-notices').then((m) => m.AccountNotices))(),
}));

/**
 * The phone router: the shared route table with antd-mobile pages. The login page is plain HTML and
 * CSS; pages nested in the layout render inside the layout's provider.
 */
export function createMobileRoutes() {
  return createRouteTable({
    error: <RouteError />,
    fallback: <PageSpinner />,
    accountNotices: (
      <Suspense fallback={null}>
        <AccountNotices />
      </Suspense>
    ),
    pages: {
      // In this shell's chunk (vite.config.ts): the login paints without a spinner first.
      login: loadedPage(LoginPage),
      home: withKit(() => import('./pages/home/home-page').then((m) => m.HomePage)),
      layout: withKit(() => import('./layouts/mobile-layout').then((m) => m.MobileLayout)),
      basicInfo: () => import('./pages/account/basic-info-page').then((m) => m.BasicInfoPage),
      personalInfo: () => import('./pages/personal/personal-page').then((m) => m.PersonalPage),
      changePassword: () => import('./pages/password/password-page').then((m) => m.PasswordPage),
      loginLog: () => import('./pages/login-log/login-log-page').then((m) => m.LoginLogPage),
      signature: () => import('./pages/esign/signature-page').then((m) => m.SignaturePage),
      ldapSetting: () => import('./pages/ldap/ldap-setting-page').then((m) => m.LdapSettingPage),
      messagePush: () => import('./pages/message-push/message-push-page').then((m) => m.MessagePushPage),
      sso: withKit(() => import('./pages/sso/sso-pages').then((m) => m.SsoSignInPage)),
      ssoError: withKit(() => import('./pages/sso/sso-pages').then((m) => m.SsoErrorPage)),
      ssoLogout: withKit(() => import('./pages/sso/sso-pages').then((m) => m.SsoLogoutPage)),
      noPermission: withKit(() =>
        import('./pages/status/no-permission-page').then((m) => m.NoPermissionPage),
      ),
      noAuth: withKit(() => import('./pages/status/no-auth-page').then((m) => m.NoAuthPage)),
      ipException: withKit(() => import('./pages/status/ip-exception-page').then((m) => m.IpExceptionPage)),
      dingtalk: withKit(() => import('./pages/host/host-sign-in-page').then((m) => m.DingtalkPage)),
      feishu: withKit(() => import('./pages/host/host-sign-in-page').then((m) => m.FeishuPage)),
      wecom: withKit(() => import('./pages/host/host-sign-in-page').then((m) => m.WecomPage)),
      wechat: withKit(() => import('./pages/host/host-sign-in-page').then((m) => m.WechatPage)),
      reset: withKit(() => import('./pages/reset/reset-page').then((m) => m.ResetPage)),
      modifyPassword: withKit(() =>
        import('./pages/password/modify-password-page').then((m) => m.ModifyPasswordPage),
      ),
      mobileVerify: withKit(() =>
        import('./pages/secondary-verification/mobile-verify-page').then((m) => m.MobileVerifyPage),
      ),
      document: () => import('./pages/documents/document-page').then((m) => m.DocumentPage),
      appPage: () => import('./pages/app-pages/app-page').then((m) => m.AppPage),
      helpDoc: withKit(() => import('./pages/help-docs/help-doc-page').then((m) => m.HelpDocPage)),
      applyTrial: withKit(() => import('./pages/trial/apply-trial-page').then((m) => m.ApplyTrialPage)),
      regFlow: withKit(() => import('./pages/trial/reg-flow-page').then((m) => m.RegFlowPage)),
      lock: withKit(() => import('./pages/lock/lock-page').then((m) => m.LockPage)),
      trialSignIn: withKit(() => import('./pages/trial/trial-sign-in-page').then((m) => m.TrialSignInPage)),
      notFound: withKit(() => import('./pages/status/not-found-page').then((m) => m.NotFoundPage)),
    },
  });
}
