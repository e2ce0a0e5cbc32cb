import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark, CheckIcon } from '../../icons';
import './login-page.css';

/** The forced-logout notice is rare: its antd Alert loads only when there is one. */
const LoginNotice = lazy(() => import('./login-notice').then((m) => ({ default: m.LoginNotice })));

/**
 * Desktop sign-in: product hero on the left, the sign-in card on the right. The fields are native
 * elements styled with the antd theme's tokens, keeping antd's input stack off the first paint of the
 * busiest page (the 200 KB budget); the button is antd's.
 */
export function LoginPage() {
  const page = useLoginPage();
  const { t, language } = useT();
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
        <div className="login-lang" role="group" aria-label={t('common.language')}>
          {page.languages.map((code) => (
            <button
              key={code}
              type="button"
              className={code === language ? 'active' : ''}
              onClick={() => void page.setLanguage(code)}
            >
              {t(`common.languages.${code}`)}
            </button>
          ))}
        </div>

        <form className="login-card" onSubmit={onSubmit} noValidate>
          <div className="login-card-brand">
            <BrandMark size={44} />
          </div>
          <h1>{t('login.title')}</h1>
          <p className="login-subtitle">{t('login.subtitle')}</p>

          {page.notice && (
            <Suspense fallback={null}>
              <LoginNotice title={t('login.forcedLogoutTitle')} description={t(page.notice)} />
            </Suspense>
          )}

          <label className="login-label" htmlFor="login-account">
            {t('login.account')}
          </label>
          <input
            id="login-account"
            className="login-input"
            autoComplete="username"
            data-testid="login-account"
            placeholder={t('login.accountPlaceholder')}
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
            value={page.form.password}
            onChange={(event) => page.update({ password: event.target.value })}
          />

          <div className="login-row">
            <label className="login-check">
              <input
                type="checkbox"
                data-testid="login-auto"
                checked={page.form.autoLogin}
                onChange={(event) => page.update({ autoLogin: event.target.checked })}
              />
              <span>{t('login.autoLogin')}</span>
            </label>
            <Link to={page.resetPath}>{t('login.forgotPassword')}</Link>
          </div>

          {page.problem && (
            <div className="login-problem" role="alert">
              {t(page.problem)}
            </div>
          )}

          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={page.submitting}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>

          <label className="login-check login-agree">
            <input
              type="checkbox"
              data-testid="login-agree"
              checked={page.form.agreed}
              onChange={(event) => page.update({ agreed: event.target.checked })}
            />
            <span>
              {t('login.agreePrefix')}
              <span className="login-doc">{t('login.agreement')}</span>
              {t('login.and')}
              <span className="login-doc">{t('login.privacy')}</span>
            </span>
          </label>

          <div className="login-register">
            {t('login.noAccount')} <Link to={page.registerPath}>{t('login.register')}</Link>
          </div>
        </form>
      </main>
    </div>
  );
}
