import { Alert, Button, Modal, Typography } from 'antd';
import { Fragment } from 'react';
import { useForcedLogoutReminder } from '../../pages/session/use-forced-logout-reminder';
import { useSecurityNotice } from '../../pages/session/use-security-notice';
import { useT } from '../../i18n/use-t';
import { SurveyPopup } from './survey-popup';
import './account-notices.css';

/** The account-security notice after sign-in (SPEC §4), as a dialog that asks for an answer. */
function SecurityNoticeModal() {
  const { t } = useT();
  // SPEC §4: the notice waits while the personal-centre tour bubble is up
  const notice = useSecurityNotice();
  return (
    <Modal
      open={notice.open}
      title={t('securityNotice.title')}
      onCancel={notice.acknowledge}
      maskClosable={false}
      width={520}
      footer={[
        <Button key="never" data-testid="security-notice-never" onClick={notice.neverRemind}>
          {t('securityNotice.dontRemind')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          autoFocus
          data-testid="security-notice-ok"
          onClick={notice.acknowledge}
        >
          {t('securityNotice.iKnow')}
        </Button>,
      ]}
    >
      {notice.open && (
        <div className="security-notice" data-testid="security-notice">
          <Typography.Paragraph type="secondary">{t('securityNotice.intro')}</Typography.Paragraph>
          <dl>
            {notice.lines.map((line) => (
              <Fragment key={line.id}>
                <dt>{t(line.label)}</dt>
                <dd
                  className={line.warn ? 'security-notice-warn' : undefined}
                  data-testid={`security-notice-${line.id}`}
                >
                  {line.texts.map((text) => t(text.key, text.params)).join(' · ')}
                </dd>
              </Fragment>
            ))}
          </dl>
          <p className="security-notice-hint">
            {t('securityNotice.notYou')}
            <span className="security-notice-links">
              {notice.canChangePassword && (
                <Button type="link" size="small" onClick={notice.changePassword}>
                  {t('securityNotice.changePassword')}
                </Button>
              )}
              <Button
                type="link"
                size="small"
                data-testid="security-notice-log"
                onClick={notice.viewLoginLog}
              >
                {t('securityNotice.viewLoginLog')}
              </Button>
            </span>
          </p>
        </div>
      )}
    </Modal>
  );
}

/** The reminder of the coming forced logout, in a corner: it does not stop the user working. */
function ForcedLogoutReminder() {
  const { t } = useT();
  const reminder = useForcedLogoutReminder();
  if (!reminder.visible) return null;
  return (
    <div className="forced-logout-reminder" data-testid="forced-logout-reminder" role="status">
      <Alert
        type="warning"
        showIcon
        closable={{ onClose: reminder.close, 'aria-label': t('common.close') }}
        title={t('securityNotice.forcedLogoutSoonTitle')}
        description={t('securityNotice.forcedLogoutSoon', { time: reminder.endsAt })}
      />
    </div>
  );
}

/** What a signed-in desktop page shows over itself about the account: the security notice, the reminder. */
export function AccountNotices() {
  return (
    <>
      <SecurityNoticeModal />
      <ForcedLogoutReminder />
      <SurveyPopup />
    </>
  );
}
