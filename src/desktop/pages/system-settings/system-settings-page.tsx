import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import {
  type SystemSettingTab,
  useSystemSettingsTabs,
} from '../../../pages/system-settings/use-system-settings-tabs';
import { useT } from '../../../i18n/use-t';
import { IpWhitelistPage } from '../ip-whitelist/ip-whitelist-page';
import { LdapSettingPage } from '../ldap/ldap-setting-page';
import { EsignSettingsPage } from '../esign/esign-settings-page';
import { GeneralSettingsPage } from './general-settings-page';
import { NoticesPage } from '../notices/notices-page';
import { PasswordPolicyPage } from '../password-policy/password-policy-page';
import { WatermarkPage } from '../watermark/watermark-page';

const CONTENT: Record<SystemSettingTab, () => ReactNode> = {
  signIn: () => <LdapSettingPage />,
  ipWhitelist: () => <IpWhitelistPage />,
  passwordPolicy: () => <PasswordPolicyPage />,
  watermark: () => <WatermarkPage />,
  esign: () => <EsignSettingsPage />,
  general: () => <GeneralSettingsPage />,
  notices: () => <NoticesPage />,
};

/**
 * Organisation > System settings on desktop (/layout/systemSetting): a tab each for the sign-in settings
 * (security verification, domain accounts), the IP whitelist, the password policy, the watermark, the
 * electronic signature and the organisation's general configuration.
 */
export function SystemSettingsPage() {
  const { t } = useT();
  const { active, tabs, choose } = useSystemSettingsTabs();
  return (
    <div data-testid="system-settings">
      <Tabs
        activeKey={active}
        onChange={(key) => choose(key as SystemSettingTab)}
        items={tabs.map(({ tab, title }) => ({
          key: tab,
          label: <span data-testid={`tab-${tab}`}>{t(title)}</span>,
        }))}
        tabBarStyle={{ marginBottom: 12, paddingInline: 4 }}
      />
      {CONTENT[active]()}
    </div>
  );
}
