import type { LabelComponent, LabelRecord, LabelTemplateInput } from '../schemas/label-templates';
import { barcodeSvg } from './barcode-svg';
import { qrSvg } from './qr-svg';
import { escapeXml, mm, unreadablePlaceholder } from './svg-markup';
import { textSvg } from './text-svg';

/** What the renderer needs besides the template and the record. */
export interface LabelRenderOptions {
  /** Label icons by id, as data: URLs (the server sanitised SVGs before storing them). */
  logos?: Readonly<Record<string, string>>;
}

/** The value a component shows: the record's field named by its Key, else its own Value. */
export function componentValue(component: LabelComponent, record: LabelRecord): string {
  const field = record[component.Key];
  if (field !== undefined && field !== null) return String(field);
  return component.Value ?? '';
}

/** A straight line across the box's middle, horizontal or vertical, optionally dashed (a split). */
function lineSvg(component: LabelComponent, vertical: boolean, dashed: boolean): string {
  const { Width: width, Height: height } = component;
  const stroke = component.LineWidth ?? 0.3;
  const dash = dashed ? ` stroke-dasharray="${mm(stroke * 4)} ${mm(stroke * 2)}"` : '';
  const d = vertical ? `M${mm(width / 2)} 0V${mm(height)}` : `M0 ${mm(height / 2)}H${mm(width)}`;
  return `<path d="${d}" stroke="#000" stroke-width="${mm(stroke)}"${dash} fill="none"/>`;
}

function imageSvg(component: LabelComponent, logos: Readonly<Record<string, string>>): string {
  const href = component.LogoId ? logos[component.LogoId] : undefined;
  if (!href) return unreadablePlaceholder(component.Width, component.Height);
  return (
    `<image href="${escapeXml(href)}" x="0" y="0" width="${mm(component.Width)}" ` +
    `height="${mm(component.Height)}" preserveAspectRatio="xMidYMid meet"/>`
  );
}

/** The markup of one component's content, in its own box's coordinates. */
export function componentContent(
  component: LabelComponent,
  record: LabelRecord,
  options: LabelRenderOptions = {},
): string {
  switch (component.Kind) {
    case 'barcode':
      return barcodeSvg(component, componentValue(component, record));
    case 'qrcode':
      return qrSvg(component, componentValue(component, record));
    case 'text':
      return textSvg(component, componentValue(component, record));
    case 'image':
      return imageSvg(component, options.logos ?? {});
    case 'hline':
      return lineSvg(component, false, false);
    case 'vline':
      return lineSvg(component, true, false);
    case 'split':
      return lineSvg(component, component.Height > component.Width, true);
  }
}

/**
 * A label as a standalone SVG document at its physical size (width and height in mm, one user unit per mm):
 * the designer's preview, the print page and the products' render endpoint all draw with this, so what is
 * designed is what is printed. Components are drawn in `Index` order (then list order), each clipped to its
 * box. Every value from the record is escaped.
 */
export function renderLabelSvg(
  template: Pick<LabelTemplateInput, 'Width' | 'Height' | 'Components'>,
  record: LabelRecord = {},
  options: LabelRenderOptions = {},
): string {
  const width = mm(template.Width);
  const height = mm(template.Height);
  const ordered = template.Components.map((component, order) => ({ component, order })).sort(
    (a, b) => (a.component.Index ?? 0) - (b.component.Index ?? 0) || a.order - b.order,
  );
  const body = ordered
    .map(
      ({ component }) =>
        `<svg x="${mm(component.X)}" y="${mm(component.Y)}" width="${mm(component.Width)}" ` +
        `height="${mm(component.Height)}" overflow="hidden">${componentContent(component, record, options)}</svg>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" ` +
    `viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#fff"/>${body}</svg>`
  );
}
