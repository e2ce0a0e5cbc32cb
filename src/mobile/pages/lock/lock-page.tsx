import Avatar from 'antd-mobile/es/components/avatar';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useT } from '../../../i18n/use-t';
import { avatarText } from '../../../pages/layout/use-user-menu';
import { useLockPage } from '../../../pages/lock/use-lock-page';
import { BrandMark } from '../../brand-mark';
import { LockIcon } from '../../icons';
import './lock-page.css';
import { FormSubmit } from '../../forms/form-submit';

/** /lock on a phone: the screen lock; the password unlocks, or sign out. */
export function LockPage() {
  const { t } = useT();
  const page = useLockPage();
  const problem = page.problem ? t(page.problem.key, page.problem.params) : null;
  return (
    <div className="m-lock" data-testid="lock-page">
      <div className="m-lock-brand">
        <BrandMark size={24} />
        {t('common.appName')}
      </div>
      <main className="m-lock-card">
        <div className="m-lock-avatar">
          {page.photo ? <Avatar src={page.photo} /> : <span>{avatarText(page.name)}</span>}
          <i className="m-lock-badge" aria-hidden>
            <LockIcon />
          </i>
        </div>
        <h1>{t('screenLock.title')}</h1>
        <p className="m-lock-name" data-testid="lock-name">
          {t('screenLock.signedInAs', { name: page.name })}
        </p>
        {page.sso ? (
          <>
            <p className="m-lock-subtitle">{t('screenLock.ssoSubtitle')}</p>
            <Button
              block
              color="primary"
              size="large"
              data-testid="lock-sso-unlock"
              loading={page.busy === 'unlock'}
              onClick={page.unlockWithSso}
            >
              {t('screenLock.ssoUnlock')}
            </Button>
          </>
        ) : (
          <>
            <p className="m-lock-subtitle">{t('screenLock.subtitle')}</p>
            <Form
              layout="vertical"
              onFinish={() => void page.unlock()}
              footer={
                <FormSubmit loading={page.busy === 'unlock'} testId="lock-unlock">
                  {t('screenLock.unlock')}
                </FormSubmit>
              }
            >
              <Form.Item
                label={t('screenLock.password')}
                description={
                  problem ? (
                    <span className="m-lock-error" data-testid="lock-problem">
                      {problem}
                    </span>
                  ) : null
                }
              >
                <Input
                  id="lock-password"
                  data-testid="lock-password"
                  type="password"
                  autoComplete="current-password"
                  placeholder={t('screenLock.passwordPlaceholder')}
                  value={page.password}
                  onChange={page.setPassword}
                />
              </Form.Item>
            </Form>
          </>
        )}
        <Button
          block
          fill="none"
          color="primary"
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
