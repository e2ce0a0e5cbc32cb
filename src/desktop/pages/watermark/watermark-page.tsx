import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Space,
  Switch,
  Upload,
} from 'antd';
import { PRODUCT_CODES } from '../../../../domain/constants';
import {
  WATERMARK_CONTENTS,
  WATERMARK_DENSITIES,
  WATERMARK_DISPLAY_TYPES,
  WATERMARK_LIMITS,
  type WatermarkDensity,
} from '../../../../domain/rules/watermark';
import { useT } from '../../../i18n/use-t';
import { useWatermarkPage } from '../../../pages/watermark/use-watermark-page';
import { WatermarkOverlay } from '../../../pages/watermark/watermark-overlay';

const { size, depth, textLength } = WATERMARK_LIMITS;

/** System settings > Watermark (/layout/systemSetting?tab=watermark): the settings beside a live preview. */
export function WatermarkPage() {
  const { t } = useT();
  const page = useWatermarkPage();
  const { form } = page;
  if (!form) {
    return (
      <Card variant="borderless" title={t('watermark.title')}>
        <Skeleton active loading={!page.failed} paragraph={{ rows: 6 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const whole = (value: number | null, fallback: number) => (typeof value === 'number' ? value : fallback);
  return (
    <Card variant="borderless" title={t('watermark.title')} data-testid="watermark">
      <div style={{ display: 'flex', gap: 32, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Form layout="vertical" style={{ flex: '1 1 460px', maxWidth: 560 }}>
          <Form.Item label={t('watermark.enabled')}>
            <Switch
              data-testid="watermark-switch"
              checked={form.Enabled}
              loading={page.busy}
              onChange={(on) => void page.toggle(on)}
            />
          </Form.Item>
          <Form.Item label={t('watermark.text')}>
            <Input
              data-testid="watermark-text"
              maxLength={textLength}
              showCount
              placeholder={t('watermark.textPlaceholder')}
              value={form.Text}
              onChange={(event) => page.change({ Text: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('watermark.content')}>
            <Checkbox.Group
              data-testid="watermark-contents"
              value={form.Contents}
              onChange={(values) => page.change({ Contents: values })}
              options={WATERMARK_CONTENTS.map((value) => ({
                value,
                label: t(`watermark.contents.${value}`),
              }))}
            />
          </Form.Item>
          <Space size={24} wrap>
            <Form.Item label={t('watermark.wrap')}>
              <Switch
                data-testid="watermark-wrap"
                checked={form.Wrap}
                onChange={(Wrap) => page.change({ Wrap })}
              />
            </Form.Item>
            <Form.Item label={t('watermark.size')}>
              <InputNumber
                data-testid="watermark-size"
                min={size.min}
                max={size.max}
                precision={0}
                value={form.Size}
                onChange={(value) => page.change({ Size: whole(value, form.Size) })}
              />
            </Form.Item>
            <Form.Item label={t('watermark.depth')}>
              <InputNumber
                data-testid="watermark-depth"
                min={depth.min}
                max={depth.max}
                precision={0}
                suffix="%"
                value={form.Depth}
                onChange={(value) => page.change({ Depth: whole(value, form.Depth) })}
              />
            </Form.Item>
          </Space>
          <Form.Item label={t('watermark.density')}>
            <Radio.Group
              data-testid="watermark-density"
              value={form.Density}
              onChange={(event) => page.change({ Density: event.target.value as WatermarkDensity })}
              options={(Object.keys(WATERMARK_DENSITIES) as WatermarkDensity[]).map((value) => ({
                value,
                label: t(`watermark.densities.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('watermark.displayType')}>
            <Radio.Group
              data-testid="watermark-display"
              value={form.DisplayType}
              onChange={(event) =>
                page.change({ DisplayType: event.target.value as (typeof WATERMARK_DISPLAY_TYPES)[number] })
              }
              options={WATERMARK_DISPLAY_TYPES.map((value) => ({
                value,
                label: t(`watermark.displayTypes.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('watermark.image')} extra={t('watermark.imageHint')}>
            <Space>
              <Upload
                accept=".png,.jpg,.jpeg"
                showUploadList={false}
                beforeUpload={(file) => {
                  void page.pickImage(file);
                  return false;
                }}
              >
                <Button data-testid="watermark-upload">{t('watermark.upload')}</Button>
              </Upload>
              {form.Image && (
                <>
                  <img src={form.Image} alt="" style={{ height: 32 }} />
                  <Button type="link" onClick={() => page.change({ Image: '' })}>
                    {t('watermark.removeImage')}
                  </Button>
                </>
              )}
            </Space>
          </Form.Item>
          <Form.Item label={t('watermark.products')} extra={t('watermark.productsHint')}>
            <Select
              data-testid="watermark-products"
              mode="multiple"
              allowClear
              value={form.Products}
              onChange={(Products) => page.change({ Products })}
              options={PRODUCT_CODES.map((value) => ({ value, label: t(`products.${value}.name`) }))}
            />
          </Form.Item>
          {page.problem && (
            <Alert
              type="error"
              showIcon
              data-testid="watermark-problem"
              style={{ marginBottom: 16 }}
              message={t(page.problem.key, page.problem.params)}
            />
          )}
          {page.saved && (
            <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('watermark.saved')} />
          )}
          <Button
            type="primary"
            data-testid="watermark-save"
            loading={page.busy}
            onClick={() => void page.save()}
          >
            {t('watermark.save')}
          </Button>
        </Form>
        <div style={{ flex: '1 1 360px' }}>
          <div style={{ marginBottom: 8, fontWeight: 500 }}>{t('watermark.preview')}</div>
          <div
            data-testid="watermark-preview"
            style={{
              position: 'relative',
              height: 360,
              border: '1px solid #e5e6eb',
              borderRadius: 8,
              background: '#fafafa',
              overflow: 'hidden',
            }}
          >
            <WatermarkOverlay style={page.preview} contained />
          </div>
        </div>
      </div>
    </Card>
  );
}
