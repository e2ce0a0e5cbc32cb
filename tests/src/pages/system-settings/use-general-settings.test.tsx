import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgConfigItem } from '../../../../domain/schemas/org-config';
import { ApiError } from '../../../../src/adapters/api-client';
import { listOrgConfig, saveOrgConfigCategory } from '../../../../src/adapters/org-config-api';
import { useGeneralSettings } from '../../../../src/pages/system-settings/use-general-settings';

vi.mock('../../../../src/adapters/org-config-api', () => ({
  listOrgConfig: vi.fn(),
  saveOrgConfigCategory: vi.fn(),
}));

const item = (
  patch: Partial<OrgConfigItem> & Pick<OrgConfigItem, 'ConfigValueID' | 'Category'>,
): OrgConfigItem => ({
  Type: 'boolean',
  Value: true,
  Default: true,
  Available: true,
  UpdatedAt: null,
  ...patch,
});

const ITEMS: OrgConfigItem[] = [
  item({ ConfigValueID: 'reset', Category: 'modules' }),
  item({ ConfigValueID: 'appDownload', Category: 'modules', Available: false }),
  item({
    ConfigValueID: 'lockIdleMinutes',
    Category: 'session',
    Type: 'integer',
    Value: 0,
    Default: 0,
    Min: 0,
    Max: 480,
  }),
];

describe('useGeneralSettings', () => {
  beforeEach(() => {
    vi.mocked(listOrgConfig).mockReset().mockResolvedValue(ITEMS);
    vi.mocked(saveOrgConfigCategory)
      .mockReset()
      .mockImplementation(async (category, values) =>
        ITEMS.filter((entry) => entry.Category === category).map((entry) => ({
          ...entry,
          Value: values[entry.ConfigValueID] ?? entry.Value,
        })),
      );
  });

  it('groups the settings by category, in catalogue order, without empty categories', async () => {
    const { result } = renderHook(() => useGeneralSettings());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.categories.map((entry) => [entry.category, entry.items.length])).toEqual([
      ['modules', 2],
      ['session', 1],
    ]);
  });

  it('saves one category with its available values only, and is clean afterwards', async () => {
    const { result } = renderHook(() => useGeneralSettings());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.edit('modules', 'reset', false));
    expect(result.current.categories[0].dirty).toBe(true);
    await act(async () => {
      expect(await result.current.save('modules')).toBe(true);
    });
    expect(saveOrgConfigCategory).toHaveBeenCalledWith('modules', { reset: false });
    expect(result.current.categories[0]).toMatchObject({ dirty: false, values: { reset: false } });
    expect(result.current.categories[1].dirty).toBe(false);
  });

  it('keeps the edit and shows the refusal of its field', async () => {
    vi.mocked(saveOrgConfigCategory).mockRejectedValue(
      new ApiError(400, 'errors.orgConfig.range', 'out of range', {
        field: 'lockIdleMinutes',
        min: 0,
        max: 480,
      }),
    );
    const { result } = renderHook(() => useGeneralSettings());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.edit('session', 'lockIdleMinutes', 999));
    await act(async () => {
      expect(await result.current.save('session')).toBe(false);
    });
    expect(result.current.categories[1]).toMatchObject({
      dirty: true,
      values: { lockIdleMinutes: 999 },
      problem: { key: 'errors.orgConfig.range', params: { field: 'lockIdleMinutes' } },
    });
  });

  it('says so when the settings cannot be read', async () => {
    vi.mocked(listOrgConfig).mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useGeneralSettings());
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });
});
