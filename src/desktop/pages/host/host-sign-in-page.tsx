import { Button, Result, Spin } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import type { HostKind } from '../../../pages/paths';
import { useHostSignInPage, type HostPagePhase } from '../../../pages/host/use-host-sign-in-page';
import { useT } from '../../../i18n/use-t';

const STATUS: Record<HostPagePhase, ResultProps['status']> = {
  notInHost: 'warning',
  signingIn: 'info',
  noAccount: 'info',
  failed: 'error',
};

const TEST_IDS: Record<HostPagePhase, string> = {
  notInHost: 'env-not-in-host',
  signingIn: 'host-signing-in',
  noAccount: 'host-no-account',
  failed: 'host-failed',
};

/** A chat host's entry page on the desktop shell: signing in, no account, failure, or not in the host. */
function HostSignInPage({ host }: { host: HostKind }) {
  const { t } = useT();
  const navigate = useNavigate();
  const page = useHostSignInPage(host);
  const toLogin = (primary: boolean, label = t('host.usePassword')) => (
    <Button
      key="login"
      type={primary ? 'primary' : 'default'}
      data-testid="host-use-password"
      onClick={() => navigate(page.loginPath)}
    >
      {label}
    </Button>
  );
  const retry = (primary: boolean) => (
    <Button key="retry" type={primary ? 'primary' : 'default'} data-testid="host-retry" onClick={page.retry}>
      {t('host.retry')}
    </Button>
  );
  const actions: Record<HostPagePhase, ReactElement[]> = {
    notInHost: [toLogin(true, t('status.goToLogin'))],
    signingIn: [],
    noAccount: [toLogin(true), retry(false)],
    failed: [retry(true), toLogin(false)],
  };
  return (
    <div className="status-page" data-testid={TEST_IDS[page.phase]}>
      <div className="status-page-card" aria-live="polite">
        <Result
          status={STATUS[page.phase]}
          icon={page.phase === 'signingIn' ? <Spin size="large" /> : undefined}
          title={page.title}
          subTitle={page.message}
          extra={actions[page.phase]}
        />
      </div>
    </div>
  );
}

/** /dingding: DingTalk's entry; signs in inside DingTalk, outside it says so (SPEC §8). */
export function DingtalkPage() {
  return <HostSignInPage host="dingtalk" />;
}

/** /feishu: Feishu's entry. */
export function FeishuPage() {
  return <HostSignInPage host="feishu" />;
}

/** /wecom: WeCom's entry (OAuth redirect). */
export function WecomPage() {
  return <HostSignInPage host="wecom" />;
}

/** /wechat: WeChat's entry (OAuth redirect). */
export function WechatPage() {
  return <HostSignInPage host="wechat" />;
}
