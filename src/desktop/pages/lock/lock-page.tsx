import { Avatar, Button, Form, Input } from 'antd';
import { useT } from '../../../i18n/use-t';
import { useLockPage } from '../../../pages/lock/use-lock-page';
import { avatarText } from '../../../pages/layout/use-user-menu';
import { BrandMark, LockIcon } from '../../icons';
import './lock-page.css';

/**
 * /lock on desktop: the screen lock over the whole window; the password (or, signed in through SSO, the
 * identity provider) unlocks, or sign out.
 */
export function LockPage() {
  const { t } = useT();
  const page = useLockPage();
  const problem = page.problem ? t(page.problem.key, page.problem.params) : undefined;
  return (
    <div className="lock-screen" data-testid="lock-page">
      <div className="lock-brand">
        <BrandMark size={28} />
        {t('common.appName')}
      </div>
      <main className="lock-card">
        <div className="lock-badge" aria-hidden>
          <LockIcon />
        </div>
        <Avatar size={72} src={page.photo || undefined} className="lock-avatar">
          {avatarText(page.name)}
        </Avatar>
        <h1 className="lock-title">{t('screenLock.title')}</h1>
        <p className="lock-name" data-testid="lock-name">
          {t('screenLock.signedInAs', { name: page.name })}
        </p>
        {page.sso ? (
          <>
            <p className="lock-subtitle">{t('screenLock.ssoSubtitle')}</p>
            <Button
              type="primary"
              size="large"
              block
              data-testid="lock-sso-unlock"
              loading={page.busy === 'unlock'}
              onClick={page.unlockWithSso}
            >
              {t('screenLock.ssoUnlock')}
            </Button>
          </>
        ) : (
          <>
            <p className="lock-subtitle">{t('screenLock.subtitle')}</p>
            <Form
              layout="vertical"
              requiredMark={false}
              onFinish={() => void page.unlock()}
              className="lock-form"
            >
              <Form.Item
                label={t('screenLock.password')}
                htmlFor="lock-password"
                validateStatus={problem ? 'error' : undefined}
                help={problem ? <span data-testid="lock-problem">{problem}</span> : undefined}
              >
                <Input.Password
                  id="lock-password"
                  data-testid="lock-password"
                  size="large"
                  autoFocus
                  autoComplete="current-password"
                  placeholder={t('screenLock.passwordPlaceholder')}
                  value={page.password}
                  onChange={(event) => page.setPassword(event.target.value)}
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                block
                data-testid="lock-unlock"
                loading={page.busy === 'unlock'}
              >
                {t('screenLock.unlock')}
              </Button>
            </Form>
          </>
        )}
        <Button
          type="link"
          className="lock-sign-out"
          data-testid="lock-sign-out"
          loading={page.busy === 'signOut'}
          onClick={() => void page.signOut()}
        >
          {t('screenLock.signOut')}
        </Button>
      </main>
    </div>
  );
}
