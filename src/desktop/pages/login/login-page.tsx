import { type FormEvent, lazy, Suspense } from 'react';
import { LoginFormFoot, type LoginFormFootClasses } from '../../../pages/login/login-form-foot';
import { LoginFormHead, LoginLanguages } from '../../../pages/login/login-form-head';
import { useLoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark, CheckIcon } from '../../icons';
import './login-page.css';
import './login-form.css';

// The captcha is asked for only after failed sign-ins: its field loads then, off the first paint.
const LoginCaptcha = lazy(() => import('./login-captcha').then((m) => ({ default: m.LoginCaptcha })));

const FOOT_CLASSES: LoginFormFootClasses = {
  row: 'login-row',
  check: 'login-check',
  forgot: 'login-forgot',
  problem: 'login-problem',
  submit: 'login-submit',
  spinner: 'login-submit-spinner',
  agree: 'login-check login-agree',
  doc: 'login-doc',
  register: 'login-register',
};

/**
 * Desktop sign-in: product hero on the left, the sign-in card on the right. Native elements styled with
 * the antd theme's tokens (desktop.css): the busiest page loads no antd at all (the 160 KB budget).
 */
export function LoginPage() {
  const page = useLoginPage();
  const { t } = useT();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void page.submit();
  };

  return (
    <div className="login-page" data-testid="desktop-login">
      <aside className="login-hero">
        <div className="login-hero-brand">
          <BrandMark size={40} />
          <span>{t('common.appName')}</span>
        </div>
        <div className="login-hero-copy">
          <h2>{t('login.hero.title')}</h2>
          <p>{t('login.hero.body')}</p>
          <ul>
            {(['login.hero.point1', 'login.hero.point2', 'login.hero.point3'] as const).map((key) => (
              <li key={key}>
                <CheckIcon />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <div className="login-hero-orbs" aria-hidden="true" />
      </aside>

      <main className="login-main">
        <LoginLanguages page={page} className="login-lang" labelled />

        <form className="login-card" onSubmit={onSubmit} noValidate>
          <div className="login-card-brand">
            <BrandMark size={44} />
          </div>
          <h1>{t('login.title')}</h1>
          <p className="login-subtitle">{t('login.subtitle')}</p>

          <LoginFormHead page={page} classes={{ notice: 'login-notice', types: 'login-types' }} />

          <label className="login-label" htmlFor="login-account">
            {t(page.accountText.label)}
          </label>
          <input
            id="login-account"
            className="login-input"
            autoComplete="username"
            data-testid="login-account"
            placeholder={t(page.accountText.placeholder)}
            maxLength={page.maxLength.account}
            value={page.form.account}
            onChange={(event) => page.update({ account: event.target.value })}
          />
          <label className="login-label" htmlFor="login-password">
            {t('login.password')}
          </label>
          <input
            id="login-password"
            type="password"
            className="login-input"
            autoComplete="current-password"
            data-testid="login-password"
            placeholder={t('login.passwordPlaceholder')}
            maxLength={page.maxLength.password}
            value={page.form.password}
            onChange={(event) => page.update({ password: event.target.value })}
          />
          {page.captcha.shown && (
            <Suspense fallback={null}>
              <LoginCaptcha page={page} />
            </Suspense>
          )}

          <LoginFormFoot page={page} classes={FOOT_CLASSES} />
        </form>
      </main>
    </div>
  );
}
