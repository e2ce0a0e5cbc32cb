import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  changeContact,
  getIdentifierProofOptions,
  proveIdentifierOwner,
  sendContactCode,
  sendIdentifierProofCode,
} from '../../../../src/adapters/personal-api';
import { useContactChange } from '../../../../src/pages/personal/use-contact-change';

vi.mock('../../../../src/adapters/personal-api', () => ({
  changeContact: vi.fn(),
  getIdentifierProofOptions: vi.fn(),
  proveIdentifierOwner: vi.fn(),
  sendContactCode: vi.fn(),
  sendIdentifierProofCode: vi.fn(),
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

/** Opens the dialog for `kind` and proves the owner with the current password. */
async function openAndProve(result: ReturnType<typeof render>['result'], kind: 'mobile' | 'email') {
  act(() => result.current.open(kind));
  await waitFor(() => expect(result.current.proof.options).not.toBeNull());
  act(() => result.current.proof.setPassword('Current#Pass1'));
  await act(async () => expect(await result.current.confirm()).toBe(false));
  expect(result.current.step).toBe('change');
}

describe('useContactChange', () => {
  beforeEach(() => {
    vi.mocked(getIdentifierProofOptions).mockReset().mockResolvedValue({ Method: 'password', Addresses: [] });
    vi.mocked(proveIdentifierOwner).mockReset().mockResolvedValue({ ProofToken: 'proof-1', ExpiresAt: 1 });
    vi.mocked(sendIdentifierProofCode).mockReset().mockResolvedValue();
    vi.mocked(sendContactCode).mockReset().mockResolvedValue();
    vi.mocked(changeContact).mockReset().mockResolvedValue(account);
  });

  it('asks for the current password first, and refuses to go on without it', async () => {
    const { result } = render();
    act(() => result.current.open('email'));
    expect(result.current.step).toBe('prove');
    await waitFor(() => expect(result.current.proof.options?.Method).toBe('password'));
    await act(async () => expect(await result.current.confirm()).toBe(false));
    expect(result.current.problem).toEqual({ key: 'errors.personal.passwordRequired' });
    expect(proveIdentifierOwner).not.toHaveBeenCalled();
    act(() => result.current.proof.setPassword('Current#Pass1'));
    await act(() => result.current.confirm());
    expect(proveIdentifierOwner).toHaveBeenCalledWith({ password: 'Current#Pass1' });
    expect(result.current.step).toBe('change');
  });

  it('keeps the first step with the reason when the password is wrong', async () => {
    vi.mocked(proveIdentifierOwner).mockRejectedValue(new ApiError(400, 'errors.password.oldWrong', 'wrong'));
    const { result } = render();
    act(() => result.current.open('email'));
    await waitFor(() => expect(result.current.proof.options).not.toBeNull());
    act(() => result.current.proof.setPassword('not-it'));
    await act(() => result.current.confirm());
    expect(result.current.step).toBe('prove');
    expect(result.current.problem).toEqual({ key: 'errors.password.oldWrong', params: undefined });
  });

  it('proves an account without a password by a code to its current address', async () => {
    vi.mocked(getIdentifierProofOptions).mockResolvedValue({
      Method: 'code',
      Addresses: [
        { Kind: 'mobile', Address: '13800000001' },
        { Kind: 'email', Address: 'ada@demo.test' },
      ],
    });
    const { result } = render();
    act(() => result.current.open('email'));
    await waitFor(() => expect(result.current.proof.kind).toBe('mobile'));
    act(() => result.current.proof.setKind('email'));
    await act(() => result.current.proof.send());
    expect(sendIdentifierProofCode).toHaveBeenCalledWith('email');
    expect(result.current.proof.sentTo).toBe('ada@demo.test');
    expect(result.current.proof.resendIn).toBe(60);
    act(() => result.current.proof.setCode(' 246810 '));
    await act(() => result.current.confirm());
    expect(proveIdentifierOwner).toHaveBeenCalledWith({ kind: 'email', verificationCode: '246810' });
    expect(result.current.step).toBe('change');
  });

  it('sends a code to the new address with the proof, then waits 60 s before another', async () => {
    const { result } = render();
    await openAndProve(result, 'mobile');
    act(() => result.current.setAddress(' 13800000001 '));
    await act(() => result.current.send());
    expect(sendContactCode).toHaveBeenCalledWith('mobile', '13800000001', 'proof-1');
    expect(result.current.sentTo).toBe('13800000001');
    expect(result.current.resendIn).toBe(60);
  });

  it('refuses a malformed or unchanged address before sending', async () => {
    const { result } = render();
    await openAndProve(result, 'email');
    act(() => result.current.setAddress('not-an-email'));
    await act(() => result.current.send());
    expect(result.current.problem).toEqual({ key: 'errors.personal.emailFormat' });
    act(() => result.current.setAddress('ADA@demo.test'));
    await act(() => result.current.send());
    expect(result.current.problem).toEqual({ key: 'errors.personal.sameAddress' });
    expect(sendContactCode).not.toHaveBeenCalled();
  });

  it('confirms with the code and the proof, hands the account on and closes', async () => {
    const { result, onChanged } = render();
    await openAndProve(result, 'mobile');
    act(() => result.current.setAddress('13800000001'));
    act(() => result.current.setCode('123456'));
    await act(async () => expect(await result.current.confirm()).toBe(true));
    expect(changeContact).toHaveBeenCalledWith('mobile', 7, {
      address: '13800000001',
      code: '123456',
      proofToken: 'proof-1',
    });
    expect(onChanged).toHaveBeenCalledWith(account);
    expect(result.current.kind).toBeNull();
  });

  it('keeps the dialog open with the reason when the code is refused', async () => {
    vi.mocked(changeContact).mockRejectedValue(new ApiError(400, 'errors.verification.codeWrong', 'wrong'));
    const { result, onChanged } = render();
    await openAndProve(result, 'email');
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

  it('goes back to the first step, saying why, when the proof has run out', async () => {
    vi.mocked(changeContact).mockRejectedValue(new ApiError(403, 'errors.personal.proofRequired', 'again'));
    const { result } = render();
    await openAndProve(result, 'email');
    act(() => result.current.setAddress('new@demo.test'));
    act(() => result.current.setCode('654321'));
    await act(() => result.current.confirm());
    expect(result.current.step).toBe('prove');
    await waitFor(() => expect(result.current.proof.options).not.toBeNull());
    expect(result.current.problem).toEqual({ key: 'errors.personal.proofRequired', params: undefined });
    expect(result.current.proof.password).toBe('');
  });
});
