import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import type { LdapSetting } from '../../../../domain/schemas/ldap';
import { useLdapSettingPage } from '../../../pages/ldap/use-ldap-setting-page';
import { Toast } from '../../imperative';
import { useT } from '../../../i18n/use-t';
import { SecondaryVerificationSetting } from '../secondary-verification/secondary-verification-setting';
import './ldap-setting-page.css';

type TextField =
  'url' | 'userDnTemplate' | 'baseDn' | 'filter' | 'nameAttribute' | 'mailAttribute' | 'mobileAttribute';

const TEXT_FIELDS: ReadonlyArray<readonly [TextField, string]> = [
  ['url', 'ldaps://dc.corp.example:636'],
  ['userDnTemplate', 'uid={username},ou=people,dc=corp,dc=example'],
  ['baseDn', 'dc=corp,dc=example'],
  ['filter', '(uid={username})'],
  ['nameAttribute', 'cn'],
  ['mailAttribute', 'mail'],
  ['mobileAttribute', 'mobile'],
];

/** Comma-separated domains, kept as typed until the list changes (a trailing comma must survive typing). */
function DomainsInput({ value, onChange }: { value: string[]; onChange: (domains: string[]) => void }) {
  const [textValue, setTextValue] = useState(value.join(', '));
  return (
    <Input
      value={textValue}
      placeholder="corp.example, CORP"
      onChange={(next) => {
        setTextValue(next);
        onChange(next.split(/[,\s]+/).filter(Boolean));
      }}
    />
  );
}

/** System settings on a phone: the organisation's domain-account (AD/LDAP) sign-in. */
export function LdapSettingPage() {
  const { t } = useT();
  const page = useLdapSettingPage();
  const { form } = page;
  const problem = (name: keyof LdapSetting) => {
    const key = page.problems[name];
    const text = key ? t(key) : name === 'url' ? page.urlRefusal : null;
    return text ? <span style={{ color: 'var(--adm-color-danger)' }}>{text}</span> : undefined;
  };
  const onSave = async () => {
    if (await page.save()) Toast.show({ icon: 'success', content: t('ldap.saved') });
  };

  if (page.status !== 'ready') {
    return page.status === 'loading' ? (
      <Skeleton.Paragraph lineCount={8} animated />
    ) : (
      <p>{t('status.loadFailed')}</p>
    );
  }

  return (
    <div data-testid="ldap-setting">
      <div className="m-settings-head">
        <h1>{t('menus.systemSetting')}</h1>
      </div>
      <SecondaryVerificationSetting />
      <Form
        layout="vertical"
        mode="card"
        footer={
          <Button
            block
            color="primary"
            loading={page.saving}
            onClick={() => void onSave()}
            data-testid="ldap-save"
          >
            {t('ldap.save')}
          </Button>
        }
      >
        <Form.Header>{t('ldap.title')}</Form.Header>
        <Form.Item label={t('ldap.enabled')} childElementPosition="right">
          <Switch checked={form.enabled} onChange={(enabled) => page.update({ enabled })} />
        </Form.Item>
        {TEXT_FIELDS.map(([name, placeholder]) => (
          <Form.Item key={name} label={t(`ldap.${name}`)} description={problem(name)}>
            <Input
              data-testid={`ldap-${name}`}
              value={form[name]}
              placeholder={placeholder}
              onChange={(value) => page.update({ [name]: value })}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('ldap.domains')} description={problem('domains')}>
          <DomainsInput value={form.domains} onChange={(domains) => page.update({ domains })} />
        </Form.Item>
        <Form.Item label={t('ldap.tlsCa')} description={problem('tlsCa')}>
          <TextArea
            rows={3}
            value={form.tlsCa}
            placeholder="-----BEGIN CERTIFICATE-----"
            onChange={(tlsCa) => page.update({ tlsCa })}
          />
        </Form.Item>
        <Form.Item description={problem('startTls')}>
          <Checkbox checked={form.startTls} onChange={(startTls) => page.update({ startTls })}>
            {t('ldap.startTls')}
          </Checkbox>
        </Form.Item>
        <Form.Item>
          <Checkbox checked={form.tlsSkipVerify} onChange={(tlsSkipVerify) => page.update({ tlsSkipVerify })}>
            {t('ldap.tlsSkipVerify')}
          </Checkbox>
        </Form.Item>
        <Form.Item
          label={t('ldap.provision')}
          description={t('ldap.provisionHelp')}
          childElementPosition="right"
        >
          <Switch checked={form.provision} onChange={(provision) => page.update({ provision })} />
        </Form.Item>
      </Form>

      <Form
        layout="vertical"
        mode="card"
        footer={
          <Button block loading={page.testing} onClick={() => void page.runTest()}>
            {t('ldap.runTest')}
          </Button>
        }
      >
        <Form.Header>{t('ldap.test')}</Form.Header>
        <Form.Item label={t('ldap.testUsername')}>
          <Input
            value={page.credentials.username}
            onChange={(username) => page.updateCredentials({ username })}
          />
        </Form.Item>
        <Form.Item label={t('ldap.testPassword')}>
          <Input
            type="password"
            value={page.credentials.password}
            onChange={(password) => page.updateCredentials({ password })}
          />
        </Form.Item>
      </Form>
      {page.testProblem && <NoticeBar color="error" wrap content={page.testProblem} />}
      {page.result && (
        <NoticeBar
          color="info"
          wrap
          content={`${t('ldap.testOk')}: ${page.result.name} · ${page.result.mail || page.result.mobile || page.result.dn} · ${t(`ldap.match.${page.result.match}`, { account: page.result.account })}`}
        />
      )}
    </div>
  );
}
