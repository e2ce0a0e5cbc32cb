import { describe, expect, it } from 'vitest';
import {
  keepInsideLabel,
  labelTemplateProblem,
  nextComponentKey,
} from '../../../domain/rules/label-templates';
import type { LabelComponent, LabelTemplateInput } from '../../../domain/schemas/label-templates';

const text = (overrides: Partial<LabelComponent> = {}): LabelComponent => ({
  Key: 'lot',
  Kind: 'text',
  X: 1,
  Y: 1,
  Width: 10,
  Height: 5,
  ...overrides,
});
const template = (...components: LabelComponent[]): LabelTemplateInput => ({
  Name: 'Tube',
  Type: 'sample',
  Width: 50,
  Height: 30,
  Components: components,
});

describe('labelTemplateProblem', () => {
  it.each([
    ['accepts components inside the label, edges included', [text(), text({ Key: 'b', X: 40, Y: 25 })], null],
    ['refuses a repeated KEY', [text(), text({ X: 20 })], 'errors.labels.keyDuplicate'],
    ['refuses a KEY repeated with spaces', [text(), text({ Key: ' lot ' })], 'errors.labels.keyDuplicate'],
    ['refuses a component over the right edge', [text({ X: 40.01 })], 'errors.labels.outsideLabel'],
    ['refuses a component over the bottom edge', [text({ Y: 25.5 })], 'errors.labels.outsideLabel'],
    ['refuses a component without area', [text({ Width: 0 })], 'errors.labels.sizeInvalid'],
  ])('%s', (_name, components, expected) => {
    expect(labelTemplateProblem(template(...components))?.key ?? null).toBe(expected);
  });

  it("says 'too large' above the stored-size limit", () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      text({ Key: `k${i}-${'x'.repeat(44)}`, Value: 'v'.repeat(49), Align: 'center', FontSize: 8 }),
    );
    expect(labelTemplateProblem(template(...many))).toEqual({ key: 'errors.labels.tooLarge' });
  });
});

describe('keepInsideLabel', () => {
  const size = { Width: 50, Height: 30 };
  it.each([
    ['leaves a component inside alone', text(), text()],
    ['pulls one dropped past the right edge back', text({ X: 45 }), text({ X: 40 })],
    ['pulls one dragged above the top back', text({ Y: -3 }), text({ Y: 0 })],
    ['shrinks one larger than the label', text({ Width: 80 }), text({ X: 0, Width: 50 })],
    ['keeps two decimals', text({ X: 1.23456 }), text({ X: 1.23 })],
  ])('%s', (_name, component, expected) => {
    expect(keepInsideLabel(component, size)).toEqual(expected);
  });
});

describe('nextComponentKey', () => {
  it('numbers a kind past the keys in use', () => {
    expect(nextComponentKey('text', [text({ Key: 'text1' }), text({ Key: 'text3' })])).toBe('text2');
    expect(nextComponentKey('qrcode', [])).toBe('qrcode1');
  });
});
