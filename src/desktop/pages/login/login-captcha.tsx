import type { LoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';

/** The login's image captcha, once the server asks for it: the answer and the image (a click renews it). */
export function LoginCaptcha({ page }: { page: LoginPage }) {
  const { t } = useT();
  const { captcha } = page;
  if (!captcha.shown) return null;
  return (
    <>
      <label className="login-label" htmlFor="login-captcha">
        {t('login.captcha')}
      </label>
      <div className="login-captcha" data-testid="login-captcha-row">
        <input
          id="login-captcha"
          className="login-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          data-testid="login-captcha"
          placeholder={t('login.captchaPlaceholder')}
          maxLength={captcha.maxLength}
          value={captcha.answer}
          onChange={(event) => page.setCaptchaAnswer(event.target.value)}
        />
        <button
          type="button"
          className="login-captcha-image"
          title={t('login.captchaImage')}
          aria-label={t('login.captchaImage')}
          data-testid="login-captcha-image"
          onClick={() => void captcha.refresh()}
        >
          {captcha.image ? (
            <img src={captcha.image} width={120} height={32} alt={t('login.captchaImage')} />
          ) : (
            <span>{t('login.captchaLoading')}</span>
          )}
        </button>
      </div>
    </>
  );
}
