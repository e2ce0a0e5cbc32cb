import Avatar from 'antd-mobile/es/components/avatar';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Selector from 'antd-mobile/es/components/selector';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ChangeEvent, useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { useContactChange } from '../../../pages/personal/use-contact-change';
import { usePersonalPage } from '../../../pages/personal/use-personal-page';
import { Toast } from '../../imperative';
import { ContactPopup } from './contact-popup';
import './personal-page.css';

/** Personal centre > personal info on a phone: photo, name, industry area, mobile and email. */
export function PersonalPage() {
  const { t } = useT();
  const page = usePersonalPage();
  const info = page.info;
  const contact = useContactChange({
    accountId: info?.ID,
    current: { mobile: info?.MobilePhone ?? '', email: info?.Email ?? '' },
    onChanged: page.applyAccount,
  });
  const fileInput = useRef<HTMLInputElement>(null);

  if (page.status !== 'ready' || !info) {
    return (
      <div data-testid="personal-info">
        {page.status === 'loading' ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : (
          <p className="m-personal-error">{t('personal.loadFailed')}</p>
        )}
      </div>
    );
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && (await page.choosePhoto(file)))
      Toast.show({ icon: 'success', content: t('personal.photoSaved') });
  };
  const onSave = async () => {
    if (await page.save()) Toast.show({ icon: 'success', content: t('personal.saved') });
  };
  const onConfirm = async () => {
    const kind = contact.kind;
    if (!(await contact.confirm())) return;
    Toast.show({
      icon: 'success',
      content: t(kind === 'mobile' ? 'personal.mobileChanged' : 'personal.emailChanged'),
    });
  };

  return (
    <div className="m-personal" data-testid="personal-info">
      <List header={t('personal.title')} mode="card">
        <List.Item
          prefix={<Avatar src={info.Photo} className="m-personal-avatar" data-testid="personal-photo" />}
          description={t('personal.photoHint', { max: page.photoMaxLabel })}
          onClick={() => fileInput.current?.click()}
          arrowIcon
        >
          {t('personal.uploadPhoto')}
        </List.Item>
      </List>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg"
        style={{ display: 'none' }}
        data-testid="personal-photo-file"
        onChange={onFile}
      />
      {page.photoProblem && (
        <p className="m-personal-error" data-testid="personal-photo-error">
          {t(page.photoProblem.key, page.photoProblem.params)}
        </p>
      )}
      <List mode="card">
        <List.Item title={t('personal.realName')}>
          <Input
            id="personal-name"
            placeholder={t('personal.realNamePlaceholder')}
            maxLength={50}
            value={page.form.RealName}
            onChange={(value) => page.setForm({ RealName: value })}
          />
        </List.Item>
        <List.Item title={t('personal.industryArea')}>
          <Selector
            className="m-personal-industries"
            columns={2}
            value={page.form.IndustryArea ? [page.form.IndustryArea] : []}
            onChange={(values) => page.setForm({ IndustryArea: values[0] ?? '' })}
            options={page.industries.map((code) => ({
              value: code,
              label: t(`personal.industries.${code}`),
            }))}
          />
        </List.Item>
      </List>
      {page.formProblem && (
        <p className="m-personal-error" data-testid="personal-form-error">
          {t(page.formProblem.key, page.formProblem.params)}
        </p>
      )}
      <div className="m-personal-save">
        <Button
          block
          color="primary"
          data-testid="personal-save"
          loading={page.busy === 'saving'}
          onClick={onSave}
        >
          {t('personal.save')}
        </Button>
      </div>
      <List mode="card">
        {(['mobile', 'email'] as const).map((kind) => {
          const value = kind === 'mobile' ? info.MobilePhone : info.Email;
          return (
            <List.Item
              key={kind}
              data-testid={`personal-change-${kind}`}
              extra={<span data-testid={`personal-${kind}`}>{value || t('personal.notSet')}</span>}
              onClick={() => contact.open(kind)}
            >
              {t(kind === 'mobile' ? 'personal.mobile' : 'personal.email')}
            </List.Item>
          );
        })}
      </List>
      <ContactPopup contact={contact} onConfirm={onConfirm} />
    </div>
  );
}
