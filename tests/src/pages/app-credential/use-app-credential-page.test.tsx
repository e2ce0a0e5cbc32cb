import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  addAppCredential,
  fetchAccessToken,
  getAppCredential,
  regenerateAppSecret,
  renameAppCredential,
  whoseToken,
} from '../../../../src/adapters/app-credential-api';
import { useAppCredentialPage } from '../../../../src/pages/app-credential/use-app-credential-page';

vi.mock('../../../../src/adapters/app-credential-api', () => ({
  getAppCredential: vi.fn(),
  addAppCredential: vi.fn(),
  renameAppCredential: vi.fn(),
  regenerateAppSecret: vi.fn(),
  fetchAccessToken: vi.fn(),
  whoseToken: vi.fn(),
}));

const SECRET = `uas_${'s'.repeat(43)}`;
const stored = {
  id: 3,
  name: 'ERP',
  appKey: 'uak_abc',
  secretMask: 'uas_••••••••ssss',
  secretIssuedAt: 5,
  createdAt: 5,
};

describe('useAppCredentialPage', () => {
  beforeEach(() => {
    vi.mocked(getAppCredential)
      .mockReset()
      .mockResolvedValue({ credential: null, tokenPath: '/api/Sdk/ucapi/token', expiresIn: 7200 });
    for (const fn of [
      addAppCredential,
      renameAppCredential,
      regenerateAppSecret,
      fetchAccessToken,
      whoseToken,
    ]) {
      vi.mocked(fn).mockReset();
    }
  });

  it('creates the credential, holds the secret to show once, and offers it to the test step only', async () => {
    const { result } = renderHook(() => useAppCredentialPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.credential).toBeNull();
    vi.mocked(addAppCredential).mockResolvedValue({ ...stored, appSecret: SECRET, revokedTokens: 0 });
    act(() => result.current.setName('ERP'));
    await act(async () => {
      expect(await result.current.save()).toBe(true);
    });
    expect(addAppCredential).toHaveBeenCalledWith('ERP');
    expect(result.current.credential).toEqual(stored);
    expect(result.current.issued?.appSecret).toBe(SECRET);
    expect(result.current.testSecret).toBe(SECRET);
    act(() => result.current.dismissIssued());
    expect(result.current.issued).toBeNull();
    expect(JSON.stringify(result.current.credential)).not.toContain(SECRET);
  });

  it('renames an existing credential and regenerates its secret', async () => {
    vi.mocked(getAppCredential).mockResolvedValue({
      credential: stored,
      tokenPath: '/api/Sdk/ucapi/token',
      expiresIn: 7200,
    });
    const { result } = renderHook(() => useAppCredentialPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.name).toBe('ERP');
    vi.mocked(renameAppCredential).mockResolvedValue({ ...stored, name: 'HR' });
    act(() => result.current.setName('HR'));
    await act(async () => void (await result.current.save()));
    expect(renameAppCredential).toHaveBeenCalledWith(3, 'HR');
    expect(result.current.credential?.name).toBe('HR');
    vi.mocked(regenerateAppSecret).mockResolvedValue({
      ...stored,
      secretMask: 'uas_••••••••tttt',
      appSecret: `uas_${'t'.repeat(43)}`,
      revokedTokens: 2,
    });
    await act(async () => void (await result.current.regenerate()));
    expect(result.current.credential?.secretMask).toBe('uas_••••••••tttt');
    expect(result.current.issued?.revokedTokens).toBe(2);
  });

  it('tests by fetching a token and calling with it, and shows a refusal as the result', async () => {
    vi.mocked(getAppCredential).mockResolvedValue({
      credential: stored,
      tokenPath: '/api/Sdk/ucapi/token',
      expiresIn: 7200,
    });
    const { result } = renderHook(() => useAppCredentialPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    vi.mocked(fetchAccessToken).mockResolvedValue({ accessToken: 'uat_x', expiresIn: 7200 });
    const identity = { orgId: 1, orgName: 'Acme', appKey: 'uak_abc', appName: 'ERP', expiresAt: 9 };
    vi.mocked(whoseToken).mockResolvedValue(identity);
    act(() => result.current.setTestSecret(SECRET));
    await act(async () => void (await result.current.runTest()));
    expect(fetchAccessToken).toHaveBeenCalledWith('uak_abc', SECRET);
    expect(whoseToken).toHaveBeenCalledWith('uat_x');
    expect(result.current.test).toEqual({ ok: true, identity });

    vi.mocked(fetchAccessToken).mockRejectedValue(
      new ApiError(401, 'errors.openApi.badCredential', 'Wrong AppKey or AppSecret'),
    );
    await act(async () => void (await result.current.runTest()));
    expect(result.current.test).toEqual({ ok: false, reason: 'Wrong AppKey or AppSecret' });
  });

  it('tells an organisation without open capability apart from a failed load', async () => {
    vi.mocked(getAppCredential).mockRejectedValue(
      new ApiError(403, 'errors.openness.notAuthorized', 'not authorised'),
    );
    const { result } = renderHook(() => useAppCredentialPage());
    await waitFor(() => expect(result.current.status).toBe('notAuthorized'));
  });
});
