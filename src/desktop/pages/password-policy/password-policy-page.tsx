import {
  Button,
  Card,
  Checkbox,
  Form,
  InputNumber,
  message,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { CHARACTER_CLASSES, PASSWORD_POLICY_LIMITS } from '../../../../domain/rules/password-policy';
import {
  EXPIRY_CHOICES,
  usePasswordPolicyPage,
} from '../../../pages/password-policy/use-password-policy-page';
import { useT } from '../../../i18n/use-t';
import { ProblemAlert } from '../dialogs/problem-alert';

const { length, historyDepth, lockAfter, expiryMonths } = PASSWORD_POLICY_LIMITS;

/** System settings > Password policy (/layout/systemSetting?tab=passwordPolicy). */
export function PasswordPolicyPage() {
  const { t } = useT();
  const page = usePasswordPolicyPage();
  const { form } = page;

  if (page.status !== 'ready' || !form) {
    return (
      <Card variant="borderless" title={t('governance.passwordPolicy.title')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 6 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const onSave = async () => {
    if (await page.save()) void message.success(t('governance.passwordPolicy.saved'));
  };
  const number = (value: number | null, fallback: number) => (typeof value === 'number' ? value : fallback);
  /** What NIST recommends beside a weaker choice of the field, if it is weaker. */
  const nist = (field: keyof typeof page.advice) => {
    const advice = page.advice[field];
    return advice ? (
      <Typography.Text type="warning" data-testid={`policy-nist-${field}`}>
        {t(advice.key, advice.params)}
      </Typography.Text>
    ) : undefined;
  };

  return (
    <Card variant="borderless" title={t('governance.passwordPolicy.title')} data-testid="password-policy">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('governance.passwordPolicy.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Space size={24} wrap align="start" style={{ display: 'flex' }}>
          <Form.Item label={t('governance.passwordPolicy.minLength')} extra={nist('minLength')}>
            <InputNumber
              data-testid="policy-min"
              min={length.min}
              max={length.max}
              precision={0}
              value={form.MinLength}
              onChange={(value) => page.update({ MinLength: number(value, form.MinLength) })}
            />
          </Form.Item>
          <Form.Item label={t('governance.passwordPolicy.maxLength')} extra={nist('maxLength')}>
            <InputNumber
              data-testid="policy-max"
              min={length.min}
              max={length.max}
              precision={0}
              value={form.MaxLength}
              onChange={(value) => page.update({ MaxLength: number(value, form.MaxLength) })}
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('governance.passwordPolicy.classes')} extra={nist('requiredClasses')}>
          <Checkbox.Group
            data-testid="policy-classes"
            value={form.RequiredClasses}
            onChange={(values) => page.update({ RequiredClasses: values })}
            options={CHARACTER_CLASSES.map((value) => ({
              value,
              label: t(`governance.passwordPolicy.classNames.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('governance.passwordPolicy.expiry')} extra={nist('expiry')}>
          <Space>
            <Select
              data-testid="policy-expiry"
              style={{ width: 180 }}
              value={form.expiry}
              onChange={(expiry) => page.update({ expiry })}
              options={EXPIRY_CHOICES.map((value) => ({
                value,
                label: t(`governance.passwordPolicy.expiryOptions.${value}`),
              }))}
            />
            {form.expiry === 'months' && (
              <InputNumber
                data-testid="policy-months"
                min={expiryMonths.min}
                max={expiryMonths.max}
                precision={0}
                value={form.months}
                suffix={t('governance.passwordPolicy.monthsLabel')}
                onChange={(value) => page.update({ months: number(value, form.months) })}
              />
            )}
          </Space>
        </Form.Item>
        <Space size={24} wrap align="start" style={{ display: 'flex' }}>
          <Form.Item
            label={t('governance.passwordPolicy.history')}
            extra={t('governance.passwordPolicy.historyHelp')}
          >
            <InputNumber
              data-testid="policy-history"
              min={historyDepth.min}
              max={historyDepth.max}
              precision={0}
              value={form.HistoryDepth}
              onChange={(value) => page.update({ HistoryDepth: number(value, form.HistoryDepth) })}
            />
          </Form.Item>
          <Form.Item label={t('governance.passwordPolicy.lockAfter')}>
            <InputNumber
              data-testid="policy-lock"
              min={lockAfter.min}
              max={lockAfter.max}
              precision={0}
              value={form.LockAfter}
              onChange={(value) => page.update({ LockAfter: number(value, form.LockAfter) })}
            />
          </Form.Item>
        </Space>
        <ProblemAlert problem={page.problem} style={{ marginBottom: 16 }} data-testid="policy-error" />
        <Button type="primary" data-testid="policy-save" loading={page.saving} onClick={onSave}>
          {t('governance.passwordPolicy.save')}
        </Button>
      </Form>
    </Card>
  );
}
