import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEstimator } from '../../../../../src/pages/password/use-password-feedback';
import { catalogues } from '../../../../../domain/i18n';
import { getPasswordRules, modifyPassword } from '../../../../../src/adapters/password-api';
import { ModifyPasswordPage as DesktopModifyPasswordPage } from '../../../../../src/desktop/pages/password/modify-password-page';
import { ModifyPasswordPage as MobileModifyPasswordPage } from '../../../../../src/mobile/pages/password/modify-password-page';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/password-api', () => ({
  getPasswordRules: vi.fn(),
  modifyPassword: vi.fn(),
}));
vi.mock('../../../../../src/adapters/account-api', () => ({
  logout: vi.fn(async () => undefined),
  setCurrentLanguage: vi.fn(async () => undefined),
}));

/** The estimator's chunk and antd's first render can take seconds on a busy machine. */
const SLOW = { timeout: 10_000 };

const shells = [
  ['desktop', DesktopModifyPasswordPage],
  ['mobile', MobileModifyPasswordPage],
] as const;

// The estimator's chunk (most of a megabyte of dictionaries) loaded once, before any page waits for it.
beforeAll(async () => {
  await loadEstimator();
}, 30_000);

describe.each(['zh-CN', 'en-US'] as const)('live password feedback in %s', (language) => {
  const text = catalogues[language];

  beforeEach(async () => {
    await useLanguage(language);
    vi.mocked(getPasswordRules).mockReset().mockResolvedValue({
      MinLength: 15,
      MaxLength: 128,
      RequiredClasses: [],
      Expiry: 'never',
      HistoryDepth: 5,
    });
    vi.mocked(modifyPassword).mockReset();
    sessionStore.signIn(testSession({ Lang: language }));
  });

  it.each(shells)(
    'on the %s page says why a password is guessable and how to improve it',
    async (shell, Page) => {
      render(
        <Providers path="/modifyPsw" platform={createBrowserPlatform(shell)}>
          <Page />
        </Providers>,
      );
      // Both shells give the input the id its label points at.
      const newPassword = document.getElementById('new-password') as HTMLInputElement;
      const type = (value: string) => fireEvent.change(newPassword, { target: { value } });

      type('123456789012345');
      const feedback = await screen.findByTestId('password-feedback', undefined, SLOW);
      expect(feedback.textContent).toContain(text.errors.password.guessable.similarToCommon);
      expect(feedback.textContent).toContain(text.password.suggestions.anotherWord);

      // The organisation's name (testSession: Demo Lab) with a year.
      type('Demo-Lab-Demo-Lab-2026');
      await waitFor(() =>
        expect(screen.getByTestId('password-feedback').textContent).toContain(
          text.errors.password.guessable.userInputs,
        ),
      );
      const unguessable = screen.getByText(text.password.rules.unguessable).closest('li');
      expect(unguessable?.className).not.toContain('met');

      type('violet kestrel drifts over amber');
      await waitFor(() => expect(screen.queryByTestId('password-feedback')).toBeNull());
      expect(screen.getByText(text.password.rules.unguessable).closest('li')?.className).toContain('met');
    },
    30_000,
  );
});
