import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../../../domain/i18n';
import type { LabelComponent, LabelTemplateDetail } from '../../../../domain/schemas/label-templates';
import {
  getLabelTemplate,
  saveLabelTemplate,
  uploadLabelLogo,
} from '../../../../src/adapters/label-templates-api';
import { labelDrafts } from '../../../../src/pages/label-templates/label-draft-store';
import { useLabelDesigner } from '../../../../src/pages/label-templates/use-label-designer';

vi.mock('../../../../src/adapters/label-templates-api', () => ({
  getLabelTemplate: vi.fn(),
  saveLabelTemplate: vi.fn(),
  uploadLabelLogo: vi.fn(),
}));

const ID = 'tpl-1';
const text = (Key: string, X: number, Y: number, Value = 'Text'): LabelComponent => ({
  Key,
  Kind: 'text',
  X,
  Y,
  Width: 20,
  Height: 6,
  FontSize: 9,
  Value,
});

function stored(
  components: LabelComponent[] = [text('name', 2, 2), text('lot', 2, 10)],
): LabelTemplateDetail {
  return {
    ID,
    Name: 'Tube',
    Type: 'sample',
    Width: 50,
    Height: 30,
    Enabled: true,
    IsSystem: false,
    CreatorName: 'Admin',
    CreatedTime: '2026-11-28 10:00:00',
    Components: components,
    Logos: {},
  };
}

async function designer(detail = stored()) {
  vi.mocked(getLabelTemplate).mockResolvedValue(detail);
  const hook = renderHook(() => useLabelDesigner(ID));
  await waitFor(() => expect(hook.result.current.template).not.toBeNull());
  return hook.result;
}

const component = (result: Awaited<ReturnType<typeof designer>>, key: string) =>
  result.current.template?.Components.find((c) => c.Key === key);

describe('useLabelDesigner', () => {
  beforeEach(() => {
    labelDrafts.forget(ID);
    vi.mocked(getLabelTemplate).mockReset();
    vi.mocked(saveLabelTemplate).mockReset().mockResolvedValue(undefined);
    vi.mocked(uploadLabelLogo).mockReset();
  });

  it('keeps a dropped, dragged or resized component inside the label', async () => {
    const result = await designer();
    act(() => result.current.addComponent('barcode', 45, 28));
    // The barcode (40 × 12 mm) dropped at the bottom-right corner is pulled back inside the 50 × 30 label.
    expect(component(result, 'barcode1')).toMatchObject({ X: 10, Y: 18, Width: 40, Height: 12 });
    act(() => result.current.updateComponent('name', { X: -5, Y: 99 }));
    expect(component(result, 'name')).toMatchObject({ X: 0, Y: 24 });
    act(() => result.current.updateComponent('lot', { Width: 80, Height: 3 }));
    expect(component(result, 'lot')).toMatchObject({ X: 0, Width: 50, Height: 3 });
    expect(result.current.dirty).toBe(true);
  });

  it('nudges by the step asked, stopping at the label edge', async () => {
    const result = await designer();
    act(() => result.current.nudge('name', 0.1, 0));
    act(() => result.current.nudge('name', 0, 1));
    expect(component(result, 'name')).toMatchObject({ X: 2.1, Y: 3 });
    for (let i = 0; i < 40; i += 1) act(() => result.current.nudge('name', 1, 0));
    expect(component(result, 'name')?.X).toBe(30);
    act(() => result.current.nudge('name', -0.1, 0));
    expect(component(result, 'name')?.X).toBe(29.9);
  });

  it('undoes and redoes each change, and a new change drops what could be redone', async () => {
    const result = await designer();
    act(() => result.current.nudge('name', 1, 0));
    act(() => result.current.updateComponent('lot', { Value: 'Lot 7' }));
    expect(result.current.canUndo).toBe(true);
    act(() => result.current.undo());
    expect(component(result, 'lot')?.Value).toBe('Text');
    expect(component(result, 'name')?.X).toBe(3);
    act(() => result.current.undo());
    expect(component(result, 'name')?.X).toBe(2);
    expect(result.current.canUndo).toBe(false);
    expect(result.current.dirty).toBe(false);
    act(() => result.current.redo());
    expect(component(result, 'name')?.X).toBe(3);
    expect(result.current.canRedo).toBe(true);
    act(() => result.current.removeComponent('lot'));
    expect(result.current.canRedo).toBe(false);
    expect(component(result, 'lot')).toBeUndefined();
    act(() => result.current.undo());
    expect(component(result, 'lot')?.Value).toBe('Text');
  });

  it('refuses an empty or a taken KEY, changing nothing, and takes a free one', async () => {
    const result = await designer();
    act(() => result.current.select('lot'));
    act(() => result.current.updateComponent('lot', { Key: '  ' }));
    expect(result.current.problem).toEqual({ key: 'errors.labels.keyRequired' });
    act(() => result.current.updateComponent('lot', { Key: 'name' }));
    expect(result.current.problem).toEqual({ key: 'errors.labels.keyDuplicate', params: { key: 'name' } });
    expect(result.current.template?.Components.map((c) => c.Key)).toEqual(['name', 'lot']);
    expect(result.current.canUndo).toBe(false);
    expect(result.current.selected?.Key).toBe('lot');

    act(() => result.current.updateComponent('lot', { Key: ' batch ' }));
    expect(result.current.problem).toBeNull();
    expect(result.current.template?.Components.map((c) => c.Key)).toEqual(['name', 'batch']);
    expect(result.current.selected?.Key).toBe('batch');
  });

  it("says 'The data is too large.' above the stored-size limit and sends nothing", async () => {
    const long = '样'.repeat(49);
    const many = Array.from({ length: 190 }, (_, i) => text(`t${i}`, 0, 0, long));
    const result = await designer(stored(many));
    let saved = true;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(false);
    expect(saveLabelTemplate).not.toHaveBeenCalled();
    const problem = result.current.problem;
    expect(problem?.key).toBe('errors.labels.tooLarge');
    expect(translate('en-US', problem?.key ?? '')).toBe('The data is too large.');

    act(() => result.current.removeComponent('t0'));
    for (let i = 1; i < 100; i += 1) act(() => result.current.removeComponent(`t${i}`));
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(true);
    expect(result.current.problem).toBeNull();
    expect(saveLabelTemplate).toHaveBeenCalledTimes(1);
    expect(result.current.dirty).toBe(false);
  });
});
