import Dialog from 'antd-mobile/es/components/dialog';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { Fragment } from 'react';
import { useForcedLogoutReminder } from '../../pages/session/use-forced-logout-reminder';
import { useSecurityNotice } from '../../pages/session/use-security-notice';
import { useT } from '../../i18n/use-t';
import { SurveyPopup } from './survey-popup';
import './account-notices.css';

/** The account-security notice after sign-in (SPEC §4), as a dialog that asks for an answer. */
function SecurityNoticeDialog() {
  const { t } = useT();
  const notice = useSecurityNotice();
  return (
    <Dialog
      visible={notice.open}
      title={t('securityNotice.title')}
      closeOnMaskClick={false}
      content={
        notice.open && (
          <div className="m-security-notice" data-testid="security-notice">
            <p>{t('securityNotice.intro')}</p>
            <dl>
              {notice.lines.map((line) => (
                <Fragment key={line.id}>
                  <dt>{t(line.label)}</dt>
                  <dd
                    className={line.warn ? 'm-security-notice-warn' : undefined}
                    data-testid={`security-notice-${line.id}`}
                  >
                    {line.texts.map((text) => t(text.key, text.params)).join(' · ')}
                  </dd>
                </Fragment>
              ))}
            </dl>
            <p className="m-security-notice-hint">
              {t('securityNotice.notYou')}{' '}
              <button type="button" data-testid="security-notice-log" onClick={notice.viewLoginLog}>
                {t('securityNotice.viewLoginLog')}
              </button>
              {notice.canChangePassword && (
                <button type="button" onClick={notice.changePassword}>
                  {t('securityNotice.changePassword')}
                </button>
              )}
            </p>
          </div>
        )
      }
      actions={[
        [
          {
            key: 'never',
            style: { color: 'var(--adm-color-weak)' },
            text: <span data-testid="security-notice-never">{t('securityNotice.dontRemind')}</span>,
            onClick: notice.neverRemind,
          },
          {
            key: 'ok',
            bold: true,
            text: <span data-testid="security-notice-ok">{t('securityNotice.iKnow')}</span>,
            onClick: notice.acknowledge,
          },
        ],
      ]}
    />
  );
}

/** The reminder of the coming forced logout, above the page's foot: it does not stop the user working. */
function ForcedLogoutReminder() {
  const { t } = useT();
  const reminder = useForcedLogoutReminder();
  if (!reminder.visible) return null;
  return (
    <div className="m-forced-logout-reminder" data-testid="forced-logout-reminder" role="status">
      <NoticeBar
        color="alert"
        wrap
        closeable
        onClose={reminder.close}
        content={t('securityNotice.forcedLogoutSoon', { time: reminder.endsAt })}
      />
    </div>
  );
}

/** What a signed-in phone page shows over itself about the account: the security notice, the reminder. */
export function AccountNotices() {
  return (
    <>
      <SecurityNoticeDialog />
      <ForcedLogoutReminder />
      <SurveyPopup />
    </>
  );
}
