import { type FormEvent, lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useLoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark, CheckIcon } from '../../icons';
import './login-page.css';

// The captcha is asked for only after failed sign-ins: its field loads then, off the first paint.
const LoginCaptcha = lazy(() => import('./login-captcha').then((m) => ({ default: m.LoginCaptcha })));

/** A legal document's name: a link once its page exists, plain text until then. */
function DocumentName({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? <Link to={to}>{children}</Link> : <span className="login-doc">{children}</span>;
}

/**
 * Desktop sign-in: product hero on the left, the sign-in card on the right. Native elements styled with
 * the antd theme's tokens (desktop.css): the busiest page loads no antd at all (the 160 KB budget).
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
            <div className="login-notice" role="status">
              <strong>{t(page.noticeTitle)}</strong>
              <span>{t(page.notice)}</span>
            </div>
          )}
          {page.bindNotice && (
            <div className="login-notice" role="status" data-testid="login-bind-notice">
              <span>{page.bindNotice}</span>
            </div>
          )}

          {page.domainLogin && (
            <div className="login-types" role="tablist">
              {([0, 1] as const).map((type) => (
                <button
                  key={type}
                  type="button"
                  role="tab"
                  aria-selected={page.form.loginType === type}
                  className={page.form.loginType === type ? 'active' : ''}
                  data-testid={`login-type-${type}`}
                  onClick={() => page.update({ loginType: type })}
                >
                  {t(type === 1 ? 'login.loginTypes.ad' : 'login.loginTypes.normal')}
                </button>
              ))}
            </div>
          )}

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
            {page.links.reset && (
              <Link to={page.links.reset} className="login-forgot">
                {t('login.forgotPassword')}
              </Link>
            )}
          </div>

          {page.problem && (
            <div className="login-problem" role="alert">
              {t(page.problem)}
            </div>
          )}

          <button
            type="submit"
            className={page.submitting ? 'login-submit loading' : 'login-submit'}
            aria-busy={page.submitting}
            data-testid="login-submit"
          >
            {page.submitting && <i className="login-submit-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>

          <label className="login-check login-agree">
            <input
              type="checkbox"
              data-testid="login-agree"
              checked={page.form.agreed}
              onChange={(event) => page.update({ agreed: event.target.checked })}
            />
            <span>
              {t('login.agreePrefix')}
              <DocumentName to={page.links.agreement}>{t('login.agreement')}</DocumentName>
              {t('login.and')}
              <DocumentName to={page.links.privacy}>{t('login.privacy')}</DocumentName>
            </span>
          </label>

          {(page.links.register || page.links.trial) && (
            <div className="login-register">
              {page.links.register && (
                <p>
                  {t('login.noAccount')} <Link to={page.links.register}>{t('login.register')}</Link>
                </p>
              )}
              {page.links.trial && (
                <p>
                  {t('login.haveTrial')}{' '}
                  <Link to={page.links.trial} data-testid="login-trial-link">
                    {t('login.trialSignIn')}
                  </Link>
                </p>
              )}
            </div>
          )}
        </form>
      </main>
    </div>
  );
}
