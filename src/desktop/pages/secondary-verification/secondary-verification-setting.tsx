import { Alert, message, Radio, Space, Typography } from 'antd';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { useSecondaryVerificationSetting } from '../../../pages/secondary-verification/use-secondary-verification-setting';

/** System settings: the organisation's security verification at sign-in, saved on choice. */
export function SecondaryVerificationSetting() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const setting = useSecondaryVerificationSetting();
  if (setting.status !== 'ready') return null;

  return (
    <section data-testid="secondary-verification-setting" style={{ maxWidth: 760 }}>
      <Typography.Title level={5}>{t('secondaryVerification.setting.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('secondaryVerification.setting.intro')}</Typography.Paragraph>
      <Radio.Group
        value={setting.mode}
        disabled={setting.saving}
        onChange={async (event) => {
          if (await setting.choose(event.target.value))
            void message.success(t('secondaryVerification.setting.saved'));
        }}
      >
        <Space direction="vertical" size="small">
          {setting.modes.map((mode) => (
            <Radio key={mode} value={mode} data-testid={`secondary-verification-${mode}`}>
              <strong>{t(`secondaryVerification.setting.modes.${mode}`)}</strong>
              <Typography.Text type="secondary">
                {' '}
                · {t(`secondaryVerification.setting.modeHelp.${mode}`)}
              </Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {setting.mode !== 'off' && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title={t('secondaryVerification.setting.noContact')}
        />
      )}
      {setting.updatedAt !== null && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('secondaryVerification.setting.updatedAt', {
            time: formatTime(setting.updatedAt),
          })}
        </Typography.Paragraph>
      )}
    </section>
  );
}
