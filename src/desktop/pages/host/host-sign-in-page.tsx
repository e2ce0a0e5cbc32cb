import { Button, Result, Spin } from 'antd';
import type { ResultProps } from 'antd';
import type { HostKind } from '../../../pages/paths';
import { hostEntryPages } from '../../../pages/host/host-entry-pages';
import { useHostSignInPage, type HostPagePhase } from '../../../pages/host/use-host-sign-in-page';

const STATUS: Record<HostPagePhase, ResultProps['status']> = {
  notInHost: 'warning',
  signingIn: 'info',
  noAccount: 'info',
  failed: 'error',
};

/** A chat host's entry page on the desktop shell: signing in, no account, failure, or not in the host. */
function HostSignInPage({ host }: { host: HostKind }) {
  const page = useHostSignInPage(host);
  return (
    <div className="status-page" data-testid={page.testId}>
      <div className="status-page-card" aria-live="polite">
        <Result
          status={STATUS[page.phase]}
          icon={page.phase === 'signingIn' ? <Spin size="large" /> : undefined}
          title={page.title}
          subTitle={page.message}
          extra={page.actions.map((action) => (
            <Button
              key={action.key}
              type={action.primary ? 'primary' : 'default'}
              data-testid={action.testId}
              onClick={action.run}
            >
              {action.label}
            </Button>
          ))}
        />
      </div>
    </div>
  );
}

/** /dingding (DingTalk's entry: signs in inside DingTalk, outside it says so, SPEC §8), /feishu, /wecom, /wechat. */
export const { DingtalkPage, FeishuPage, WecomPage, WechatPage } = hostEntryPages(HostSignInPage);
