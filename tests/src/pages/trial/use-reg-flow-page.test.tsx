import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REGISTER_COUNTDOWN_SECONDS } from '../../../../domain/rules/trial';
import { useRegFlowPage } from '../../../../src/pages/trial/use-reg-flow-page';

function Probe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The flow at /regFlow, arrived at with or without a submitted application. */
const at =
  (submitted: boolean) =>
  ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/regFlow', state: submitted ? { submitted: true } : null }]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {children}
              <Probe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  );

describe('useRegFlowPage', () => {
  it('opened directly, shows the first step and stays', () => {
    const { result } = renderHook(() => useRegFlowPage(() => 0), { wrapper: at(false) });
    expect(result.current.submitted).toBe(false);
    expect(result.current.step).toBe(0);
    expect(screen.getByTestId('location').textContent).toBe('/regFlow');
  });

  it('after a submitted application, counts down and then goes to the login', async () => {
    let clock = 1_000_000;
    const { result } = renderHook(() => useRegFlowPage(() => clock), { wrapper: at(true) });
    expect(result.current.step).toBe(2);
    expect(result.current.seconds).toBe(REGISTER_COUNTDOWN_SECONDS);
    clock += 2_000;
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(result.current.seconds).toBe(REGISTER_COUNTDOWN_SECONDS - 2);
    expect(screen.getByTestId('location').textContent).toBe('/regFlow');
    clock += REGISTER_COUNTDOWN_SECONDS * 1_000;
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
