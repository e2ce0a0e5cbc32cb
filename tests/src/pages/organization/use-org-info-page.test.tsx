import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  getMyOrganization,
  getOrganizationProducts,
  getPlatformInfo,
  updateOrganization,
  uploadOrganizationLogo,
} from '../../../../src/adapters/organization-api';
import { useOrgInfoPage } from '../../../../src/pages/organization/use-org-info-page';

vi.mock('../../../../src/adapters/organization-api', () => ({
  getMyOrganization: vi.fn(),
  getOrganizationProducts: vi.fn(),
  getPlatformInfo: vi.fn(),
  updateOrganization: vi.fn(),
  uploadOrganizationLogo: vi.fn(),
}));

const ORG = { ID: 7, OrgName: 'Lab', Logo: '', Industry: 'Chemicals', Contact: 'desk' };
const PLATFORM = {
  Version: '7.15.3',
  Deployment: 'cloud',
  CreatedAt: 1,
  MemberCount: 3,
  AdminCount: 1,
  DepartmentCount: 2,
};

describe('useOrgInfoPage', () => {
  beforeEach(() => {
    vi.mocked(getMyOrganization).mockReset().mockResolvedValue(ORG);
    vi.mocked(getPlatformInfo).mockReset().mockResolvedValue(PLATFORM);
    vi.mocked(getOrganizationProducts).mockReset().mockResolvedValue([]);
    vi.mocked(updateOrganization).mockReset();
    vi.mocked(uploadOrganizationLogo).mockReset();
  });

  it('loads the organisation into the form, with the platform info', async () => {
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.form).toEqual({ OrgName: 'Lab', Industry: 'Chemicals', Contact: 'desk' });
    expect(result.current.platform).toEqual(PLATFORM);
  });

  it('says the page failed when a read fails', async () => {
    vi.mocked(getPlatformInfo).mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });

  it('saves the form to the organisation’s own id', async () => {
    vi.mocked(updateOrganization).mockResolvedValue({ ...ORG, OrgName: 'Lab 2' });
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ OrgName: ' Lab 2 ' }));
    let saved = false;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(true);
    expect(updateOrganization).toHaveBeenCalledWith(7, {
      OrgName: ' Lab 2 ',
      Industry: 'Chemicals',
      Contact: 'desk',
    });
    expect(result.current.form.OrgName).toBe('Lab 2');
  });

  it('refuses an all-space name before sending, and clears the refusal when typing again', async () => {
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ OrgName: '   ' }));
    await act(async () => {
      await result.current.save();
    });
    expect(updateOrganization).not.toHaveBeenCalled();
    expect(result.current.formProblem).toEqual({ key: 'errors.validation.allSpaces' });
    act(() => result.current.update({ OrgName: 'Lab' }));
    expect(result.current.formProblem).toBeNull();
  });

  it('shows the logo the server answers with', async () => {
    vi.mocked(uploadOrganizationLogo).mockResolvedValue('/api/organization/logo?v=5');
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.uploadLogo(new Blob([new Uint8Array([0x89, 0x50])]));
    });
    expect(result.current.organization?.Logo).toBe('/api/organization/logo?v=5');
  });

  it('keeps the server’s refusal of a renamed file to show beside the upload', async () => {
    vi.mocked(uploadOrganizationLogo).mockRejectedValue(
      new ApiError(415, 'errors.organization.logoFormat', 'Wrong file format', { types: 'png, jpg' }),
    );
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.uploadLogo(new Blob(['text']));
    });
    expect(result.current.logoProblem).toEqual({
      key: 'errors.organization.logoFormat',
      params: { types: 'png, jpg' },
    });
    expect(result.current.organization?.Logo).toBe('');
  });

  it('refuses a file over 2 MB without sending it', async () => {
    const { result } = renderHook(() => useOrgInfoPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.uploadLogo(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]));
    });
    expect(uploadOrganizationLogo).not.toHaveBeenCalled();
    expect(result.current.logoProblem).toEqual({
      key: 'errors.organization.logoTooLarge',
      params: { max: '2MB' },
    });
  });
});
