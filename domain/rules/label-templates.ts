import { LABEL_LIMITS } from '../labels/label-limits';
import type { LabelComponent, LabelTemplateInput } from '../schemas/label-templates';

/** A template that cannot be saved: the i18n key of why, and the component it is about. */
export interface LabelTemplateProblem {
  key:
    | 'errors.labels.keyDuplicate'
    | 'errors.labels.outsideLabel'
    | 'errors.labels.sizeInvalid'
    | 'errors.labels.tooLarge';
  params?: { key: string };
}

/** Rounding slack when comparing millimetres with two decimals. */
const EPSILON = 1e-6;

/** Whether a component lies wholly inside a label of this size (SPEC §5: a control must fit in the template). */
export function fitsInLabel(component: LabelComponent, label: { Width: number; Height: number }): boolean {
  return (
    component.X + component.Width <= label.Width + EPSILON &&
    component.Y + component.Height <= label.Height + EPSILON
  );
}

/** The size in bytes of a template as it is stored (its JSON, UTF-8). */
export function storedSizeOf(template: LabelTemplateInput): number {
  return new TextEncoder().encode(JSON.stringify(template)).length;
}

/**
 * Why a template (already shape-checked by its schema) cannot be saved, or null (SPEC §5): every KEY is
 * unique in the template (the schema makes it required), every component has an area and lies inside the
 * label, and the stored data is within the limit ('The data is too large.').
 */
export function labelTemplateProblem(template: LabelTemplateInput): LabelTemplateProblem | null {
  const keys = new Set<string>();
  for (const component of template.Components) {
    const key = component.Key.trim();
    if (keys.has(key)) return { key: 'errors.labels.keyDuplicate', params: { key } };
    keys.add(key);
    if (component.Width <= 0 || component.Height <= 0)
      return { key: 'errors.labels.sizeInvalid', params: { key } };
    if (!fitsInLabel(component, template)) return { key: 'errors.labels.outsideLabel', params: { key } };
  }
  if (storedSizeOf(template) > LABEL_LIMITS.storedBytesMax) return { key: 'errors.labels.tooLarge' };
  return null;
}

const roundMm = (value: number) => Math.round(value * 100) / 100;

/**
 * A component moved or resized so that it lies inside the label: what the designer applies to every drop,
 * drag, resize and nudge. A component larger than the label shrinks to it; positions keep two decimals.
 */
export function keepInsideLabel(
  component: LabelComponent,
  label: { Width: number; Height: number },
): LabelComponent {
  const width = roundMm(Math.min(Math.max(component.Width, 0.1), label.Width));
  const height = roundMm(Math.min(Math.max(component.Height, 0.1), label.Height));
  return {
    ...component,
    Width: width,
    Height: height,
    X: roundMm(Math.min(Math.max(component.X, 0), label.Width - width)),
    Y: roundMm(Math.min(Math.max(component.Y, 0), label.Height - height)),
  };
}

/** A key not yet used in the template, for a component just dropped: `text1`, `text2`, ... */
export function nextComponentKey(kind: string, components: readonly LabelComponent[]): string {
  const used = new Set(components.map((component) => component.Key));
  let n = 1;
  while (used.has(`${kind}${n}`)) n += 1;
  return `${kind}${n}`;
}
