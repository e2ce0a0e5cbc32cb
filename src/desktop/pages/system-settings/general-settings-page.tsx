import {
  Alert,
  Button,
  Card,
  Form,
  InputNumber,
  message,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { OrgConfigItem } from '../../../../domain/schemas/org-config';
import type { MessageKey } from '../../../../domain/i18n';
import type { OrgConfigKey, OrgConfigValue } from '../../../../domain/rules/org-config';
import {
  type GeneralCategory,
  useGeneralSettings,
} from '../../../pages/system-settings/use-general-settings';
import { type TypedT, useT } from '../../../i18n/use-t';

/** The help line under each setting, if it has one. */
const HELP: Record<OrgConfigKey, MessageKey | null> = {
  reset: 'orgConfig.help.reset',
  appDownload: 'orgConfig.help.appDownload',
  signInVerification: null,
  lockIdleMinutes: 'orgConfig.help.lockIdleMinutes',
};

/** The input of one setting: a switch, a number of minutes or a choice. */
function SettingInput(props: {
  item: OrgConfigItem;
  value: OrgConfigValue;
  onChange: (value: OrgConfigValue) => void;
  t: TypedT;
}) {
  const { item, value, onChange, t } = props;
  const id = `config-${item.ConfigValueID}`;
  if (item.Type === 'boolean') {
    return (
      <Space>
        <Switch
          data-testid={id}
          checked={item.Available && value === true}
          disabled={!item.Available}
          checkedChildren={t('orgConfig.on')}
          unCheckedChildren={t('orgConfig.off')}
          onChange={onChange}
        />
        {!item.Available && <Tag data-testid={`${id}-unavailable`}>{t('orgConfig.deploymentOff')}</Tag>}
      </Space>
    );
  }
  if (item.Type === 'integer') {
    return (
      <InputNumber
        data-testid={id}
        style={{ width: 200 }}
        min={item.Min}
        precision={0}
        value={typeof value === 'number' ? value : null}
        suffix={t('orgConfig.minutes')}
        onChange={(next) => onChange(typeof next === 'number' ? next : 0)}
      />
    );
  }
  return (
    <Select
      data-testid={id}
      style={{ width: 280 }}
      value={String(value)}
      onChange={onChange}
      options={(item.Options ?? []).map((option) => ({
        value: option,
        label: t(
          `orgConfig.options.signInVerification.${option}` as 'orgConfig.options.signInVerification.off',
        ),
      }))}
    />
  );
}

/** One category's card: its settings and its own Save. */
function CategoryCard(props: {
  entry: GeneralCategory;
  onEdit: (key: string, value: OrgConfigValue) => void;
  onSave: () => void;
}) {
  const { t } = useT();
  const { entry } = props;
  const problemField = entry.problem?.params?.field;
  return (
    <Card
      size="small"
      data-testid={`config-category-${entry.category}`}
      title={t(`orgConfig.categories.${entry.category}`)}
      extra={
        <Button
          type="primary"
          size="small"
          data-testid={`config-save-${entry.category}`}
          loading={entry.saving}
          disabled={!entry.dirty}
          onClick={props.onSave}
        >
          {t('orgConfig.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t(`orgConfig.categoryIntro.${entry.category}`)}
      </Typography.Paragraph>
      <Form
        layout="horizontal"
        labelCol={{ flex: '260px' }}
        labelWrap
        colon={false}
        style={{ maxWidth: 900 }}
      >
        {entry.items.map((item) => {
          const key = item.ConfigValueID as OrgConfigKey;
          const failed = entry.problem && problemField === item.ConfigValueID;
          const help = HELP[key];
          return (
            <Form.Item
              style={{ marginBottom: 16 }}
              key={item.ConfigValueID}
              label={t(`orgConfig.keys.${key}`)}
              validateStatus={failed ? 'error' : undefined}
              help={failed && entry.problem ? t(entry.problem.key, entry.problem.params) : undefined}
              extra={help ? t(help, { max: item.Max ?? '' }) : undefined}
            >
              <SettingInput
                item={item}
                value={entry.values[item.ConfigValueID]}
                onChange={(value) => props.onEdit(item.ConfigValueID, value)}
                t={t}
              />
            </Form.Item>
          );
        })}
      </Form>
      {entry.problem && !entry.items.some((item) => item.ConfigValueID === problemField) && (
        <Alert
          type="error"
          showIcon
          data-testid="config-error"
          title={t(entry.problem.key, entry.problem.params)}
        />
      )}
    </Card>
  );
}

/**
 * System settings > General (/layout/systemSetting?tab=general): the organisation's configuration, a card
 * per category (modules, sign-in security, session), each saved on its own.
 */
export function GeneralSettingsPage() {
  const { t } = useT();
  const page = useGeneralSettings();
  if (page.status !== 'ready') {
    return (
      <Card variant="borderless" title={t('orgConfig.tab')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 6 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const save = async (entry: GeneralCategory) => {
    if (await page.save(entry.category)) {
      void message.success(t('orgConfig.saved', { category: t(`orgConfig.categories.${entry.category}`) }));
    }
  };
  return (
    <Space direction="vertical" size={16} style={{ display: 'flex' }} data-testid="general-settings">
      <Typography.Paragraph type="secondary" style={{ margin: '0 4px' }}>
        {t('orgConfig.intro')}
      </Typography.Paragraph>
      {page.categories.map((entry) => (
        <CategoryCard
          key={entry.category}
          entry={entry}
          onEdit={(key, value) => page.edit(entry.category, key, value)}
          onSave={() => void save(entry)}
        />
      ))}
    </Space>
  );
}
