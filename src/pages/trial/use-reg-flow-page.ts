import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LANGUAGES, SECOND_MS } from '../../../domain/constants';
import { REGISTER_COUNTDOWN_SECONDS } from '../../../domain/rules/trial';
import { changeLanguage } from '../../i18n/i18n';
import { PATHS } from '../paths';

/**
 * The registration flow (/regFlow) for both shells: apply, review, done. Reached after a submitted
 * application, it shows the last step and counts down REGISTER_COUNTDOWN_SECONDS before it goes to the
 * login (SPEC §2: after registration the user is redirected to login with a countdown). Opened directly,
 * it shows the first step with a link to the application form. The language can be switched on the way.
 */
export function useRegFlowPage(now: () => number = Date.now) {
  const navigate = useNavigate();
  const location = useLocation();
  const submitted = (location.state as { submitted?: boolean } | null)?.submitted === true;
  const [endsAt] = useState(() => now() + REGISTER_COUNTDOWN_SECONDS * SECOND_MS);
  const [current, setCurrent] = useState(now);
  const seconds = Math.max(0, Math.ceil((endsAt - current) / SECOND_MS));

  useEffect(() => {
    if (!submitted) return undefined;
    const timer = setInterval(() => setCurrent(now()), SECOND_MS / 4);
    return () => clearInterval(timer);
  }, [submitted, now]);

  useEffect(() => {
    if (submitted && seconds === 0) navigate(PATHS.login, { replace: true });
  }, [submitted, seconds, navigate]);

  return {
    submitted,
    /** 0 apply, 2 done (submitted; the operator reviews it afterwards). */
    step: submitted ? 2 : 0,
    seconds,
    applyPath: PATHS.applyTrial,
    loginPath: PATHS.login,
    languages: LANGUAGES,
    setLanguage: changeLanguage,
    goToLogin: () => navigate(PATHS.login, { replace: true }),
  };
}

/** What the views render. */
export type RegFlowPage = ReturnType<typeof useRegFlowPage>;
