import { type FormEvent, lazy, Suspense } from 'react';
import { LoginFormFoot, type LoginFormFootClasses } from '../../../pages/login/login-form-foot';
import { LoginFormHead, LoginLanguages } from '../../../pages/login/login-form-head';
import { useLoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark } from '../../brand-mark';
import './login-page.css';

// The captcha is asked for only after failed sign-ins: its field loads then, off the first paint.
const LoginCaptcha = lazy(() => import('./login-captcha').then((m) => ({ default: m.LoginCaptcha })));

const FOOT_CLASSES: LoginFormFootClasses = {
  row: 'm-login-row',
  check: 'm-check',
  forgot: 'm-forgot',
  problem: 'm-login-problem',
  submit: 'm-button m-login-submit',
  spinner: 'm-button-spinner',
  agree: 'm-check m-agree',
  doc: 'm-doc',
  register: 'm-login-register',
};

/**
 * Phone sign-in in plain elements styled with antd-mobile's design tokens (mobile.css): the busiest page
 * loads none of antd-mobile's components, and tests get a real <input> to fill.
 */
export function LoginPage() {
  const page = useLoginPage();
  const { t } = useT();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void page.submit();
  };

  return (
    <div className="m-login" data-testid="mobile-login">
      <header className="m-login-hero">
        <LoginLanguages page={page} className="m-login-lang" />
        <BrandMark size={48} />
        <h1>{t('common.appName')}</h1>
        <p>{t('login.subtitle')}</p>
      </header>

      <form className="m-login-card" onSubmit={onSubmit} noValidate>
        <h2>{t('login.title')}</h2>
        <LoginFormHead page={page} classes={{ notice: 'm-login-notice', types: 'm-login-types' }} />
        <label className="m-field">
          <span>{t(page.accountText.label)}</span>
          <input
            data-testid="login-account"
            type="text"
            inputMode={page.form.loginType === 1 ? 'text' : 'email'}
            autoComplete="username"
            placeholder={t(page.accountText.placeholder)}
            maxLength={page.maxLength.account}
            value={page.form.account}
            onChange={(event) => page.update({ account: event.target.value })}
          />
        </label>
        <label className="m-field">
          <span>{t('login.password')}</span>
          <input
            data-testid="login-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            maxLength={page.maxLength.password}
            value={page.form.password}
            onChange={(event) => page.update({ password: event.target.value })}
          />
        </label>
        {page.captcha.shown && (
          <Suspense fallback={null}>
            <LoginCaptcha page={page} />
          </Suspense>
        )}

        <LoginFormFoot page={page} classes={FOOT_CLASSES} />
      </form>
    </div>
  );
}
