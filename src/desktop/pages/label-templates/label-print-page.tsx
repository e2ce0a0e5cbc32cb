import { Button, Card, Empty, InputNumber, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { LabelTemplateDetail } from '../../../../domain/schemas/label-templates';
import { getLabelTemplate } from '../../../adapters/label-templates-api';
import { useT } from '../../../i18n/use-t';
import { PATHS } from '../../../pages/paths';
import { LabelPrintSheet } from './label-print-sheet';

/**
 * Print labels (/layout/tagsDesign/print/{id}): the saved template at its physical size (CSS mm, `@page`
 * of the label's size), as many copies as asked, printed with the browser's print dialog.
 */
export function LabelPrintPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const [template, setTemplate] = useState<LabelTemplateDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [copies, setCopies] = useState(1);
  useEffect(() => {
    let live = true;
    getLabelTemplate(id).then(
      (loaded) => live && setTemplate(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <Card
      variant="borderless"
      title={`${t('labels.printPage.title')}${template ? ` · ${template.Name}` : ''}`}
      extra={
        <Space>
          <Button onClick={() => navigate(PATHS.tagsDesign)}>{t('labels.designer.back')}</Button>
          {t('labels.printPage.copies')}
          <InputNumber min={1} max={100} precision={0} value={copies} onChange={(n) => setCopies(n ?? 1)} />
          <Button
            type="primary"
            disabled={!template}
            onClick={() => window.print()}
            data-testid="label-print"
          >
            {t('labels.printPage.print')}
          </Button>
        </Space>
      }
    >
      {template ? (
        <LabelPrintSheet template={template} logos={template.Logos} copies={copies} />
      ) : (
        <Skeleton active loading={!failed}>
          <Empty description={t('errors.labels.notFound')} />
        </Skeleton>
      )}
    </Card>
  );
}
