import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WatermarkAdmin } from '../../../../domain/schemas/watermark';
import { getWatermark, saveWatermark, switchWatermark } from '../../../../src/adapters/watermark-api';
import { useWatermarkPage } from '../../../../src/pages/watermark/use-watermark-page';
import { onWatermarkChange } from '../../../../src/pages/watermark/watermark-change';
import { watermarkTileStyle } from '../../../../src/pages/watermark/watermark-tile';

vi.mock('../../../../src/adapters/watermark-api', () => ({
  getWatermark: vi.fn(),
  saveWatermark: vi.fn(),
  switchWatermark: vi.fn(),
}));

const STORED: WatermarkAdmin = {
  Enabled: false,
  Text: '',
  Contents: ['name', 'time'],
  Wrap: true,
  Image: '',
  Density: 'standard',
  Size: 16,
  Depth: 15,
  DisplayType: 'tile',
  Products: [],
};

const fileOf = (bytes: Uint8Array) => ({ arrayBuffer: async () => bytes.slice().buffer });
const svgOf = (style: Record<string, string | number> | null) =>
  decodeURIComponent(String(style?.backgroundImage ?? ''));

describe('useWatermarkPage', () => {
  beforeEach(() => {
    vi.mocked(getWatermark).mockReset().mockResolvedValue(STORED);
    vi.mocked(saveWatermark)
      .mockReset()
      .mockImplementation(async (settings) => ({ ...settings, Enabled: false }));
    vi.mocked(switchWatermark)
      .mockReset()
      .mockImplementation(async (Enabled) => ({ ...STORED, Enabled }));
  });

  it('updates the preview as the form changes, before anything is saved', async () => {
    const { result } = renderHook(() => useWatermarkPage(() => Date.UTC(2026, 10, 26, 9, 5)));
    await waitFor(() => expect(result.current.form).not.toBeNull());
    expect(svgOf(result.current.preview)).toContain('2026-11-26 09:05');
    act(() => result.current.change({ Text: 'Top <secret>', Depth: 40, DisplayType: 'centered' }));
    expect(svgOf(result.current.preview)).toContain('Top &lt;secret&gt;');
    expect(result.current.preview).toMatchObject({ opacity: 0.4, backgroundRepeat: 'no-repeat' });
    expect(saveWatermark).not.toHaveBeenCalled();
  });

  it('refuses an HTML file named .png before sending it, and saves a real png', async () => {
    const { result } = renderHook(() => useWatermarkPage());
    await waitFor(() => expect(result.current.form).not.toBeNull());
    await act(() =>
      result.current.pickImage(fileOf(new TextEncoder().encode('<html><script>alert(1)</script></html>'))),
    );
    expect(result.current.problem?.key).toBe('errors.watermark.imageType');
    expect(result.current.form?.Image).toBe('');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    await act(() => result.current.pickImage(fileOf(png)));
    expect(result.current.form?.Image).toMatch(/^data:image\/png;base64,/);
    await act(() => result.current.save());
    expect(vi.mocked(saveWatermark).mock.calls[0]?.[0]).not.toHaveProperty('Enabled');
    expect(result.current.saved).toBe(true);
  });

  it('keeps text typed and not saved when the switch saves, and Save then stores it', async () => {
    const { result } = renderHook(() => useWatermarkPage());
    await waitFor(() => expect(result.current.form).not.toBeNull());
    act(() => result.current.change({ Text: 'Lab eyes only' }));
    await act(() => result.current.toggle(true));
    expect(result.current.form).toMatchObject({ Enabled: true, Text: 'Lab eyes only' });
    await act(() => result.current.save());
    expect(vi.mocked(saveWatermark).mock.calls[0]?.[0]).toMatchObject({ Text: 'Lab eyes only' });
  });

  it('tells the portal’s overlay after the switch and after Save, so it redraws without a reload', async () => {
    const heard = vi.fn();
    const stop = onWatermarkChange(heard);
    const { result } = renderHook(() => useWatermarkPage());
    await waitFor(() => expect(result.current.form).not.toBeNull());
    await act(() => result.current.toggle(true));
    expect(heard).toHaveBeenCalledTimes(1);
    await act(() => result.current.save());
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('switches at once and shows a refused save in words', async () => {
    const { result } = renderHook(() => useWatermarkPage());
    await waitFor(() => expect(result.current.form).not.toBeNull());
    await act(() => result.current.toggle(true));
    expect(result.current.form?.Enabled).toBe(true);
    act(() => result.current.change({ Size: 99 }));
    await act(() => result.current.save());
    expect(result.current.problem?.key).toBe('errors.watermark.size');
    expect(saveWatermark).not.toHaveBeenCalled();
  });
});

describe('watermarkTileStyle', () => {
  it.each([
    ['tile', 'repeat'],
    ['centered', 'no-repeat'],
  ] as const)('%s repeats as %s', (displayType, repeat) => {
    const style = watermarkTileStyle({
      lines: ['a'],
      image: '',
      size: 16,
      depth: 20,
      density: 'dense',
      displayType,
    });
    expect(style.backgroundRepeat).toBe(repeat);
  });
});
