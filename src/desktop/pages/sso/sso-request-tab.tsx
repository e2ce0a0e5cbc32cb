import { Button, Form, Input, Select, Space, Table } from 'antd';
import {
  SSO_CONTEXT_VALUES,
  SSO_DYNAMIC_VALUES,
  SSO_FIELD_TYPES,
  SSO_FORM_TYPES,
  SSO_VALUE_SOURCES,
  type SsoParam,
} from '../../../../domain/schemas/sso';
import type { useSsoAuthPage, SsoRequestName } from '../../../pages/sso/use-sso-auth-page';
import { useT } from '../../../i18n/use-t';

type Page = ReturnType<typeof useSsoAuthPage>;

/** One of the authorisation, token, user and logout tabs: method, address, parameters, answer path. */
export function SsoRequestTab({ page, name }: { page: Page; name: SsoRequestName }) {
  const { t } = useT();
  const request = page.form[name];
  const problem = (path: string) => {
    const key = page.problems[`${name}.${path}`] ?? (path === 'url' ? page.problems[name] : undefined);
    return key ? { validateStatus: 'error' as const, help: t(key) } : {};
  };
  const edit = (index: number, patch: Partial<SsoParam>) => page.updateParam(name, index, patch);
  return (
    <Form layout="vertical" style={{ maxWidth: 960 }}>
      <Space align="start">
        <Form.Item label={t('sso.fields.method')}>
          <Select
            style={{ width: 110 }}
            value={request.method}
            options={['GET', 'POST'].map((value) => ({ value, label: value }))}
            onChange={(method: 'GET' | 'POST') => page.updateRequest(name, { method })}
          />
        </Form.Item>
        <Form.Item label={t('sso.fields.url')} {...problem('url')} style={{ width: 620 }}>
          <Input
            data-testid={`sso-${name}-url`}
            value={request.url}
            onChange={(event) => page.updateRequest(name, { url: event.target.value })}
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('sso.fields.params')} {...problem('params')}>
        <Table<SsoParam & { index: number }>
          size="small"
          pagination={false}
          rowKey="index"
          dataSource={request.params.map((param, index) => ({ ...param, index }))}
          columns={[
            {
              title: t('sso.fields.paramName'),
              render: (_, row) => (
                <Input value={row.name} onChange={(event) => edit(row.index, { name: event.target.value })} />
              ),
            },
            {
              title: t('sso.fields.formType'),
              render: (_, row) => (
                <Select
                  style={{ width: 110 }}
                  value={row.formType}
                  options={SSO_FORM_TYPES.map((value) => ({ value, label: t(`sso.formTypes.${value}`) }))}
                  onChange={(formType) => edit(row.index, { formType })}
                />
              ),
            },
            {
              title: t('sso.fields.fieldType'),
              render: (_, row) => (
                <Select
                  style={{ width: 100 }}
                  value={row.fieldType}
                  options={SSO_FIELD_TYPES.map((value) => ({ value, label: t(`sso.fieldTypes.${value}`) }))}
                  onChange={(fieldType) => edit(row.index, { fieldType })}
                />
              ),
            },
            {
              title: t('sso.fields.source'),
              render: (_, row) => (
                <Select
                  style={{ width: 100 }}
                  value={row.source}
                  options={SSO_VALUE_SOURCES.map((value) => ({ value, label: t(`sso.sources.${value}`) }))}
                  onChange={(source) => edit(row.index, { source, value: '' })}
                />
              ),
            },
            {
              title: t('sso.fields.value'),
              render: (_, row) =>
                row.source === 'constant' ? (
                  <Input
                    value={row.value}
                    onChange={(event) => edit(row.index, { value: event.target.value })}
                  />
                ) : (
                  <Select
                    style={{ width: 150 }}
                    value={row.value || undefined}
                    options={(row.source === 'dynamic' ? SSO_DYNAMIC_VALUES : SSO_CONTEXT_VALUES).map(
                      (value) => ({
                        value,
                        label: value,
                      }),
                    )}
                    onChange={(value: string) => edit(row.index, { value })}
                  />
                ),
            },
            {
              render: (_, row) => (
                <Button type="link" danger onClick={() => page.removeParam(name, row.index)}>
                  {t('sso.fields.remove')}
                </Button>
              ),
            },
          ]}
        />
        <Button style={{ marginTop: 8 }} onClick={() => page.addParam(name)}>
          {t('sso.fields.addParam')}
        </Button>
      </Form.Item>
      {name === 'token' && (
        <Form.Item label={t('sso.fields.mappingPath')} {...problem('mappingPath')}>
          <Input
            value={request.mappingPath}
            placeholder="access_token"
            onChange={(event) => page.updateRequest(name, { mappingPath: event.target.value })}
          />
        </Form.Item>
      )}
    </Form>
  );
}
