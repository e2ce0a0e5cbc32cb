import { Button, Form, Input, InputNumber, Select, Switch, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import {
  BARCODE_TYPES,
  LABEL_LIMITS,
  QR_ERROR_CORRECTIONS,
  TEXT_ALIGNS,
  TEXT_POSITIONS,
} from '../../../../domain/labels/label-limits';
import type { LabelComponent } from '../../../../domain/schemas/label-templates';
import { useT } from '../../../i18n/use-t';

interface LabelAttributesProps {
  component: LabelComponent;
  readOnly: boolean;
  onChange: (changes: Partial<LabelComponent>) => void;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

/** The attribute panel (SPEC §3 component attributes) of the selected component, by kind. */
export function LabelAttributes({
  component: c,
  readOnly,
  onChange,
  onUpload,
  onRemove,
}: LabelAttributesProps) {
  const { t } = useT();
  const number = (field: keyof LabelComponent, label: ReactNode, min: number, max: number, step = 0.5) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber
        size="small"
        min={min}
        max={max}
        step={step}
        precision={2}
        data-testid={`label-attr-${field}`}
        value={c[field] as number | undefined}
        onChange={(value) => typeof value === 'number' && onChange({ [field]: value })}
      />
    </Form.Item>
  );
  const choice = <T extends string>(
    field: keyof LabelComponent,
    label: ReactNode,
    options: Array<{ value: T; label: string }>,
  ) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Select
        size="small"
        value={c[field] as T | undefined}
        options={options}
        onChange={(value: T) => onChange({ [field]: value })}
      />
    </Form.Item>
  );
  const toggle = (field: 'Bold' | 'Wrap', label: ReactNode) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <Switch size="small" checked={Boolean(c[field])} onChange={(on) => onChange({ [field]: on })} />
    </Form.Item>
  );
  const hasValue = ['barcode', 'qrcode', 'text'].includes(c.Kind);
  const isLine = ['hline', 'vline', 'split'].includes(c.Kind);
  const fontSize = number(
    'FontSize',
    t('labels.designer.fontSize'),
    LABEL_LIMITS.fontSize.min,
    LABEL_LIMITS.fontSize.max,
    1,
  );
  return (
    <Form layout="horizontal" labelCol={{ span: 10 }} disabled={readOnly} data-testid="label-attributes">
      <Form.Item label={t('labels.designer.key')} required style={{ marginBottom: 8 }}>
        <KeyField key={c.Key} value={c.Key} onOffer={(Key) => onChange({ Key })} />
      </Form.Item>
      {hasValue && (
        <Form.Item label={t('labels.designer.value')} style={{ marginBottom: 8 }}>
          <Input
            size="small"
            maxLength={LABEL_LIMITS.textMaxLength}
            data-testid="label-attr-Value"
            value={c.Value}
            onChange={(e) => onChange({ Value: e.target.value })}
          />
        </Form.Item>
      )}
      {number('X', t('labels.designer.x'), 0, LABEL_LIMITS.sizeMax)}
      {number('Y', t('labels.designer.y'), 0, LABEL_LIMITS.sizeMax)}
      {number('Width', t('labels.designer.width'), 0.1, LABEL_LIMITS.sizeMax)}
      {number('Height', t('labels.designer.height'), 0.1, LABEL_LIMITS.sizeMax)}
      {number('Index', t('labels.designer.index'), 0, 1000, 1)}
      {c.Kind === 'barcode' && (
        <>
          {choice(
            'BarcodeType',
            t('labels.designer.barcodeType'),
            BARCODE_TYPES.map((v) => ({ value: v, label: v })),
          )}
          {choice(
            'TextPosition',
            t('labels.designer.textPosition'),
            TEXT_POSITIONS.map((v) => ({ value: v, label: t(`labels.designer.textPositions.${v}`) })),
          )}
          {fontSize}
        </>
      )}
      {c.Kind === 'qrcode' &&
        choice(
          'ErrorCorrection',
          t('labels.designer.errorCorrection'),
          QR_ERROR_CORRECTIONS.map((v) => ({ value: v, label: t(`labels.designer.errorCorrections.${v}`) })),
        )}
      {c.Kind === 'text' && (
        <>
          {fontSize}
          {toggle('Bold', t('labels.designer.bold'))}
          {choice(
            'Align',
            t('labels.designer.align'),
            TEXT_ALIGNS.map((v) => ({ value: v, label: t(`labels.designer.aligns.${v}`) })),
          )}
          {toggle('Wrap', t('labels.designer.wrap'))}
          {number('Padding', t('labels.designer.padding'), 0, LABEL_LIMITS.paddingMax)}
        </>
      )}
      {isLine &&
        number(
          'LineWidth',
          t('labels.designer.lineWidth'),
          LABEL_LIMITS.lineWidth.min,
          LABEL_LIMITS.lineWidth.max,
          0.1,
        )}
      {c.Kind === 'image' && (
        <Form.Item
          label={t('labels.designer.logo')}
          extra={t('labels.designer.logoHint')}
          style={{ marginBottom: 8 }}
        >
          <Upload
            accept=".png,.jpg,.jpeg,.svg"
            showUploadList={false}
            beforeUpload={(file) => {
              onUpload(file);
              return false;
            }}
          >
            <Button size="small">{t('labels.designer.uploadLogo')}</Button>
          </Upload>
        </Form.Item>
      )}
      <Button danger size="small" onClick={onRemove} data-testid="label-remove">
        {t('labels.designer.remove')}
      </Button>
    </Form>
  );
}

/**
 * The KEY, typed freely and offered on Enter or when the field is left: a KEY typed letter by letter passes
 * through other components' KEYs (text1 on the way to text12), which the designer refuses. Keyed by the
 * stored KEY, so a refused or undone KEY shows the stored one again.
 */
function KeyField({ value, onOffer }: { value: string; onOffer: (key: string) => void }) {
  const [text, setText] = useState(value);
  const offer = () => {
    if (text !== value) onOffer(text);
  };
  return (
    <Input
      size="small"
      maxLength={LABEL_LIMITS.textMaxLength}
      data-testid="label-attr-Key"
      value={text}
      status={text.trim() === '' ? 'error' : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={offer}
      onPressEnter={offer}
    />
  );
}
