import { Button, Dropdown, Modal, Space, Typography } from 'antd';
import { useSurveyPopup } from '../../pages/notices/use-survey-popup';
import { useT } from '../../i18n/use-t';
import { ChevronDownIcon } from '../../pages/notices/notice-icons';

/**
 * The satisfaction-survey popup (SPEC §2, §4) on desktop: the survey's title and text (as text), then
 * never again, remind me after 3, 7 or 15 days, and answer (its link in a new tab, or 'I've filled it in').
 */
export function SurveyPopup() {
  const { t } = useT();
  const survey = useSurveyPopup();
  return (
    <Modal
      open={survey.open}
      title={t('notices.survey.title')}
      onCancel={survey.dismiss}
      maskClosable={false}
      width={520}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <Button type="link" data-testid="survey-never" disabled={survey.busy} onClick={survey.never}>
            {t('notices.survey.never')}
          </Button>
          <Space>
            <Dropdown
              trigger={['click']}
              disabled={survey.busy}
              menu={{
                items: survey.remindOptions.map((days) => ({
                  key: String(days),
                  label: (
                    <span data-testid={`survey-later-${days}`}>{t('notices.survey.remindIn', { days })}</span>
                  ),
                })),
                onClick: ({ key }) => survey.later(Number(key) as (typeof survey.remindOptions)[number]),
              }}
            >
              <Button data-testid="survey-later">
                {t('notices.survey.remindLater')} <ChevronDownIcon />
              </Button>
            </Dropdown>
            <Button type="primary" data-testid="survey-answer" loading={survey.busy} onClick={survey.answer}>
              {t(survey.link ? 'notices.survey.answer' : 'notices.survey.answered')}
            </Button>
          </Space>
        </div>
      }
    >
      {survey.open && (
        <div data-testid="survey-popup" data-notice-id={survey.id ?? undefined}>
          <Typography.Title level={5} style={{ marginTop: 4 }} data-testid="survey-title">
            {survey.title}
          </Typography.Title>
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxHeight: '50vh', overflowY: 'auto' }}
            data-testid="survey-text"
          >
            {survey.text}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
