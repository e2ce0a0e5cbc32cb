import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import { Link, useNavigate } from 'react-router-dom';
import type { TrialForm, TrialTextField } from '../../../../domain/rules/trial';
import { useT } from '../../../i18n/use-t';
import { type ApplyTrialPage as Page, useApplyTrialPage } from '../../../pages/trial/use-apply-trial-page';
import { TrialAgreementWords } from '../../../pages/trial/trial-code-flow';
import { TrialNavBar } from './trial-nav-bar';
import { SendCodeButton, TrialCardForm } from './trial-form-parts';
import './trial-page.css';

/** The hook's problem for a field, shown under its label. */
function Problem({ page, name }: { page: Page; name: keyof TrialForm }) {
  const { t } = useT();
  const problem = page.problems[name];
  if (!problem) return null;
  return (
    <span className="m-trial-error" data-testid={`trial-${name}-error`}>
      {t(problem)}
    </span>
  );
}

/** /applyTrial on a phone: the trial request of SPEC §3 in one antd-mobile card form. */
export function ApplyTrialPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const page = useApplyTrialPage();
  const text = (name: TrialTextField, placeholder: string, extra: { maxLength: number; type?: string }) => (
    <Input
      id={`trial-${name}`}
      data-testid={`trial-${name}`}
      clearable
      placeholder={placeholder}
      value={page.form[name]}
      onChange={(value) => page.update({ [name]: value })}
      {...extra}
    />
  );
  return (
    <div className="m-trial" data-testid="apply-trial-page">
      <TrialNavBar
        title={t('trial.title')}
        onBack={() => navigate(page.loginPath)}
        languages={page.languages}
        setLanguage={page.setLanguage}
      />
      <p className="m-trial-subtitle">{t('trial.subtitle')}</p>
      <TrialCardForm
        flow={page}
        testIdPrefix="trial"
        codeSentText={t('trial.codeSent', { minutes: 10 })}
        submitText={t('trial.submit')}
        onSubmit={() => void page.submit()}
      >
        <Form.Item label={t('trial.name')} description={<Problem page={page} name="name" />}>
          {text('name', t('trial.namePlaceholder'), { maxLength: page.maxLength.name })}
        </Form.Item>
        <Form.Item label={t('trial.mobilePhone')} description={<Problem page={page} name="mobilePhone" />}>
          {text('mobilePhone', t('trial.mobilePlaceholder'), {
            maxLength: page.maxLength.mobile,
            type: 'tel',
          })}
        </Form.Item>
        <Form.Item
          label={t('trial.code')}
          description={<Problem page={page} name="verificationCode" />}
          extra={<SendCodeButton flow={page} testId="trial-send" />}
        >
          {text('verificationCode', t('trial.codePlaceholder'), { maxLength: page.maxLength.code })}
        </Form.Item>
        <Form.Item label={t('trial.email')} description={<Problem page={page} name="email" />}>
          {text('email', t('trial.emailPlaceholder'), { maxLength: page.maxLength.email, type: 'email' })}
        </Form.Item>
        <Form.Item label={t('trial.company')} description={<Problem page={page} name="company" />}>
          {text('company', t('trial.companyPlaceholder'), { maxLength: page.maxLength.company })}
        </Form.Item>
        <Form.Item label={t('trial.industry')} description={<Problem page={page} name="industry" />}>
          <div data-testid="trial-industry">
            <Selector
              columns={2}
              value={page.form.industry ? [page.form.industry] : []}
              onChange={(values) => page.update({ industry: values[0] ?? '' })}
              options={page.industryOptions}
            />
          </div>
        </Form.Item>
        <Form.Item label={t('trial.product')} description={<Problem page={page} name="product" />}>
          <div data-testid="trial-product">
            <Selector
              columns={4}
              value={page.form.product ? [page.form.product] : []}
              onChange={(values) => page.update({ product: values[0] ?? '' })}
              options={page.productOptions}
            />
          </div>
        </Form.Item>
        <Form.Item label={t('trial.message')} description={<Problem page={page} name="message" />}>
          <TextArea
            id="trial-message"
            data-testid="trial-message"
            rows={3}
            showCount
            maxLength={page.maxLength.message}
            placeholder={t('trial.messagePlaceholder')}
            value={page.form.message}
            onChange={(value) => page.update({ message: value })}
          />
        </Form.Item>
        <Form.Item description={<Problem page={page} name="agreed" />}>
          <Checkbox
            data-testid="trial-agree"
            checked={page.form.agreed}
            onChange={(agreed) => page.update({ agreed })}
          >
            <span className="m-trial-agree">
              <TrialAgreementWords flow={page} />
            </span>
          </Checkbox>
        </Form.Item>
      </TrialCardForm>
      <div className="m-trial-footer">
        {t('trial.haveAccount')} <Link to={page.loginPath}>{t('trial.login')}</Link>
      </div>
    </div>
  );
}
