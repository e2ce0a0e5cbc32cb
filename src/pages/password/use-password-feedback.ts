import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ErrorKey, MessageKey } from '../../../domain/i18n';
import {
  type EstimateGuessability,
  guessableError,
  type PasswordOwnWords,
  suggestionMessage,
} from '../../../domain/rules/password-guessability';
import { passwordGuessability, type PasswordRequirement } from '../../../domain/rules/password-policy';

let loading: Promise<EstimateGuessability> | null = null;

/**
 * The guessability estimator with its dictionaries (most of a megabyte), in its own chunk: loaded by the
 * pages where a new password is typed, once, never by the login page.
 */
export function loadEstimator(): Promise<EstimateGuessability> {
  loading ??= import('../../../domain/rules/password-estimator').then(
    (module) => module.estimateGuessability,
    (error: unknown) => {
      loading = null; // a later page tries again
      throw error;
    },
  );
  return loading;
}

/** The estimator once its chunk has arrived, else null (the server checks anyway). */
export function useGuessabilityEstimator(): EstimateGuessability | null {
  const [loaded, setLoaded] = useState<{ estimate: EstimateGuessability } | null>(null);
  useEffect(() => {
    let live = true;
    loadEstimator().then(
      (estimate) => live && setLoaded({ estimate }),
      () => undefined, // no live feedback; the server's refusal still says why
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded?.estimate ?? null;
}

/** Why the password typed so far is guessable, shown under the requirements. */
export interface GuessabilityFeedback {
  /** Why it is guessable, or null (nothing typed, not guessable, or the estimator not loaded yet). */
  warning: ErrorKey | null;
  /** How to make it harder to guess, while it is guessable. */
  suggestions: MessageKey[];
}

/** What the live feedback says about the password typed so far. */
export interface PasswordFeedback extends GuessabilityFeedback {
  /** The requirement line: hard to guess (met once the estimator agrees). */
  requirement: PasswordRequirement;
}

/**
 * Live guessability of a new password as it is typed, by the rule the server applies (checkPassword's
 * estimate, the same owner's words as far as the page knows them). Estimation runs on a deferred copy of the
 * password, so typing stays responsive on a slow phone.
 */
export function usePasswordFeedback(
  password: string,
  ownWords: PasswordOwnWords,
): PasswordFeedback & { estimate: EstimateGuessability | null } {
  const estimate = useGuessabilityEstimator();
  const typed = useDeferredValue(password);
  const { accountNames, realName, organizationName } = ownWords;
  const names = (accountNames ?? []).join('\n');
  return useMemo(() => {
    const words = { accountNames: names ? names.split('\n') : [], realName, organizationName };
    const verdict = passwordGuessability(typed, { estimate: estimate ?? undefined, ownWords: words });
    const guessable = verdict?.guessable === true;
    return {
      estimate,
      requirement: { key: 'password.rules.unguessable', met: verdict !== null && !guessable },
      warning: guessable ? guessableError(verdict.warning ?? 'generic') : null,
      suggestions: guessable ? verdict.suggestions.map(suggestionMessage) : [],
    };
  }, [typed, estimate, names, realName, organizationName]);
}
