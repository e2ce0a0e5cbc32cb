import { Card, Checkbox, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TrialForm, TrialTextField } from '../../../../domain/rules/trial';
import { useT } from '../../../i18n/use-t';
import { type ApplyTrialPage as Page, useApplyTrialPage } from '../../../pages/trial/use-apply-trial-page';
import { TrialAgreementWords } from '../../../pages/trial/trial-code-flow';
import { TrialHeader } from './trial-header';
import { SendCodeButton, TrialFormEnd } from './trial-form-parts';
import './trial-page.css';

/** A labelled field with the hook's problem for it under the input. */
function Field(props: { page: Page; name: keyof TrialForm; label?: string; children: ReactNode }) {
  const { t } = useT();
  const problem = props.page.problems[props.name];
  const id = `trial-${props.name}`;
  return (
    <Form.Item
      label={props.label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span data-testid={`${id}-error`}>{t(problem)}</span> : undefined}
    >
      {props.children}
    </Form.Item>
  );
}

/** /applyTrial on desktop: the trial request of SPEC §3 in one antd form. */
export function ApplyTrialPage() {
  const { t } = useT();
  const page = useApplyTrialPage();
  const text = (
    name: TrialTextField,
    placeholder: string,
    extra: { maxLength: number; autoComplete?: string },
  ) => (
    <Input
      id={`trial-${name}`}
      data-testid={`trial-${name}`}
      size="large"
      placeholder={placeholder}
      value={page.form[name]}
      onChange={(event) => page.update({ [name]: event.target.value })}
      {...extra}
    />
  );
  return (
    <div className="flow-page trial-page" data-testid="apply-trial-page">
      <TrialHeader loginPath={page.loginPath} languages={page.languages} setLanguage={page.setLanguage} />
      <main className="flow-main">
        <Card className="flow-card trial-card" variant="borderless">
          <h1 className="trial-title">{t('trial.title')}</h1>
          <p className="trial-subtitle">{t('trial.subtitle')}</p>
          <Form layout="vertical" requiredMark={false} onFinish={() => void page.submit()}>
            <div className="trial-grid">
              <Field page={page} name="name" label={t('trial.name')}>
                {text('name', t('trial.namePlaceholder'), {
                  maxLength: page.maxLength.name,
                  autoComplete: 'name',
                })}
              </Field>
              <Field page={page} name="email" label={t('trial.email')}>
                {text('email', t('trial.emailPlaceholder'), {
                  maxLength: page.maxLength.email,
                  autoComplete: 'email',
                })}
              </Field>
              <Field page={page} name="mobilePhone" label={t('trial.mobilePhone')}>
                {text('mobilePhone', t('trial.mobilePlaceholder'), {
                  maxLength: page.maxLength.mobile,
                  autoComplete: 'tel',
                })}
              </Field>
              <Field page={page} name="verificationCode" label={t('trial.code')}>
                <div className="trial-inline">
                  {text('verificationCode', t('trial.codePlaceholder'), {
                    maxLength: page.maxLength.code,
                    autoComplete: 'one-time-code',
                  })}
                  <SendCodeButton flow={page} testId="trial-send" />
                </div>
              </Field>
              <Field page={page} name="company" label={t('trial.company')}>
                {text('company', t('trial.companyPlaceholder'), {
                  maxLength: page.maxLength.company,
                  autoComplete: 'organization',
                })}
              </Field>
              <Field page={page} name="industry" label={t('trial.industry')}>
                <Select
                  id="trial-industry"
                  data-testid="trial-industry"
                  size="large"
                  placeholder={t('trial.industryPlaceholder')}
                  value={page.form.industry || undefined}
                  onChange={(industry: string) => page.update({ industry })}
                  options={page.industryOptions}
                />
              </Field>
              <Field page={page} name="product" label={t('trial.product')}>
                <Select
                  id="trial-product"
                  data-testid="trial-product"
                  size="large"
                  placeholder={t('trial.productPlaceholder')}
                  value={page.form.product || undefined}
                  onChange={(product: string) => page.update({ product })}
                  options={page.productOptions}
                />
              </Field>
            </div>
            <Field page={page} name="message" label={t('trial.message')}>
              <Input.TextArea
                id="trial-message"
                data-testid="trial-message"
                rows={3}
                showCount
                maxLength={page.maxLength.message}
                placeholder={t('trial.messagePlaceholder')}
                value={page.form.message}
                onChange={(event) => page.update({ message: event.target.value })}
              />
            </Field>
            <Field page={page} name="agreed">
              <Checkbox
                data-testid="trial-agree"
                checked={page.form.agreed}
                onChange={(event) => page.update({ agreed: event.target.checked })}
              >
                <TrialAgreementWords flow={page} />
              </Checkbox>
            </Field>
            <TrialFormEnd
              flow={page}
              testIdPrefix="trial"
              codeSentText={t('trial.codeSent', { minutes: 10 })}
              submitText={t('trial.submit')}
            />
          </Form>
          <div className="trial-footer">
            {t('trial.haveAccount')} <Link to={page.loginPath}>{t('trial.login')}</Link>
          </div>
        </Card>
      </main>
    </div>
  );
}
