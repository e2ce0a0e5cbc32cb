import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import type { ErrorBlockProps } from 'antd-mobile/es/components/error-block';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useNavigate } from 'react-router-dom';
import type { HostKind } from '../../../pages/paths';
import { useHostSignInPage, type HostPagePhase } from '../../../pages/host/use-host-sign-in-page';
import { useT } from '../../../i18n/use-t';
import './host-sign-in-page.css';

const STATUS: Record<Exclude<HostPagePhase, 'signingIn'>, ErrorBlockProps['status']> = {
  notInHost: 'disconnected',
  noAccount: 'empty',
  failed: 'default',
};

const TEST_IDS: Record<HostPagePhase, string> = {
  notInHost: 'env-not-in-host',
  signingIn: 'host-signing-in',
  noAccount: 'host-no-account',
  failed: 'host-failed',
};

/** A chat host's entry page on a phone: signing in, no account, failure, or not in the host. */
function HostSignInPage({ host }: { host: HostKind }) {
  const { t } = useT();
  const navigate = useNavigate();
  const page = useHostSignInPage(host);
  if (page.phase === 'signingIn') {
    return (
      <div className="m-status m-host" data-testid={TEST_IDS.signingIn} aria-live="polite">
        <SpinLoading color="primary" style={{ '--size': '40px' }} />
        <h2 className="m-host-title">{page.title}</h2>
        <p className="m-host-message">{page.message}</p>
      </div>
    );
  }
  const toLogin = (primary: boolean, label = t('host.usePassword')) => (
    <Button
      key="login"
      block
      shape="rounded"
      color={primary ? 'primary' : 'default'}
      data-testid="host-use-password"
      onClick={() => navigate(page.loginPath)}
    >
      {label}
    </Button>
  );
  const retry = (primary: boolean) => (
    <Button
      key="retry"
      block
      shape="rounded"
      color={primary ? 'primary' : 'default'}
      data-testid="host-retry"
      onClick={page.retry}
    >
      {t('host.retry')}
    </Button>
  );
  const actions = {
    notInHost: [toLogin(true, t('status.goToLogin'))],
    noAccount: [toLogin(true), retry(false)],
    failed: [retry(true), toLogin(false)],
  };
  return (
    <div className="m-status m-host" data-testid={TEST_IDS[page.phase]} aria-live="polite">
      <ErrorBlock status={STATUS[page.phase]} title={page.title} description={page.message}>
        <div className="m-host-actions">{actions[page.phase]}</div>
      </ErrorBlock>
    </div>
  );
}

/** /dingding on a phone. */
export function DingtalkPage() {
  return <HostSignInPage host="dingtalk" />;
}

/** /feishu on a phone. */
export function FeishuPage() {
  return <HostSignInPage host="feishu" />;
}

/** /wecom on a phone. */
export function WecomPage() {
  return <HostSignInPage host="wecom" />;
}

/** /wechat on a phone. */
export function WechatPage() {
  return <HostSignInPage host="wechat" />;
}
