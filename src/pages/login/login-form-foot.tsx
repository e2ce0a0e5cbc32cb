import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import type { useLoginPage } from './use-login-page';

/** The class names a shell styles the lower half of its sign-in form with. */
export interface LoginFormFootClasses {
  row: string;
  check: string;
  forgot: string;
  problem: string;
  /** The submit button's; ' loading' is added while the sign-in runs. */
  submit: string;
  spinner: string;
  agree: string;
  /** A legal document's name while its page does not exist. */
  doc: string;
  register: string;
}

/**
 * The lower half of the sign-in form, the same on desktop and phone: stay signed in and the reset link,
 * the server's answer, the submit button, the agreement to the legal documents, and the register and
 * trial links. Each shell gives its own class names (desktop.css / mobile.css tokens).
 */
export function LoginFormFoot({
  page,
  classes,
}: {
  page: ReturnType<typeof useLoginPage>;
  classes: LoginFormFootClasses;
}) {
  const { t } = useT();
  /** A legal document's name: a link once its page exists, plain text until then. */
  const documentName = (to: string | null, children: ReactNode) =>
    to ? <Link to={to}>{children}</Link> : <span className={classes.doc}>{children}</span>;

  return (
    <>
      <div className={classes.row}>
        <label className={classes.check}>
          <input
            type="checkbox"
            data-testid="login-auto"
            checked={page.form.autoLogin}
            onChange={(event) => page.update({ autoLogin: event.target.checked })}
          />
          <span>{t('login.autoLogin')}</span>
        </label>
        {page.links.reset && (
          <Link to={page.links.reset} className={classes.forgot}>
            {t('login.forgotPassword')}
          </Link>
        )}
      </div>

      {/* Before the button, so the tick comes before Sign in in tab order (issue 23). */}
      <label className={classes.agree}>
        <input
          type="checkbox"
          data-testid="login-agree"
          checked={page.form.agreed}
          onChange={(event) => page.update({ agreed: event.target.checked })}
        />
        <span>
          {t('login.agreePrefix')}
          {documentName(page.links.agreement, t('login.agreement'))}
          {t('login.and')}
          {documentName(page.links.privacy, t('login.privacy'))}
        </span>
      </label>

      {page.problem && (
        <div className={classes.problem} role="alert">
          {t(page.problem)}
        </div>
      )}

      <button
        type="submit"
        className={page.submitting ? `${classes.submit} loading` : classes.submit}
        aria-busy={page.submitting}
        data-testid="login-submit"
      >
        {page.submitting && <i className={classes.spinner} aria-hidden="true" />}
        {t('login.submit')}
      </button>

      {(page.links.register || page.links.trial) && (
        <div className={classes.register}>
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
    </>
  );
}
