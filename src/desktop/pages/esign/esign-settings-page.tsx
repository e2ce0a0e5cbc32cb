import { Button, Card, Form, InputNumber, message, Radio, Skeleton, Switch, Typography } from 'antd';
import { useEsignSettingsPage } from '../../../pages/esign/use-esign-settings-page';
import { useT } from '../../../i18n/use-t';
import { ProblemAlert } from '../dialogs/problem-alert';

/**
 * Electronic signature settings (System settings > Electronic signature, and the Components menu's
 * /layout/esignSetting): on or off, the strength, the minimum length and 'same as login password'.
 */
export function EsignSettingsPage() {
  const { t } = useT();
  const page = useEsignSettingsPage();
  const { form } = page;
  if (!form) {
    return (
      <Card variant="borderless" title={t('esign.title')}>
        <Skeleton active loading={!page.failed} paragraph={{ rows: 5 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const onSave = async () => {
    if (await page.save()) void message.success(t('esign.settings.saved'));
  };
  return (
    <Card variant="borderless" title={t('esign.title')} data-testid="esign-settings">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('esign.settings.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label={t('esign.settings.enabled')}>
          <Switch
            data-testid="esign-enabled"
            checked={form.Enabled}
            onChange={(Enabled) => page.update({ Enabled })}
          />
        </Form.Item>
        <Form.Item label={t('esign.settings.strength')}>
          <Radio.Group
            data-testid="esign-strength"
            disabled={!form.Enabled}
            value={form.Strength}
            onChange={(event) => page.update({ Strength: event.target.value })}
            options={page.options.map(({ value, label }) => ({ value, label: t(label) }))}
          />
        </Form.Item>
        <Form.Item label={t('esign.settings.minLength')} extra={t('esign.settings.minLengthHelp')}>
          <InputNumber
            data-testid="esign-min-length"
            disabled={!form.Enabled}
            min={page.limits.min}
            max={page.limits.max}
            precision={0}
            value={form.MinLength}
            onChange={(value) =>
              page.update({ MinLength: typeof value === 'number' ? value : form.MinLength })
            }
          />
        </Form.Item>
        <Form.Item label={t('esign.settings.allowSameAsLogin')}>
          <Switch
            data-testid="esign-same-as-login"
            disabled={!form.Enabled}
            checked={form.AllowSameAsLogin}
            onChange={(AllowSameAsLogin) => page.update({ AllowSameAsLogin })}
          />
        </Form.Item>
        <ProblemAlert
          problem={page.problem}
          style={{ marginBottom: 16 }}
          data-testid="esign-settings-error"
        />
        <Button type="primary" data-testid="esign-save" loading={page.saving} onClick={onSave}>
          {t('esign.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
