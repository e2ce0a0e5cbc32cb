import { Button, Card, Form, Input, message, Skeleton, Typography } from 'antd';
import { useRef } from 'react';
import { LOGO_DISPLAY, LOGO_MAX_LABEL } from '../../../../domain/rules/organization-logo';
import { useOrgInfoPage } from '../../../pages/organization/use-org-info-page';
import { useT } from '../../../i18n/use-t';
import { OrgPlatformCards } from './org-platform-cards';
import './org-info-page.css';
import { ProblemAlert } from '../dialogs/problem-alert';

/** Organisation > organisation info (/layout/orgInfo): name, logo, industry, contact; platform and products. */
export function OrgInfoPage() {
  const { t } = useT();
  const page = useOrgInfoPage();
  const fileInput = useRef<HTMLInputElement>(null);

  if (page.status !== 'ready' || !page.organization || !page.platform) {
    return (
      <Card variant="borderless" title={t('menus.orgInfo')}>
        <Skeleton active loading={page.status === 'loading'} paragraph={{ rows: 8 }}>
          {t('status.loadFailed')}
        </Skeleton>
      </Card>
    );
  }
  const { organization, platform, form } = page;
  const onSave = async () => {
    if (await page.save()) void message.success(t('organization.saved'));
  };
  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && (await page.uploadLogo(file))) void message.success(t('organization.logoUploaded'));
  };

  return (
    <div className="org-info" data-testid="org-info">
      <Card variant="borderless" title={t('organization.basicTitle')}>
        <Form layout="vertical" className="org-info-form">
          <Form.Item
            label={t('organization.logo')}
            extra={t('organization.logoHelp', { max: LOGO_MAX_LABEL })}
          >
            <div className="org-info-logo-row">
              <div className="org-info-logo" style={LOGO_DISPLAY} data-testid="org-logo">
                {organization.Logo ? (
                  <img src={organization.Logo} alt={t('organization.logo')} {...LOGO_DISPLAY} />
                ) : (
                  <Typography.Text type="secondary">{t('organization.noLogo')}</Typography.Text>
                )}
              </div>
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg"
                style={{ display: 'none' }}
                data-testid="org-logo-file"
                onChange={onFile}
              />
              <Button loading={page.busy === 'uploading'} onClick={() => fileInput.current?.click()}>
                {t('organization.logoUpload')}
              </Button>
            </div>
            <ProblemAlert
              problem={page.logoProblem}
              className="org-info-alert"
              data-testid="org-logo-error"
            />
          </Form.Item>
          <Form.Item label={t('organization.name')} required>
            <Input
              data-testid="org-name"
              maxLength={100}
              value={form.OrgName}
              onChange={(e) => page.update({ OrgName: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('organization.industry')}>
            <Input
              data-testid="org-industry"
              maxLength={100}
              value={form.Industry}
              onChange={(e) => page.update({ Industry: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('organization.contact')}>
            <Input
              data-testid="org-contact"
              maxLength={200}
              placeholder={t('organization.contactPlaceholder')}
              value={form.Contact}
              onChange={(e) => page.update({ Contact: e.target.value })}
            />
          </Form.Item>
          <ProblemAlert problem={page.formProblem} className="org-info-alert" data-testid="org-form-error" />
          <Button type="primary" data-testid="org-save" loading={page.busy === 'saving'} onClick={onSave}>
            {t('organization.save')}
          </Button>
        </Form>
      </Card>

      <OrgPlatformCards platform={platform} products={page.products} />
    </div>
  );
}
