import { renderLabelSvg } from '../../../../domain/labels/render-label';
import type { LabelTemplateInput } from '../../../../domain/schemas/label-templates';

/**
 * Labels laid out for printing: each one its template's physical size in CSS millimetres, one per printed
 * page, and an `@page` of that size with no margin, so a 50 × 30 mm label prints at 50 × 30 mm. When
 * printing, everything else on the screen is hidden.
 */
export function LabelPrintSheet({
  template,
  logos,
  copies,
}: {
  template: Pick<LabelTemplateInput, 'Width' | 'Height' | 'Components'>;
  logos: Record<string, string>;
  copies: number;
}) {
  const svg = renderLabelSvg(template, {}, { logos });
  const width = `${template.Width}mm`;
  const height = `${template.Height}mm`;
  const css =
    `@page { size: ${width} ${height}; margin: 0; }` +
    '@media print { body * { visibility: hidden !important; } ' +
    '.label-print-sheet, .label-print-sheet * { visibility: visible !important; } ' +
    '.label-print-sheet { position: absolute; left: 0; top: 0; } ' +
    '.label-print-page { break-after: page; box-shadow: none !important; margin: 0 !important; } }';
  return (
    <div className="label-print-sheet" data-testid="label-print-sheet">
      <style>{css}</style>
      {Array.from({ length: copies }, (_, i) => (
        <div
          key={i}
          className="label-print-page"
          data-testid="label-print-page"
          style={{
            width,
            height,
            overflow: 'hidden',
            marginBottom: 8,
            boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
          }}
          // The shared renderer's own markup: every value in it is escaped.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      ))}
    </div>
  );
}
