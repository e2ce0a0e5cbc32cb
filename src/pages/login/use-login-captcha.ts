import { useState } from 'react';
import { CAPTCHA_LENGTH } from '../../../domain/constants';
import type { MessageKey } from '../../../domain/i18n';
import { captchaAnswerProblem } from '../../../domain/rules/password-reset';
import { ApiError } from '../../adapters/api-client';
import { useCaptcha } from '../reset/use-captcha';

/**
 * Whether a refused sign-in means the next one needs the image captcha: the server asked for one, said so
 * with a failure (`captcha: 1`), or found the one sent wrong or used up.
 */
export function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.key === 'errors.login.captchaRequired' ||
    error.key.startsWith('errors.captcha.') ||
    error.params?.captcha === 1
  );
}

/**
 * The login's image captcha: hidden until the server asks for one (after failed sign-ins of the name or
 * the address), then kept for the rest of the visit. A captcha is checked once, right or wrong, so every
 * refused attempt brings a new image.
 */
export function useLoginCaptcha() {
  const [shown, setShown] = useState(false);
  const [answer, setAnswer] = useState('');
  const captcha = useCaptcha(shown);

  return {
    /** What the page renders: the image (a click refreshes it) and the typed answer. */
    view: {
      shown,
      image: captcha.image,
      loading: captcha.loading,
      refresh: captcha.refresh,
      answer,
      maxLength: CAPTCHA_LENGTH,
    },
    setAnswer,
    /** The captcha's problem before a sign-in is sent (missing, malformed), or null. */
    problem: (): MessageKey | null => (shown ? captchaAnswerProblem(answer) : null),
    /** False while a shown captcha has no image yet: nothing to answer. */
    ready: !shown || captcha.id !== null,
    /** The fields a sign-in sends: the captcha and its answer while one is shown. */
    fields: () => (shown && captcha.id ? { captchaId: captcha.id, captcha: answer } : {}),
    /** After a refused sign-in: a new image for the next attempt, or the first one if it is now asked for. */
    afterFailure: (error: unknown) => {
      if (shown) {
        setAnswer('');
        void captcha.refresh();
      } else if (asksForCaptcha(error)) {
        // The image loads once shown.
        setShown(true);
      }
    },
  };
}
