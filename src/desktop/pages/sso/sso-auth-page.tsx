import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  message,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Tabs,
  Typography,
} from 'antd';
import { ssoErrorReason } from '../../../../domain/rules/sso';
import type { SsoSetting } from '../../../../domain/schemas/sso';
import { type SsoRequestName, useSsoAuthPage } from '../../../pages/sso/use-sso-auth-page';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { SsoRequestTab } from './sso-request-tab';

type TextField = 'sourceUrl' | 'portalUrl' | 'oidcIssuer' | 'clientId' | 'clientSecret' | 'scope' | 'casUrl';

/** Single sign-on (/layout/sso/auth): SPEC's tabs, Debug, Apply, Enable (SPEC §4). */
export function SsoAuthPage() {
  const { t } = useT();
  const formatTime = useFormatTime();
  const page = useSsoAuthPage();
  const { form, config } = page;

  if (page.status !== 'ready' || !config) {
    return (
      <Card variant="borderless" title={t('sso.title')}>
        <Skeleton active loading={page.status === 'loading'}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const check = (name: string) => {
    const key = page.problems[name];
    return key ? { validateStatus: 'error' as const, help: t(key) } : {};
  };
  const text = (name: TextField, placeholder?: string) => (
    <Input
      data-testid={`sso-${name}`}
      value={form[name]}
      placeholder={placeholder}
      type={name === 'clientSecret' ? 'password' : 'text'}
      onChange={(event) => page.update({ [name]: event.target.value } as Partial<SsoSetting>)}
    />
  );
  const apply = async () => {
    if (await page.apply()) void message.success(t('sso.applied'));
  };
  const enable = () =>
    Modal.confirm({
      title: t('sso.actions.enable'),
      content: t('sso.enableConfirm'),
      onOk: async () => {
        const ended = await page.setEnabled(true);
        if (ended !== null) void message.success(t('sso.enabledDone', { count: ended }));
      },
    });
  const debug = config.lastDebug;
  const state = config.enabled ? 'enabled' : config.setting ? 'applied' : 'unconfigured';
  const cas = form.type === 'cas';

  const basic = (
    <Form layout="vertical" style={{ maxWidth: 760 }}>
      <Form.Item label={t('sso.fields.type')}>
        <Radio.Group
          data-testid="sso-type"
          value={form.type}
          options={(['oauth2', 'cas'] as const).map((value) => ({
            value,
            label: t(`sso.fields.types.${value}`),
          }))}
          onChange={(event) => page.update({ type: event.target.value as SsoSetting['type'] })}
        />
      </Form.Item>
      <Form.Item label={t('sso.fields.sourceUrl')} {...check('sourceUrl')}>
        {text('sourceUrl')}
      </Form.Item>
      <Form.Item label={t('sso.fields.portalUrl')} {...check('portalUrl')}>
        {text('portalUrl')}
      </Form.Item>
      {cas ? (
        <>
          <Form.Item label={t('sso.fields.casUrl')} required {...check('casUrl')}>
            {text('casUrl', 'https://cas.corp.example/cas')}
          </Form.Item>
          <Form.Item label={t('sso.fields.casVersion')}>
            <Select
              style={{ width: 120 }}
              value={form.casVersion}
              options={['2.0', '3.0'].map((value) => ({ value, label: value }))}
              onChange={(casVersion: '2.0' | '3.0') => page.update({ casVersion })}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item label={t('sso.fields.oidcIssuer')} {...check('oidcIssuer')}>
            <Space.Compact style={{ width: '100%' }}>
              {text('oidcIssuer', 'https://idp.corp.example')}
              <Button disabled={!form.oidcIssuer} loading={page.busy} onClick={() => void page.discover()}>
                {t('sso.fields.discover')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('sso.fields.clientId')} required {...check('clientId')}>
            {text('clientId')}
          </Form.Item>
          <Form.Item
            label={t('sso.fields.clientSecret')}
            extra={config.hasClientSecret ? t('sso.fields.clientSecretKept') : undefined}
          >
            {text('clientSecret')}
          </Form.Item>
          <Form.Item label={t('sso.fields.scope')}>{text('scope')}</Form.Item>
        </>
      )}
      <Form.Item label={t('sso.fields.mapping')} {...check('mapping')}>
        <Space wrap>
          {(['externalId', 'email', 'mobile', 'name'] as const).map((field) => (
            <Input
              key={field}
              addonBefore={t(`sso.fields.${field}`)}
              data-testid={`sso-map-${field}`}
              value={form.mapping[field]}
              onChange={(event) => page.updateMapping({ [field]: event.target.value })}
            />
          ))}
        </Space>
      </Form.Item>
    </Form>
  );
  const requests: SsoRequestName[] = ['authorize', 'token', 'user', 'logout'];

  return (
    <Card variant="borderless" title={t('sso.title')} data-testid="sso-auth">
      <Alert
        type={config.enabled ? 'success' : 'info'}
        showIcon
        data-testid="sso-state"
        title={t(`sso.state.${state}`)}
        description={
          config.setting ? t(config.debugged ? 'sso.state.debugged' : 'sso.state.notDebugged') : undefined
        }
      />
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('sso.callbackUrl')}>
          <Typography.Text copyable data-testid="sso-callback">
            {config.callbackUrl}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('sso.logoutReturnUrl')}>
          <Typography.Text copyable data-testid="sso-logout-return">
            {config.logoutReturnUrl}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('sso.signInUrl')}>
          <Typography.Text copyable>{config.signInUrl}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {debug && (
        <Alert
          style={{ marginBottom: 16 }}
          type={debug.ok ? 'success' : 'error'}
          data-testid="sso-debug-result"
          title={`${t('sso.debugResult')} · ${formatTime(debug.at)}`}
          description={
            debug.ok && debug.identity
              ? `${t('sso.debugOk')} ${debug.identity.externalId} · ${debug.identity.email ?? '-'} · ${debug.identity.mobile ?? '-'} · ${debug.identity.name ?? '-'} — ${debug.account ? t('sso.debugAccount', { account: debug.account }) : t('sso.debugNoAccount')}`
              : t('sso.debugFailed', { reason: debug.error ? t(ssoErrorReason(debug.error)) : '' })
          }
        />
      )}
      <Tabs
        items={[
          { key: 'basic', label: t('sso.tabs.basic'), children: basic },
          ...(cas
            ? []
            : requests.map((name) => ({
                key: name,
                label: t(`sso.tabs.${name}`),
                children: <SsoRequestTab page={page} name={name} />,
              }))),
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button
          data-testid="sso-debug"
          disabled={!config.setting}
          onClick={() => {
            if (!page.debug()) void message.error(t('sso.popupBlocked'));
          }}
        >
          {t('sso.actions.debug')}
        </Button>
        <Button data-testid="sso-apply" type="primary" loading={page.busy} onClick={() => void apply()}>
          {t('sso.actions.apply')}
        </Button>
        {config.enabled ? (
          <Button danger data-testid="sso-disable" onClick={() => void page.setEnabled(false)}>
            {t('sso.actions.disable')}
          </Button>
        ) : (
          <Button data-testid="sso-enable" disabled={!config.debugged} onClick={enable}>
            {t('sso.actions.enable')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
