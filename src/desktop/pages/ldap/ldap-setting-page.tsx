import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Divider,
  Form,
  Input,
  message,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { LdapSetting } from '../../../../domain/schemas/ldap';
import { useLdapSettingPage } from '../../../pages/ldap/use-ldap-setting-page';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { SecondaryVerificationSetting } from '../secondary-verification/secondary-verification-setting';

type TextField =
  'url' | 'userDnTemplate' | 'baseDn' | 'filter' | 'nameAttribute' | 'mailAttribute' | 'mobileAttribute';

/** System settings (/layout/systemSetting): the organisation's domain-account (AD/LDAP) sign-in. */
export function LdapSettingPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useLdapSettingPage();
  const { form } = page;

  const check = (name: keyof LdapSetting) => {
    const problem = page.problems[name];
    if (problem) return { validateStatus: 'error' as const, help: t(problem) };
    if (name === 'url' && page.urlRefusal) return { validateStatus: 'error' as const, help: page.urlRefusal };
    return {};
  };
  const text = (name: TextField, placeholder?: string) => (
    <Input
      data-testid={`ldap-${name}`}
      value={form[name]}
      placeholder={placeholder}
      onChange={(event) => page.update({ [name]: event.target.value })}
    />
  );
  const onSave = async () => {
    if (await page.save()) void message.success(t('ldap.saved'));
  };

  if (page.status !== 'ready') {
    return (
      <Card variant="borderless" title={t('menus.systemSetting')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 8 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }

  return (
    <Card variant="borderless" title={t('menus.systemSetting')} data-testid="ldap-setting">
      <SecondaryVerificationSetting />
      <Divider />
      <Typography.Title level={5}>{t('ldap.title')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('ldap.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label={t('ldap.enabled')}>
          <Switch
            data-testid="ldap-enabled"
            checked={form.enabled}
            onChange={(enabled) => page.update({ enabled })}
          />
        </Form.Item>

        <Divider titlePlacement="start">{t('ldap.connection')}</Divider>
        <Form.Item label={t('ldap.url')} extra={t('ldap.urlHelp')} required {...check('url')}>
          {text('url', 'ldaps://dc.corp.example:636')}
        </Form.Item>
        <Form.Item {...check('startTls')}>
          <Checkbox
            checked={form.startTls}
            onChange={(event) => page.update({ startTls: event.target.checked })}
          >
            {t('ldap.startTls')}
          </Checkbox>
        </Form.Item>
        <Form.Item label={t('ldap.tlsCa')} extra={t('ldap.tlsCaHelp')} {...check('tlsCa')}>
          <Input.TextArea
            rows={3}
            value={form.tlsCa}
            placeholder="-----BEGIN CERTIFICATE-----"
            onChange={(event) => page.update({ tlsCa: event.target.value })}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox
            checked={form.tlsSkipVerify}
            onChange={(event) => page.update({ tlsSkipVerify: event.target.checked })}
          >
            {t('ldap.tlsSkipVerify')}
          </Checkbox>
          {form.tlsSkipVerify && (
            <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('ldap.tlsSkipVerifyWarning')} />
          )}
        </Form.Item>

        <Divider titlePlacement="start">{t('ldap.user')}</Divider>
        <Form.Item
          label={t('ldap.userDnTemplate')}
          extra={t('ldap.userDnTemplateHelp')}
          required
          {...check('userDnTemplate')}
        >
          {text('userDnTemplate', 'uid={username},ou=people,dc=corp,dc=example')}
        </Form.Item>
        <Form.Item label={t('ldap.baseDn')} required {...check('baseDn')}>
          {text('baseDn', 'dc=corp,dc=example')}
        </Form.Item>
        <Form.Item label={t('ldap.filter')} extra={t('ldap.filterHelp')} {...check('filter')}>
          {text('filter', '(uid={username})')}
        </Form.Item>
        <Space size="middle" align="start" style={{ display: 'flex' }}>
          {(['nameAttribute', 'mailAttribute', 'mobileAttribute'] as const).map((name) => (
            <Form.Item key={name} label={t(`ldap.${name}`)} {...check(name)}>
              {text(name)}
            </Form.Item>
          ))}
        </Space>
        <Form.Item label={t('ldap.domains')} extra={t('ldap.domainsHelp')} {...check('domains')}>
          <Select
            mode="tags"
            open={false}
            data-testid="ldap-domains"
            tokenSeparators={[',', ' ']}
            placeholder={t('ldap.domainsPlaceholder')}
            value={form.domains}
            onChange={(domains: string[]) => page.update({ domains })}
          />
        </Form.Item>
        <Form.Item label={t('ldap.provision')} extra={t('ldap.provisionHelp')}>
          <Switch
            data-testid="ldap-provision"
            checked={form.provision}
            onChange={(provision) => page.update({ provision })}
          />
        </Form.Item>
        <Space>
          <Button type="primary" loading={page.saving} onClick={() => void onSave()} data-testid="ldap-save">
            {t('ldap.save')}
          </Button>
          {page.updatedAt !== null && (
            <Typography.Text type="secondary">
              {t('ldap.updatedAt', { time: formatTime(page.updatedAt) })}
            </Typography.Text>
          )}
        </Space>
      </Form>

      <Divider />
      <Typography.Title level={5}>{t('ldap.test')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('ldap.testHelp')}</Typography.Paragraph>
      <Space.Compact style={{ maxWidth: 560, width: '100%' }}>
        <Input
          data-testid="ldap-test-username"
          placeholder={t('ldap.testUsername')}
          value={page.credentials.username}
          onChange={(event) => page.updateCredentials({ username: event.target.value })}
        />
        <Input.Password
          data-testid="ldap-test-password"
          placeholder={t('ldap.testPassword')}
          value={page.credentials.password}
          onChange={(event) => page.updateCredentials({ password: event.target.value })}
        />
        <Button loading={page.testing} onClick={() => void page.runTest()} data-testid="ldap-test">
          {t('ldap.runTest')}
        </Button>
      </Space.Compact>
      {page.testProblem && (
        <Alert style={{ marginTop: 16, maxWidth: 760 }} type="error" showIcon title={page.testProblem} />
      )}
      {page.result && (
        <div data-testid="ldap-test-result" style={{ marginTop: 16, maxWidth: 760 }}>
          <Alert type="success" showIcon title={t('ldap.testOk')} />
          <Descriptions
            style={{ marginTop: 12 }}
            column={1}
            size="small"
            bordered
            items={[
              { key: 'dn', label: t('ldap.result.dn'), children: page.result.dn },
              { key: 'name', label: t('ldap.result.name'), children: page.result.name },
              { key: 'mail', label: t('ldap.result.mail'), children: page.result.mail || t('common.none') },
              {
                key: 'mobile',
                label: t('ldap.result.mobile'),
                children: page.result.mobile || t('common.none'),
              },
              {
                key: 'account',
                label: t('ldap.result.account'),
                children: t(`ldap.match.${page.result.match}`, { account: page.result.account }),
              },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
