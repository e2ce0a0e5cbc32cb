import { useT } from '../../i18n/use-t';
import type { useLoginPage } from './use-login-page';

// The upper parts of the sign-in page, the same on desktop and phone; each shell gives its own class names
// (desktop.css / mobile.css tokens), as for LoginFormFoot.

type LoginPageState = ReturnType<typeof useLoginPage>;

/** The language buttons; `labelled` names the group for assistive technology (the desktop's corner). */
export function LoginLanguages({
  page,
  className,
  labelled = false,
}: {
  page: LoginPageState;
  className: string;
  labelled?: boolean;
}) {
  const { t, language } = useT();
  return (
    <div className={className} {...(labelled ? { role: 'group', 'aria-label': t('common.language') } : {})}>
      {page.languages.map((code) => (
        <button
          key={code}
          type="button"
          className={code === language ? 'active' : ''}
          data-testid={`login-lang-${code}`}
          onClick={() => void page.setLanguage(code)}
        >
          {t(`common.languages.${code}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * What the page says before the form: why the last session ended (a notice) and, after a chat host found no
 * account, that this sign-in links it; then the password / domain account tabs where domain sign-in is on.
 */
export function LoginFormHead({
  page,
  classes,
}: {
  page: LoginPageState;
  classes: { notice: string; types: string };
}) {
  const { t } = useT();
  return (
    <>
      {page.notice && (
        <div className={classes.notice} role="status">
          <strong>{t(page.noticeTitle)}</strong>
          <span>{t(page.notice)}</span>
        </div>
      )}
      {page.bindNotice && (
        <div className={classes.notice} role="status" data-testid="login-bind-notice">
          <span>{page.bindNotice}</span>
        </div>
      )}
      {page.domainLogin && (
        <div className={classes.types} role="tablist">
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
    </>
  );
}
