import { useCallback, useEffect, useRef, useState } from 'react';
import type { Captcha } from '../../../domain/schemas/password-reset';

// Loaded with the first captcha: the login page shows one only after failed sign-ins.
const captchaApi = () => import('../../adapters/password-reset-api');

/**
 * The image captcha of a form: fetched on mount (or once `enabled`, for a form that needs one only
 * sometimes, like the login after failures), refreshed by a click or after each use (a captcha is checked
 * once). `id` is sent back with the typed answer.
 */
export function useCaptcha(enabled = true) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  // Only the answer to the latest request is shown, so a slow earlier one cannot replace a newer image.
  const load = useCallback(() => {
    const request = (latest.current += 1);
    return captchaApi()
      .then(({ getCaptcha }) => getCaptcha())
      .then(
        (next) => {
          if (request === latest.current) setCaptcha(next);
        },
        () => {}, // the API client has shown the failure; the image stays clickable for another try
      )
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, []);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  const refresh = useCallback(() => {
    setLoading(true);
    return load();
  }, [load]);

  return {
    id: captcha?.CaptchaId ?? null,
    image: captcha?.Image ?? null,
    loading: enabled && loading,
    refresh,
  };
}
