import { Descriptions, Drawer, Typography } from 'antd';
import { prettyBody } from '../../../../domain/rules/interface-monitor';
import type { InterfaceDetail } from '../../../../domain/schemas/interface-monitor';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { InterfaceStatusTag } from './interface-status-tag';

const bodyStyle = { maxHeight: 320, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap' } as const;

/** One open call with SPEC §3's fields and its request and response bodies (secrets were redacted). */
export function InterfaceDetailDrawer({
  detail,
  onClose,
}: {
  detail: InterfaceDetail | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const formatTime = useFormatTime();
  const time = (ms: number | null) => (ms === null ? '-' : formatTime(ms, 'second'));
  return (
    <Drawer open={detail !== null} width={640} title={t('interfaceMonitor.detailTitle')} onClose={onClose}>
      {detail && (
        <Descriptions column={1} bordered size="small" data-testid="interface-detail">
          <Descriptions.Item label={t('interfaceMonitor.columns.requestId')}>
            <Typography.Text copyable>{detail.RequestId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.apiName')}>
            {detail.ApiName}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.application')}>
            {detail.Application}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.requestTime')}>
            {time(detail.RequestTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.responseTime')}>
            {time(detail.ResponseTime)}
          </Descriptions.Item>
          {detail.DueTime !== null && (
            <Descriptions.Item label={t('interfaceMonitor.columns.dueTime')}>
              {time(detail.DueTime)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('interfaceMonitor.columns.revokeTime')}>
            {time(detail.RevokeTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.syncStatus')}>
            <InterfaceStatusTag status={detail.SyncStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.responseStatus')}>
            {detail.ResponseStatus}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.apiStatusCode')}>
            {detail.ApiStatusCode}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.apiStatus')}>
            {detail.ApiStatus || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.requestUrl')}>
            {detail.RequestUrl}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.operator')}>
            {detail.Operator}
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.requestBody')}>
            <pre style={bodyStyle} data-testid="interface-request-body">
              {prettyBody(detail.RequestBody)}
            </pre>
          </Descriptions.Item>
          <Descriptions.Item label={t('interfaceMonitor.columns.responseBody')}>
            <pre style={bodyStyle} data-testid="interface-response-body">
              {prettyBody(detail.ResponseBody) || '-'}
            </pre>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
