import Form from 'antd-mobile/es/components/form';
import Radio from 'antd-mobile/es/components/radio';
import Space from 'antd-mobile/es/components/space';
import type { SecondaryVerificationMode } from '../../../../domain/constants';
import { useT } from '../../../i18n/use-t';
import { useSecondaryVerificationSetting } from '../../../pages/secondary-verification/use-secondary-verification-setting';
import { Toast } from '../../imperative';

/** System settings on a phone: the organisation's security verification at sign-in, saved on choice. */
export function SecondaryVerificationSetting() {
  const { t } = useT();
  const setting = useSecondaryVerificationSetting();
  if (setting.status !== 'ready') return null;

  return (
    <div data-testid="secondary-verification-setting">
      <Form layout="vertical" mode="card">
        <Form.Header>{t('secondaryVerification.setting.title')}</Form.Header>
        <Form.Item
          description={
            setting.mode === 'off'
              ? t('secondaryVerification.setting.intro')
              : t('secondaryVerification.setting.noContact')
          }
        >
          <Radio.Group
            value={setting.mode}
            disabled={setting.saving}
            onChange={async (value) => {
              if (await setting.choose(value as SecondaryVerificationMode)) {
                Toast.show({ icon: 'success', content: t('secondaryVerification.setting.saved') });
              }
            }}
          >
            <Space direction="vertical">
              {setting.modes.map((mode) => (
                <Radio key={mode} value={mode} data-testid={`secondary-verification-${mode}`}>
                  {t(`secondaryVerification.setting.modes.${mode}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
    </div>
  );
}
