import { useSearchParams } from 'react-router-dom';
import type { MessageKey } from '../../../domain/i18n';

/**
 * The tabs of System settings on desktop: sign-in (directory, verification), IP whitelist, password policy,
 * watermark and electronic signature.
 */
export const SYSTEM_SETTING_TABS = ['signIn', 'ipWhitelist', 'passwordPolicy', 'watermark', 'esign'] as const;
export type SystemSettingTab = (typeof SYSTEM_SETTING_TABS)[number];

/** The query parameter of the chosen tab: `/layout/systemSetting?tab=ipWhitelist` links to it. */
export const SYSTEM_SETTING_TAB_PARAM = 'tab';

/** The tab a query names, or the first one. */
export function systemSettingTab(value: string | null): SystemSettingTab {
  return SYSTEM_SETTING_TABS.find((tab) => tab === value) ?? 'signIn';
}

/**
 * System settings' tabs (menu code systemSetting): the chosen one lives in the query, so the side menu
 * still marks System settings, a tab can be linked to, and Back returns to the tab before.
 */
export function useSystemSettingsTabs() {
  const [params, setParams] = useSearchParams();
  const active = systemSettingTab(params.get(SYSTEM_SETTING_TAB_PARAM));
  return {
    active,
    tabs: SYSTEM_SETTING_TABS.map((tab) => ({
      tab,
      title: (tab === 'watermark'
        ? 'watermark.title'
        : tab === 'esign'
          ? 'esign.title'
          : `governance.tabs.${tab}`) as MessageKey,
    })),
    choose: (tab: SystemSettingTab) => setParams(tab === 'signIn' ? {} : { [SYSTEM_SETTING_TAB_PARAM]: tab }),
  };
}
