import { Alert, Button, Card, Empty, message, Segmented, Skeleton, Space, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useParams } from 'react-router-dom';
import { LABEL_COMPONENT_KINDS } from '../../../../domain/labels/label-limits';
import { useT } from '../../../i18n/use-t';
import { useLabelDesigner } from '../../../pages/label-templates/use-label-designer';
import { useLeaveGuard } from '../../../pages/label-templates/use-leave-guard';
import { designTemplatePath, PATHS } from '../../../pages/paths';
import { LabelAttributes } from './label-attributes';
import { KIND_MIME, LabelCanvas } from './label-canvas';
import { LabelPrintSheet } from './label-print-sheet';
import { ProblemAlert } from '../dialogs/problem-alert';

const ZOOMS = [1, 1.5, 2, 3, 4];

/**
 * Design label (/layout/tagsDesign/designTemplate/{id}): the palette, the true-size canvas with rulers and
 * zoom, the attribute panel; arrow keys nudge (Shift: 1 mm), Ctrl+Z / Ctrl+Y undo and redo, Delete removes;
 * leaving with unsaved changes asks first. System templates open read-only.
 */
export function LabelDesignerPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const page = useLabelDesigner(id);
  const [zoom, setZoom] = useState(2);
  const [printing, setPrinting] = useState(false);
  useLeaveGuard(page.dirty, designTemplatePath(id), t('labels.designer.leaveConfirm'), page.discard);
  const testPrint = () => {
    // The sheet must be in the document when the print dialog snapshots it.
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };

  const { template, selected } = page;
  if (!template) {
    return (
      <Card variant="borderless" title={t('labels.designer.title')}>
        <Skeleton active loading={!page.failed}>
          <Empty description={t('errors.labels.notFound')} />
        </Skeleton>
      </Card>
    );
  }
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && event.key.toLowerCase() === 'z') (event.shiftKey ? page.redo : page.undo)();
    else if (ctrl && event.key.toLowerCase() === 'y') page.redo();
    else if (!selected) return;
    else if (event.key === 'Delete') page.removeComponent(selected.Key);
    else {
      const step = event.shiftKey ? 1 : 0.1;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const delta = moves[event.key];
      if (!delta) return;
      page.nudge(selected.Key, delta[0], delta[1]);
    }
    event.preventDefault();
  };
  const onSave = async () => {
    if (await page.save()) void message.success(t('labels.designer.saved'));
  };
  const title = `${t('labels.designer.title')} · ${page.detail?.Name ?? ''} (${template.Width} × ${template.Height} mm)`;
  return (
    <Card
      variant="borderless"
      title={title}
      extra={
        <Space>
          <Button onClick={() => navigate(PATHS.tagsDesign)}>{t('labels.designer.back')}</Button>
          <Button onClick={page.undo} disabled={!page.canUndo} data-testid="label-undo">
            {t('labels.designer.undo')}
          </Button>
          <Button onClick={page.redo} disabled={!page.canRedo} data-testid="label-redo">
            {t('labels.designer.redo')}
          </Button>
          <Segmented
            value={zoom}
            onChange={(value) => setZoom(Number(value))}
            options={ZOOMS.map((z) => ({ value: z, label: `${z * 100}%` }))}
            data-testid="label-zoom"
          />
          <Button onClick={testPrint}>{t('labels.designer.testPrint')}</Button>
          <Button
            type="primary"
            disabled={page.readOnly}
            loading={page.saving}
            onClick={onSave}
            data-testid="label-save"
          >
            {t('labels.designer.save')}
          </Button>
        </Space>
      }
    >
      <ProblemAlert problem={page.problem} style={{ marginBottom: 12 }} data-testid="label-problem" />
      {page.readOnly && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('labels.designer.readOnly')} />
      )}
      <div style={{ display: 'grid', gridTemplateColumns: '140px minmax(0, 1fr) 300px', gap: 16 }}>
        <div data-testid="label-palette">
          <Typography.Text strong>{t('labels.designer.palette')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('labels.designer.paletteHint')}
          </Typography.Paragraph>
          <Space direction="vertical" style={{ width: '100%' }}>
            {LABEL_COMPONENT_KINDS.map((kind) => (
              <Button
                key={kind}
                block
                draggable={!page.readOnly}
                disabled={page.readOnly}
                data-testid={`label-palette-${kind}`}
                onDragStart={(event) => event.dataTransfer.setData(KIND_MIME, kind)}
                onClick={() => page.addComponent(kind, 0, 0)}
              >
                {t(`labels.kinds.${kind}`)}
              </Button>
            ))}
          </Space>
        </div>
        <div style={{ overflow: 'auto', padding: 8, background: '#f5f5f5', minHeight: 320 }}>
          <LabelCanvas
            template={template}
            logos={page.logos}
            zoom={zoom}
            selectedKey={selected?.Key ?? null}
            readOnly={page.readOnly}
            onSelect={page.select}
            onCommit={page.updateComponent}
            onDrop={page.addComponent}
            onKey={onKey}
          />
        </div>
        <div>
          <Typography.Text strong>{t('labels.designer.attributes')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {selected ? (
              <LabelAttributes
                component={selected}
                readOnly={page.readOnly}
                onChange={(changes) => page.updateComponent(selected.Key, changes)}
                onUpload={(file) => void page.uploadLogo(selected.Key, file)}
                onRemove={() => page.removeComponent(selected.Key)}
              />
            ) : (
              <Typography.Text type="secondary">{t('labels.designer.noSelection')}</Typography.Text>
            )}
          </div>
        </div>
      </div>
      {printing && (
        <div style={{ height: 0, overflow: 'hidden' }}>
          <LabelPrintSheet template={template} logos={page.logos} copies={1} />
        </div>
      )}
    </Card>
  );
}
