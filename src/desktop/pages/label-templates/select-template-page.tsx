import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { LABEL_LIMITS, LABEL_TEMPLATE_TYPES } from '../../../../domain/labels/label-limits';
import { useT } from '../../../i18n/use-t';
import { useSelectTemplate } from '../../../pages/label-templates/use-select-template';
import { designTemplatePath, PATHS } from '../../../pages/paths';

/**
 * Choose label template (/layout/tagsDesign/selectTemplate): start blank or from a template, give the
 * name, type and size in mm, then design it.
 */
export function SelectTemplatePage() {
  const { t } = useT();
  const navigate = useNavigate();
  const page = useSelectTemplate();
  const { form } = page;
  const onStart = async () => {
    const id = await page.create();
    if (id) navigate(designTemplatePath(id));
  };
  const size = (field: 'Width' | 'Height') => (
    <InputNumber
      min={0.01}
      max={LABEL_LIMITS.sizeMax}
      step={1}
      data-testid={`label-new-${field.toLowerCase()}`}
      value={form[field]}
      onChange={(value) => page.update({ [field]: typeof value === 'number' ? value : null })}
    />
  );
  return (
    <Card variant="borderless" title={t('labels.select.title')}>
      <Form layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item label={t('labels.select.base')}>
          <Radio.Group
            value={form.baseId}
            onChange={(e) => page.update({ baseId: e.target.value as string })}
          >
            <Space direction="vertical">
              <Radio value="" data-testid="label-new-blank">
                {t('labels.select.blank')} · {t('labels.select.blankHint')}
              </Radio>
              {page.templates.map((template) => (
                <Radio key={template.ID} value={template.ID}>
                  {template.Name} ({template.Width} × {template.Height} mm)
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('labels.select.name')} required>
          <Input
            maxLength={LABEL_LIMITS.textMaxLength}
            data-testid="label-new-name"
            value={form.Name}
            onChange={(e) => page.update({ Name: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('labels.select.type')}>
          <Select
            value={form.Type}
            onChange={(Type) => page.update({ Type })}
            options={LABEL_TEMPLATE_TYPES.map((type) => ({ value: type, label: t(`labels.types.${type}`) }))}
          />
        </Form.Item>
        <Space size="large">
          <Form.Item label={t('labels.select.width')} extra={t('labels.select.sizeHint')}>
            {size('Width')}
          </Form.Item>
          <Form.Item label={t('labels.select.height')}>{size('Height')}</Form.Item>
        </Space>
        {page.problem && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t(page.problem)}
            data-testid="label-new-error"
          />
        )}
        <Space>
          <Button onClick={() => navigate(PATHS.tagsDesign)}>{t('labels.designer.back')}</Button>
          <Button type="primary" loading={page.creating} onClick={onStart} data-testid="label-new-start">
            {t('labels.select.start')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
