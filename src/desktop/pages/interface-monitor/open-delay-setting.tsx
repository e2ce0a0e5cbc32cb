import { Button, InputNumber, message, Space, Typography } from 'antd';
import { OPEN_DELAY_MAX_HOURS } from '../../../../domain/schemas/interface-monitor';
import { useOpenDelay } from '../../../pages/interface-monitor/use-open-delay';
import { useT } from '../../../i18n/use-t';

/** The delay before effect (SPEC §9) on the interface monitor: the hours open calls wait, and Save. */
export function OpenDelaySetting() {
  const { t } = useT();
  const delay = useOpenDelay();
  const save = async () => {
    const hours = await delay.save();
    if (hours !== null) void message.success(t('interfaceMonitor.delay.saved', { hours }));
  };
  return (
    <Space direction="vertical" size={4} style={{ marginBottom: 16 }} data-testid="open-delay">
      <Space wrap>
        <Typography.Text strong>{t('interfaceMonitor.delay.label')}</Typography.Text>
        <InputNumber
          data-testid="open-delay-hours"
          aria-label={t('interfaceMonitor.delay.label')}
          min={0}
          max={OPEN_DELAY_MAX_HOURS}
          precision={0}
          disabled={delay.saved === null}
          value={delay.hours}
          onChange={(value) => delay.setHours(value)}
          suffix={t('interfaceMonitor.delay.hours')}
        />
        <Button
          data-testid="open-delay-save"
          disabled={!delay.changed}
          loading={delay.saving}
          onClick={() => void save()}
        >
          {t('interfaceMonitor.delay.save')}
        </Button>
      </Space>
      <Typography.Text type="secondary">{t('interfaceMonitor.delay.help')}</Typography.Text>
    </Space>
  );
}
