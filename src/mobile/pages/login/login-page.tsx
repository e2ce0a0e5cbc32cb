import { type FormEvent, lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useLoginPage } from '../../../pages/login/use-login-page';
import { useT } from '../../../i18n/use-t';
import { BrandMark } from '../../brand-mark';
import './login-page.css';

// The captcha is asked for only after failed sign-ins: its field loads then, off the first paint.
const LoginCaptcha = lazy(() => import('./login-captcha').then((m) => ({ default: m.LoginCaptcha })));

/** A legal document's name: a link once its page exists, plain text until then. */
function DocumentName({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? <Link to={to}>{children}</Link> : <span className="m-doc">{children}</span>;
}

/**
 * Phone sign-in in plain elements styled with antd-mobile's design tokens (mobile.css): the busiest page
 * loads none of antd-mobile's components, and tests get a real <input> to fill.
 */
export function LoginPage() {
  const page = useLoginPage();
  const { t, language } = useT();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void page.submit();
  };

  return (
    <div className="m-login" data-testid="mobile-login">
      <header className="m-login-hero">
        <div className="m-login-lang">
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
        <BrandMark size={48} />
        <h1>{t('common.appName')}</h1>
        <p>{t('login.subtitle')}</p>
      </header>

      <form className="m-login-card" onSubmit={onSubmit} noValidate>
        <h2>{t('login.title')}</h2>
        {page.notice && (
          <div className="m-login-notice" role="status">
            <strong>{t(page.noticeTitle)}</strong>
            <span>{t(page.notice)}</span>
          </div>
        )}
        {page.bindNotice && (
          <div className="m-login-notice" role="status" data-testid="login-bind-notice">
            <span>{page.bindNotice}</span>
          </div>
        )}
        {page.domainLogin && (
          <div className="m-login-types" role="tablist">
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

        <div className="m-login-row">
          <label className="m-check">
            <input
              type="checkbox"
              data-testid="login-auto"
              checked={page.form.autoLogin}
              onChange={(event) => page.update({ autoLogin: event.target.checked })}
            />
            <span>{t('login.autoLogin')}</span>
          </label>
          {page.links.reset && (
            <Link to={page.links.reset} className="m-forgot">
              {t('login.forgotPassword')}
            </Link>
          )}
        </div>

        {page.problem && (
          <div className="m-login-problem" role="alert">
            {t(page.problem)}
          </div>
        )}

        <button
          type="submit"
          className={page.submitting ? 'm-button m-login-submit loading' : 'm-button m-login-submit'}
          aria-busy={page.submitting}
          data-testid="login-submit"
        >
          {page.submitting && <i className="m-button-spinner" aria-hidden="true" />}
          {t('login.submit')}
        </button>

        <label className="m-check m-agree">
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
          <div className="m-login-register">
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
    </div>
  );
}
