import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import { applyTrial, sendTrialCode } from '../../../../src/adapters/trial-api';
import { useApplyTrialPage } from '../../../../src/pages/trial/use-apply-trial-page';
import { Providers, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/trial-api', () => ({ sendTrialCode: vi.fn(), applyTrial: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/applyTrial">{children}</Providers>
);
const FILLED = {
  name: 'Li Lei',
  mobilePhone: '13700000001',
  verificationCode: '123456',
  email: 'li@example.test',
  company: 'Example Pharma',
  industry: 'pharmaceutical',
  product: 'ELN',
  agreed: true,
};

describe('useApplyTrialPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    vi.mocked(sendTrialCode).mockReset().mockResolvedValue();
    vi.mocked(applyTrial).mockReset().mockResolvedValue();
  });

  it('refuses to send a code to a malformed number, sending nothing', async () => {
    const { result } = renderHook(() => useApplyTrialPage(), { wrapper });
    act(() => result.current.update({ mobilePhone: '123' }));
    await act(() => result.current.send());
    expect(result.current.problems.mobilePhone).toBe('errors.validation.invalidMobile');
    expect(sendTrialCode).not.toHaveBeenCalled();
  });

  it('sends a code and waits 60 s before another', async () => {
    const { result } = renderHook(() => useApplyTrialPage(), { wrapper });
    act(() => result.current.update({ mobilePhone: ' 13700000001 ' }));
    await act(() => result.current.send());
    expect(sendTrialCode).toHaveBeenCalledWith({ mobilePhone: '13700000001' });
    expect(result.current.codeSent).toBe(true);
    expect(result.current.resendIn).toBe(60);
  });

  it('names every missing field before submitting anything', async () => {
    const { result } = renderHook(() => useApplyTrialPage(), { wrapper });
    await act(async () => expect(await result.current.submit()).toBe(false));
    expect(result.current.problems).toMatchObject({
      name: 'errors.trial.nameRequired',
      email: 'errors.trial.emailRequired',
      product: 'errors.trial.productRequired',
      industry: 'errors.trial.industryRequired',
      agreed: 'errors.login.agreementRequired',
    });
    expect(applyTrial).not.toHaveBeenCalled();
  });

  it('refuses a filled form without the agreement tick (SPEC §5), sending nothing', async () => {
    const { result } = renderHook(() => useApplyTrialPage(), { wrapper });
    act(() => result.current.update({ ...FILLED, agreed: false }));
    await act(async () => expect(await result.current.submit()).toBe(false));
    expect(result.current.problems).toEqual({ agreed: 'errors.login.agreementRequired' });
    expect(applyTrial).not.toHaveBeenCalled();
  });

  it('goes on to the registration flow once the application is stored', async () => {
    const { result } = renderHook(() => useApplyTrialPage(), { wrapper });
    act(() => result.current.update(FILLED));
    await act(async () => expect(await result.current.submit()).toBe(true));
    expect(applyTrial).toHaveBeenCalledWith({ ...FILLED, message: '' });
    expect(screen.getByTestId('location').textContent).toBe('/regFlow');
  });

  it("shows the server's refusal in words and stays on the form", async () => {
    vi.mocked(applyTrial).mockRejectedValue(
      new ApiError(400, 'errors.verification.codeWrong', 'Incorrect verification code'),
    );
    const { result } = renderHook(() => useApplyTrialPage(), { wrapper });
    act(() => result.current.update(FILLED));
    await act(async () => expect(await result.current.submit()).toBe(false));
    expect(result.current.problem?.key).toBe('errors.verification.codeWrong');
    expect(screen.getByTestId('location').textContent).toBe('/applyTrial');
  });
});
