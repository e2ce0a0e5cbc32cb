import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEstimator } from '../../../../src/pages/password/use-password-feedback';
import { getPasswordRules } from '../../../../src/adapters/password-api';
import { useInitialPassword } from '../../../../src/pages/members/use-initial-password';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/password-api', () => ({
  getPasswordRules: vi.fn(),
  modifyPassword: vi.fn(),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/layout/member">{children}</Providers>
);

// The estimator's chunk (most of a megabyte of dictionaries) loaded once, before any page waits for it.
beforeAll(async () => {
  await loadEstimator();
}, 30_000);

describe('useInitialPassword', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    vi.mocked(getPasswordRules).mockReset().mockResolvedValue({
      MinLength: 15,
      MaxLength: 128,
      RequiredClasses: [],
      Expiry: 'never',
      HistoryDepth: 5,
    });
    sessionStore.signIn(testSession({ AccountInfo: { ...testSession().AccountInfo, IsOrganAdmin: 1 } }));
  });

  it("checks a typed initial password with the new member's and the organisation's words", async () => {
    const { result, rerender } = renderHook(
      ({ password }) => useInitialPassword(password, '13700001234', 'Grace Hopper'),
      { wrapper, initialProps: { password: '123456789012345' } },
    );
    await waitFor(() =>
      expect(result.current.feedback.warning).toBe('errors.password.guessable.similarToCommon'),
    );
    expect(result.current.requirements.map((rule) => [rule.key, rule.met])).toEqual([
      ['password.rules.length', true],
      ['password.rules.unguessable', false],
    ]);
    expect(result.current.problemOf('short')).toEqual({
      key: 'errors.password.tooShort',
      params: { min: 15 },
    });
    expect(result.current.problemOf('GraceHopper-1906')).toEqual({
      key: 'errors.password.guessable.userInputs',
    });
    expect(result.current.problemOf('Demo-Lab-Demo-Lab!')).toEqual({
      key: 'errors.password.guessable.userInputs',
    });
    rerender({ password: 'violet kestrel drifts over amber' });
    await waitFor(() => expect(result.current.feedback.warning).toBeNull());
    expect(result.current.requirements.every((rule) => rule.met)).toBe(true);
    expect(result.current.problemOf('violet kestrel drifts over amber')).toBeNull();
  });
});
