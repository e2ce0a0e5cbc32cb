import { type ComponentType, lazy, Suspense } from 'react';
import { createRouteTable, loadedPage } from '../pages/route-table';
import { PageSpinner, RouteError } from './layouts/route-status';
import { LoginPage } from './pages/login/login-page';

/** A page that uses antd: loaded together with antd's provider, which wraps it. */
const withAntd = (load: () => Promise<ComponentType>) => async () => {
  const [Page, kit] = await Promise.all([load(), import('./antd-root')]);
  return kit.withAntd(Page);
};

/** The security notice and the forced-logout reminder, in their own chunk with antd's provider. */
const AccountNotices = lazy(async () => ({
  default: await withAntd(() => import('./layouts/account-notices').then((m) => m.AccountNotices))(),
}));

/**
 * The desktop router: the shared route table with antd pages. The login page is plain HTML and CSS;
 * pages nested in the layout render inside the layout's provider.
 */
export function createDesktopRoutes() {
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
      home: withAntd(() => import('./pages/home/home-page').then((m) => m.HomePage)),
      layout: withAntd(() => import('./layouts/desktop-layout').then((m) => m.DesktopLayout)),
      basicInfo: () => import('./pages/account/basic-info-page').then((m) => m.BasicInfoPage),
      personalInfo: () => import('./pages/personal/personal-page').then((m) => m.PersonalPage),
      changePassword: () => import('./pages/password/password-page').then((m) => m.PasswordPage),
      loginLog: () => import('./pages/login-log/login-log-page').then((m) => m.LoginLogPage),
      signature: () => import('./pages/esign/signature-page').then((m) => m.SignaturePage),
      esignSetting: () => import('./pages/esign/esign-settings-page').then((m) => m.EsignSettingsPage),
      // System settings on desktop: the sign-in settings, the IP whitelist and the password policy as tabs.
      ldapSetting: () =>
        import('./pages/system-settings/system-settings-page').then((m) => m.SystemSettingsPage),
      members: () => import('./pages/members/members-page').then((m) => m.MembersPage),
      memberHistory: () => import('./pages/members/member-history-page').then((m) => m.MemberHistoryPage),
      orgInfo: () => import('./pages/organization/org-info-page').then((m) => m.OrgInfoPage),
      orgDpt: () => import('./pages/departments/departments-page').then((m) => m.DepartmentsPage),
      authorize: () => import('./pages/authorisation/authorisation-page').then((m) => m.AuthorisationPage),
      operationLog: () => import('./pages/operation-log/operation-log-page').then((m) => m.OperationLogPage),
      orgLoginLog: () => import('./pages/org-login-log/org-login-log-page').then((m) => m.OrgLoginLogPage),
      activeUsers: () => import('./pages/active-users/active-users-page').then((m) => m.ActiveUsersPage),
      messagePush: () => import('./pages/message-push/message-push-page').then((m) => m.MessagePushPage),
      appCredential: () =>
        import('./pages/app-credential/app-credential-page').then((m) => m.AppCredentialPage),
      interfaceMonitor: () =>
        import('./pages/interface-monitor/interface-monitor-page').then((m) => m.InterfaceMonitorPage),
      labelTemplates: () =>
        import('./pages/label-templates/label-templates-page').then((m) => m.LabelTemplatesPage),
      selectTemplate: () =>
        import('./pages/label-templates/select-template-page').then((m) => m.SelectTemplatePage),
      labelDesigner: () =>
        import('./pages/label-templates/label-designer-page').then((m) => m.LabelDesignerPage),
      labelPrint: () => import('./pages/label-templates/label-print-page').then((m) => m.LabelPrintPage),
      // The monomer library's chunk carries OpenChemLib (structure drawing and editor): no other page loads it.
      monomerLib: () => import('./pages/monomers/monomers-page').then((m) => m.MonomersPage),
      ssoAuth: () => import('./pages/sso/sso-auth-page').then((m) => m.SsoAuthPage),
      sso: withAntd(() => import('./pages/sso/sso-pages').then((m) => m.SsoSignInPage)),
      ssoError: withAntd(() => import('./pages/sso/sso-pages').then((m) => m.SsoErrorPage)),
      ssoLogout: withAntd(() => import('./pages/sso/sso-pages').then((m) => m.SsoLogoutPage)),
      noPermission: withAntd(() =>
        import('./pages/status/no-permission-page').then((m) => m.NoPermissionPage),
      ),
      noAuth: withAntd(() => import('./pages/status/no-auth-page').then((m) => m.NoAuthPage)),
      ipException: withAntd(() => import('./pages/status/ip-exception-page').then((m) => m.IpExceptionPage)),
      dingtalk: withAntd(() => import('./pages/host/host-sign-in-page').then((m) => m.DingtalkPage)),
      feishu: withAntd(() => import('./pages/host/host-sign-in-page').then((m) => m.FeishuPage)),
      wecom: withAntd(() => import('./pages/host/host-sign-in-page').then((m) => m.WecomPage)),
      wechat: withAntd(() => import('./pages/host/host-sign-in-page').then((m) => m.WechatPage)),
      reset: withAntd(() => import('./pages/reset/reset-page').then((m) => m.ResetPage)),
      modifyPassword: withAntd(() =>
        import('./pages/password/modify-password-page').then((m) => m.ModifyPasswordPage),
      ),
      mobileVerify: withAntd(() =>
        import('./pages/secondary-verification/mobile-verify-page').then((m) => m.MobileVerifyPage),
      ),
      document: () => import('./pages/documents/document-page').then((m) => m.DocumentPage),
      appPage: withAntd(() => import('./pages/app-pages/app-page').then((m) => m.AppPage)),
      helpDoc: withAntd(() => import('./pages/help-docs/help-doc-page').then((m) => m.HelpDocPage)),
      applyTrial: withAntd(() => import('./pages/trial/apply-trial-page').then((m) => m.ApplyTrialPage)),
      regFlow: withAntd(() => import('./pages/trial/reg-flow-page').then((m) => m.RegFlowPage)),
      lock: withAntd(() => import('./pages/lock/lock-page').then((m) => m.LockPage)),
      trialSignIn: withAntd(() => import('./pages/trial/trial-sign-in-page').then((m) => m.TrialSignInPage)),
      notFound: withAntd(() => import('./pages/status/not-found-page').then((m) => m.NotFoundPage)),
    },
  });
}
