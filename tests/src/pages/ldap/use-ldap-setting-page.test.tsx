import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LdapSetting } from '../../../../domain/schemas/ldap';
import { ApiError } from '../../../../src/adapters/api-client';
import { getLdapSetting, saveLdapSetting, testLdapSetting } from '../../../../src/adapters/ldap-api';
import {
  EMPTY_LDAP_FORM,
  ldapFormProblems,
  useLdapSettingPage,
} from '../../../../src/pages/ldap/use-ldap-setting-page';

vi.mock('../../../../src/adapters/ldap-api', () => ({
  getLdapSetting: vi.fn(),
  saveLdapSetting: vi.fn(),
  testLdapSetting: vi.fn(),
}));

const SAVED: LdapSetting = {
  ...EMPTY_LDAP_FORM,
  url: 'ldap://dc.lab.test:389',
  userDnTemplate: 'uid={username},ou=people,dc=lab,dc=test',
  baseDn: 'dc=lab,dc=test',
  filter: '(uid={username})',
  domains: ['lab', 'lab.test'],
};

describe('ldapFormProblems', () => {
  it('names the first problem of each field with the server’s message keys', () => {
    expect(ldapFormProblems(SAVED)).toEqual({});
    expect(
      ldapFormProblems({ ...SAVED, url: 'http://x', userDnTemplate: 'uid=x', domains: ['a b'] }),
    ).toEqual({
      url: 'errors.ldap.invalidUrl',
      userDnTemplate: 'errors.ldap.templateNeedsUsername',
      domains: 'errors.ldap.invalidDomain',
    });
    expect(ldapFormProblems({ ...SAVED, url: 'ldaps://dc', startTls: true })).toEqual({
      startTls: 'errors.ldap.startTlsWithLdaps',
    });
  });
});

describe('useLdapSettingPage', () => {
  beforeEach(() => {
    vi.mocked(getLdapSetting).mockReset().mockResolvedValue({ setting: SAVED, updatedAt: 1_700_000_000_000 });
    vi.mocked(saveLdapSetting).mockReset();
    vi.mocked(testLdapSetting).mockReset();
  });

  it('loads the saved setting', async () => {
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.form).toEqual(SAVED);
    expect(result.current.updatedAt).toBe(1_700_000_000_000);
  });

  it('starts from an empty form when nothing is saved yet', async () => {
    vi.mocked(getLdapSetting).mockResolvedValue({ setting: null, updatedAt: null });
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.form).toEqual(EMPTY_LDAP_FORM);
    // Domain sign-in stays off until the administrator switches it on.
    expect(result.current.form.enabled).toBe(false);
    expect(result.current.problems).toEqual({});
  });

  it('shows field problems after a save attempt instead of calling the server', async () => {
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ baseDn: '' }));
    expect(result.current.problems).toEqual({});
    let saved = true;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(false);
    expect(result.current.problems).toEqual({ baseDn: 'errors.ldap.baseDnRequired' });
    expect(saveLdapSetting).not.toHaveBeenCalled();
  });

  it('saves and takes the stored form back', async () => {
    vi.mocked(saveLdapSetting).mockResolvedValue({ setting: { ...SAVED, enabled: false }, updatedAt: 2 });
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ enabled: false }));
    let saved = false;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(true);
    expect(saveLdapSetting).toHaveBeenCalledWith({ ...SAVED, enabled: false });
    expect(result.current.updatedAt).toBe(2);
  });

  it('tests the form as typed and shows the mapped identity, or the server’s refusal', async () => {
    const identity = {
      dn: 'uid=alice,ou=people,dc=lab,dc=test',
      name: 'Alice',
      mail: 'alice@lab.test',
      mobile: '',
      match: 'matched' as const,
      account: 'alice@lab.test',
    };
    vi.mocked(testLdapSetting).mockResolvedValueOnce(identity);
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      result.current.update({ provision: true });
      result.current.updateCredentials({ username: 'alice', password: 'pw' });
    });
    await act(() => result.current.runTest());
    expect(testLdapSetting).toHaveBeenCalledWith({
      setting: { ...SAVED, provision: true },
      username: 'alice',
      password: 'pw',
    });
    expect(result.current.result).toEqual(identity);

    vi.mocked(testLdapSetting).mockRejectedValueOnce(
      new ApiError(400, 'errors.ldap.testRefused', 'The directory refused this user name or password'),
    );
    await act(() => result.current.runTest());
    expect(result.current.result).toBeNull();
    expect(result.current.testProblem).toBe('The directory refused this user name or password');
  });

  it('shows a refused directory address at the address field until the address changes', async () => {
    const message = '不能连接 127.1（127.0.0.1）：这是服务器本机、链路本地、云平台元数据或保留地址';
    vi.mocked(saveLdapSetting).mockRejectedValue(
      new ApiError(400, 'errors.outbound.internalAddress', message, { host: '127.1', address: '127.0.0.1' }),
    );
    vi.mocked(testLdapSetting).mockRejectedValue(
      new ApiError(400, 'errors.outbound.internalAddress', message, { host: '127.1', address: '127.0.0.1' }),
    );
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update({ url: 'ldap://127.1' }));
    expect(result.current.urlRefusal).toBeNull();
    let saved = true;
    await act(async () => {
      saved = await result.current.save();
    });
    expect(saved).toBe(false);
    expect(result.current.urlRefusal).toBe(message);
    act(() => result.current.update({ url: 'ldap://dc.lab.test' }));
    expect(result.current.urlRefusal).toBeNull();

    act(() => {
      result.current.update({ url: 'ldap://127.1' });
      result.current.updateCredentials({ username: 'alice', password: 'pw' });
    });
    await act(() => result.current.runTest());
    expect(result.current.testProblem).toBe(message);
    expect(result.current.urlRefusal).toBe(message);
  });

  it('keeps other refusals off the address field', async () => {
    vi.mocked(saveLdapSetting).mockRejectedValue(
      new ApiError(409, 'errors.ldap.domainTaken', 'The domain lab is already used by another organisation'),
    );
    const { result } = renderHook(() => useLdapSettingPage());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(async () => {
      await result.current.save();
    });
    expect(result.current.urlRefusal).toBeNull();
  });
});
