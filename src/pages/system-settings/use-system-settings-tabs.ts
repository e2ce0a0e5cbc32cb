import { useSearchParams } from 'react-router-dom';
import type { MessageKey } from '../../../domain/i18n';
import { useSession } from '../session/use-session';

/**
 * The tabs of System settings on desktop: sign-in (directory, verification), IP whitelist, password policy,
 * watermark, electronic signature and general (the organisation's configuration by category).
 */
export const SYSTEM_SETTING_TABS = [
  'signIn',
  'ipWhitelist',
  'passwordPolicy',
  'watermark',
  'esign',
  'general',
  'notices',
] as const;
export type SystemSettingTab = (typeof SYSTEM_SETTING_TABS)[number];

/** Each tab's title. */
const TAB_TITLES: Record<SystemSettingTab, MessageKey> = {
  signIn: 'governance.tabs.signIn',
  ipWhitelist: 'governance.tabs.ipWhitelist',
  passwordPolicy: 'governance.tabs.passwordPolicy',
  watermark: 'watermark.title',
  esign: 'esign.title',
  general: 'orgConfig.tab',
  notices: 'notices.admin.title',
};

/**
 * Tabs that show another page's screen, by that page's menu code: shown only while it is authorised, since
 * the server refuses its endpoints once it is hidden (the e-signature settings are Components > Electronic
 * signature's, esignSetting).
 */
const TAB_MENUS: Partial<Record<SystemSettingTab, string>> = { esign: 'esignSetting' };

/** The tabs a user with these authorised menu codes sees. */
export function visibleSystemSettingTabs(codes: ReadonlySet<string>): SystemSettingTab[] {
  return SYSTEM_SETTING_TABS.filter((tab) => {
    const code = TAB_MENUS[tab];
    return code === undefined || codes.has(code);
  });
}

/** The query parameter of the chosen tab: `/layout/systemSetting?tab=ipWhitelist` links to it. */
export const SYSTEM_SETTING_TAB_PARAM = 'tab';

/** The tab a query names among the visible ones, or the first one. */
export function systemSettingTab(
  value: string | null,
  visible: readonly SystemSettingTab[] = SYSTEM_SETTING_TABS,
): SystemSettingTab {
  return visible.find((tab) => tab === value) ?? 'signIn';
}

/**
 * System settings' tabs (menu code systemSetting) the user may open: the chosen one lives in the query, so
 * the side menu still marks System settings, a tab can be linked to, and Back returns to the tab before.
 */
export function useSystemSettingsTabs() {
  const [params, setParams] = useSearchParams();
  const { codes } = useSession();
  const visible = visibleSystemSettingTabs(codes);
  const active = systemSettingTab(params.get(SYSTEM_SETTING_TAB_PARAM), visible);
  return {
    active,
    tabs: visible.map((tab) => ({ tab, title: TAB_TITLES[tab] })),
    choose: (tab: SystemSettingTab) => setParams(tab === 'signIn' ? {} : { [SYSTEM_SETTING_TAB_PARAM]: tab }),
  };
}
