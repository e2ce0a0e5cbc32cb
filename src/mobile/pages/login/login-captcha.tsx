import type { LoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';

/** The login's image captcha on a phone, once the server asks for it; a tap on the image renews it. */
export function LoginCaptcha({ page }: { page: LoginPage }) {
  const { t } = useT();
  const { captcha } = page;
  if (!captcha.shown) return null;
  return (
    <div className="m-field" data-testid="login-captcha-row">
      <span>{t('login.captcha')}</span>
      <div className="m-captcha">
        <input
          data-testid="login-captcha"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-label={t('login.captcha')}
          placeholder={t('login.captchaPlaceholder')}
          maxLength={captcha.maxLength}
          value={captcha.answer}
          onChange={(event) => page.setCaptchaAnswer(event.target.value)}
        />
        <button
          type="button"
          className="m-captcha-image"
          aria-label={t('login.captchaImage')}
          data-testid="login-captcha-image"
          onClick={() => void captcha.refresh()}
        >
          {captcha.image ? (
            <img src={captcha.image} width={120} height={32} alt={t('login.captchaImage')} />
          ) : (
            t('login.captchaLoading')
          )}
        </button>
      </div>
    </div>
  );
}
