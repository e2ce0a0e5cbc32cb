import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { changeContact, sendContactCode } from '../../../../src/adapters/personal-api';
import { useContactChange } from '../../../../src/pages/personal/use-contact-change';

vi.mock('../../../../src/adapters/personal-api', () => ({
  changeContact: vi.fn(),
  sendContactCode: vi.fn(),
}));

const account = {
  ID: 7,
  RealName: 'Ada',
  Photo: '',
  Account: 'ada@demo.test',
  MobilePhone: '13800000001',
  Email: 'ada@demo.test',
  IsOrganAdmin: 0 as const,
};

function render() {
  const onChanged = vi.fn();
  const hook = renderHook(() =>
    useContactChange({ accountId: 7, current: { mobile: '', email: 'ada@demo.test' }, onChanged }),
  );
  return { ...hook, onChanged };
}

describe('useContactChange', () => {
  beforeEach(() => {
    vi.mocked(sendContactCode).mockReset().mockResolvedValue();
    vi.mocked(changeContact).mockReset().mockResolvedValue(account);
  });

  it('sends a code to the new address, then waits 60 s before another', async () => {
    const { result } = render();
    act(() => result.current.open('mobile'));
    act(() => result.current.setAddress(' 13800000001 '));
    await act(() => result.current.send());
    expect(sendContactCode).toHaveBeenCalledWith('mobile', '13800000001');
    expect(result.current.sentTo).toBe('13800000001');
    expect(result.current.resendIn).toBe(60);
  });

  it('refuses a malformed or unchanged address before sending', async () => {
    const { result } = render();
    act(() => result.current.open('email'));
    act(() => result.current.setAddress('not-an-email'));
    await act(() => result.current.send());
    expect(result.current.problem).toEqual({ key: 'errors.personal.emailFormat' });
    act(() => result.current.setAddress('ADA@demo.test'));
    await act(() => result.current.send());
    expect(result.current.problem).toEqual({ key: 'errors.personal.sameAddress' });
    expect(sendContactCode).not.toHaveBeenCalled();
  });

  it('confirms with the code, hands the account on and closes', async () => {
    const { result, onChanged } = render();
    act(() => result.current.open('mobile'));
    act(() => result.current.setAddress('13800000001'));
    act(() => result.current.setCode('123456'));
    await act(async () => expect(await result.current.confirm()).toBe(true));
    expect(changeContact).toHaveBeenCalledWith('mobile', 7, '13800000001', '123456');
    expect(onChanged).toHaveBeenCalledWith(account);
    expect(result.current.kind).toBeNull();
  });

  it('keeps the dialog open with the reason when the code is refused', async () => {
    vi.mocked(changeContact).mockRejectedValue(new ApiError(400, 'errors.verification.codeWrong', 'wrong'));
    const { result, onChanged } = render();
    act(() => result.current.open('email'));
    act(() => result.current.setAddress('new@demo.test'));
    act(() => result.current.setCode('12345'));
    await act(async () => expect(await result.current.confirm()).toBe(false));
    expect(result.current.problem).toEqual({ key: 'errors.verification.codeFormat' });
    act(() => result.current.setCode('654321'));
    await act(async () => expect(await result.current.confirm()).toBe(false));
    expect(result.current.problem).toEqual({ key: 'errors.verification.codeWrong', params: undefined });
    expect(result.current.kind).toBe('email');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
