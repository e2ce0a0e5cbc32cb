import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import type { ErrorBlockProps } from 'antd-mobile/es/components/error-block';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import type { HostKind } from '../../../pages/paths';
import { hostEntryPages } from '../../../pages/host/host-entry-pages';
import { useHostSignInPage, type HostPagePhase } from '../../../pages/host/use-host-sign-in-page';
import './host-sign-in-page.css';

const STATUS: Record<Exclude<HostPagePhase, 'signingIn'>, ErrorBlockProps['status']> = {
  notInHost: 'disconnected',
  noAccount: 'empty',
  failed: 'default',
};

/** A chat host's entry page on a phone: signing in, no account, failure, or not in the host. */
function HostSignInPage({ host }: { host: HostKind }) {
  const page = useHostSignInPage(host);
  if (page.phase === 'signingIn') {
    return (
      <div className="m-status m-host" data-testid={page.testId} aria-live="polite">
        <SpinLoading color="primary" style={{ '--size': '40px' }} />
        <h2 className="m-host-title">{page.title}</h2>
        <p className="m-host-message">{page.message}</p>
      </div>
    );
  }
  return (
    <div className="m-status m-host" data-testid={page.testId} aria-live="polite">
      <ErrorBlock status={STATUS[page.phase]} title={page.title} description={page.message}>
        <div className="m-host-actions">
          {page.actions.map((action) => (
            <Button
              key={action.key}
              block
              shape="rounded"
              color={action.primary ? 'primary' : 'default'}
              data-testid={action.testId}
              onClick={action.run}
            >
              {action.label}
            </Button>
          ))}
        </div>
      </ErrorBlock>
    </div>
  );
}

/** /dingding, /feishu, /wecom and /wechat on a phone. */
export const { DingtalkPage, FeishuPage, WecomPage, WechatPage } = hostEntryPages(HostSignInPage);
