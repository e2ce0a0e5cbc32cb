import { Avatar, Button, Card, Form, Input, message, Select, Skeleton, Typography } from 'antd';
import { type ChangeEvent, useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { avatarText } from '../../../pages/layout/use-user-menu';
import { useContactChange } from '../../../pages/personal/use-contact-change';
import { usePersonalPage } from '../../../pages/personal/use-personal-page';
import { ContactDialog } from './contact-dialog';
import './personal-page.css';
import { ProblemAlert } from '../dialogs/problem-alert';

/** Personal centre > personal info (/layout/person): photo, name, industry area, mobile and email. */
export function PersonalPage() {
  const { t } = useT();
  const page = usePersonalPage();
  const info = page.info;
  const contact = useContactChange({
    accountId: info?.ID,
    current: { mobile: info?.MobilePhone ?? '', email: info?.Email ?? '' },
    onChanged: (account) => {
      page.applyAccount(account);
      void message.success(t(contact.kind === 'mobile' ? 'personal.mobileChanged' : 'personal.emailChanged'));
    },
  });
  const fileInput = useRef<HTMLInputElement>(null);

  if (page.status !== 'ready' || !info) {
    return (
      <Card variant="borderless" title={t('personal.title')} data-testid="personal-info">
        <Skeleton active avatar paragraph={{ rows: 5 }} loading={page.status === 'loading'}>
          <Typography.Text type="danger">{t('personal.loadFailed')}</Typography.Text>
        </Skeleton>
      </Card>
    );
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && (await page.choosePhoto(file))) void message.success(t('personal.photoSaved'));
  };
  const onSave = async () => {
    if (await page.save()) void message.success(t('personal.saved'));
  };
  const addressRow = (kind: 'mobile' | 'email', value: string) => (
    // Labels name their control for screen readers (htmlFor/id); here the change (or bind) button.
    <Form.Item
      label={t(kind === 'mobile' ? 'personal.mobile' : 'personal.email')}
      htmlFor={`personal-change-${kind}`}
    >
      <div className="personal-address">
        <span data-testid={`personal-${kind}`}>
          {value || <Typography.Text type="secondary">{t('personal.notSet')}</Typography.Text>}
        </span>
        <Button
          type="link"
          id={`personal-change-${kind}`}
          data-testid={`personal-change-${kind}`}
          onClick={() => contact.open(kind)}
        >
          {t(value ? 'personal.change' : 'personal.bind')}
        </Button>
      </div>
    </Form.Item>
  );

  return (
    <Card variant="borderless" title={t('personal.title')} data-testid="personal-info">
      <Form layout="vertical" className="personal-form">
        <Form.Item
          label={t('personal.photo')}
          htmlFor="personal-photo-upload"
          extra={t('personal.photoHint', { max: page.photoMaxLabel })}
        >
          <div className="personal-photo-row">
            <Avatar
              size={88}
              src={info.Photo || undefined}
              data-testid="personal-photo"
              className="personal-avatar"
            >
              {avatarText(info.RealName)}
            </Avatar>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg"
              style={{ display: 'none' }}
              data-testid="personal-photo-file"
              onChange={onFile}
            />
            <Button
              id="personal-photo-upload"
              loading={page.busy === 'uploading'}
              onClick={() => fileInput.current?.click()}
            >
              {t('personal.uploadPhoto')}
            </Button>
          </div>
          <ProblemAlert
            problem={page.photoProblem}
            className="personal-alert"
            data-testid="personal-photo-error"
          />
        </Form.Item>
        <Form.Item label={t('personal.realName')} htmlFor="personal-real-name" required>
          <Input
            id="personal-real-name"
            data-testid="personal-name"
            maxLength={50}
            placeholder={t('personal.realNamePlaceholder')}
            value={page.form.RealName}
            onChange={(event) => page.setForm({ RealName: event.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('personal.industryArea')} htmlFor="personal-industry-area">
          <Select
            id="personal-industry-area"
            data-testid="personal-industry"
            allowClear
            placeholder={t('personal.industryPlaceholder')}
            value={page.form.IndustryArea || undefined}
            onChange={(value) => page.setForm({ IndustryArea: value ?? '' })}
            options={page.industries.map((code) => ({
              value: code,
              label: t(`personal.industries.${code}`),
            }))}
          />
        </Form.Item>
        <ProblemAlert
          problem={page.formProblem}
          className="personal-alert"
          data-testid="personal-form-error"
        />
        <Button type="primary" data-testid="personal-save" loading={page.busy === 'saving'} onClick={onSave}>
          {t('personal.save')}
        </Button>
        <div className="personal-addresses">
          {addressRow('mobile', info.MobilePhone)}
          {addressRow('email', info.Email)}
        </div>
      </Form>
      <ContactDialog contact={contact} />
    </Card>
  );
}
