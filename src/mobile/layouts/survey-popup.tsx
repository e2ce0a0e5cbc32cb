import Dialog from 'antd-mobile/es/components/dialog';
import { useSurveyPopup } from '../../pages/notices/use-survey-popup';
import { useT } from '../../i18n/use-t';

/**
 * The satisfaction-survey popup (SPEC §2, §4) on a phone: the survey's title and text (as text), then one
 * action a line: answer, remind me after 3, 7 or 15 days, never again.
 */
export function SurveyPopup() {
  const { t } = useT();
  const survey = useSurveyPopup();
  return (
    <Dialog
      visible={survey.open}
      title={t('notices.survey.title')}
      closeOnMaskClick={false}
      onClose={survey.dismiss}
      content={
        survey.open && (
          <div data-testid="survey-popup" data-notice-id={survey.id ?? undefined}>
            <strong
              style={{ display: 'block', marginBottom: 6, overflowWrap: 'anywhere' }}
              data-testid="survey-title"
            >
              {survey.title}
            </strong>
            <div
              style={{
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                maxHeight: '40vh',
                overflowY: 'auto',
              }}
              data-testid="survey-text"
            >
              {survey.text}
            </div>
          </div>
        )
      }
      actions={[
        {
          key: 'answer',
          bold: true,
          disabled: survey.busy,
          text: (
            <span data-testid="survey-answer">
              {t(survey.link ? 'notices.survey.answer' : 'notices.survey.answered')}
            </span>
          ),
          onClick: survey.answer,
        },
        ...survey.remindOptions.map((days) => ({
          key: `later-${days}`,
          disabled: survey.busy,
          text: <span data-testid={`survey-later-${days}`}>{t('notices.survey.remindIn', { days })}</span>,
          onClick: () => survey.later(days),
        })),
        {
          key: 'never',
          disabled: survey.busy,
          style: { color: 'var(--adm-color-weak)' },
          text: <span data-testid="survey-never">{t('notices.survey.never')}</span>,
          onClick: survey.never,
        },
      ]}
    />
  );
}
