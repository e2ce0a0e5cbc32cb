import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Segmented from 'antd-mobile/es/components/segmented';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import type { MessageKey } from '../../../../domain/i18n';
import type { LoginLogRange } from '../../../../domain/rules/login-log';
import { useLoginLogPage } from '../../../pages/login-log/use-login-log-page';
import { useT } from '../../../i18n/use-t';
import './login-log-page.css';

/** Personal centre > login log on a phone: the user's own sign-ins as a list, the next 10 on demand. */
export function LoginLogPage() {
  const { t } = useT();
  const page = useLoginLogPage({ append: true });
  const named = ({ key, code }: { key: MessageKey | null; code: string }) => (key ? t(key) : code);
  const onExport = async () => {
    if (await page.exportLog()) {
      const { Toast } = await import('../../imperative');
      Toast.show({ icon: 'success', content: t('loginLog.exported') });
    }
  };

  return (
    <div className="m-login-log" data-testid="login-log">
      <div className="m-login-log-head">
        <h1>{t('loginLog.title')}</h1>
        <p>{t('loginLog.subtitle')}</p>
      </div>
      <Segmented
        block
        data-testid="login-log-range"
        value={page.range}
        onChange={(value) => page.chooseRange(value as LoginLogRange)}
        options={page.ranges.map((range) => ({ value: range, label: t(`loginLog.ranges.${range}`) }))}
      />
      {page.status === 'failed' && page.rows.length === 0 && (
        <p className="m-login-log-empty">{t('status.loadFailed')}</p>
      )}
      {page.status === 'loading' && page.rows.length === 0 && <Skeleton.Paragraph lineCount={6} animated />}
      {page.status === 'ready' && page.rows.length === 0 && (
        <p className="m-login-log-empty">{t('loginLog.empty')}</p>
      )}
      {page.rows.length > 0 && (
        <List mode="card" header={t('loginLog.total', { total: page.total })}>
          {page.rows.map((entry) => (
            <List.Item
              key={entry.id}
              data-testid={`login-log-row-${entry.success ? 'ok' : 'failed'}`}
              extra={
                <Tag color={entry.success ? 'success' : 'danger'} fill="outline">
                  {t(entry.success ? 'loginLog.success' : 'loginLog.failed')}
                </Tag>
              }
              description={
                <>
                  <span>
                    {entry.ip} · {entry.browser}
                  </span>
                  <span>
                    {named(entry.product)} · {named(entry.client)}
                  </span>
                  {entry.reason && <span className="m-login-log-reason">{t(entry.reason)}</span>}
                </>
              }
            >
              {entry.time}
            </List.Item>
          ))}
        </List>
      )}
      {page.rows.length > 0 && (
        <div className="m-login-log-more">
          {page.hasMore ? (
            <Button
              size="small"
              fill="none"
              loading={page.status === 'loading'}
              data-testid="login-log-more"
              onClick={page.loadMore}
            >
              {t('loginLog.loadMore')}
            </Button>
          ) : (
            <span>{t('loginLog.noMore')}</span>
          )}
        </div>
      )}
      {page.canExport && (
        <Button
          block
          fill="outline"
          color="primary"
          data-testid="login-log-export"
          loading={page.exporting}
          onClick={() => void onExport()}
        >
          {t('loginLog.export')}
        </Button>
      )}
    </div>
  );
}
