import { describe, expect, it } from 'vitest';
import {
  systemSettingTab,
  visibleSystemSettingTabs,
} from '../../../../src/pages/system-settings/use-system-settings-tabs';

describe('systemSettingTab', () => {
  it.each([
    [null, 'signIn'],
    ['ipWhitelist', 'ipWhitelist'],
    ['passwordPolicy', 'passwordPolicy'],
    ['general', 'general'],
    ['notices', 'notices'],
    ['nonsense', 'signIn'],
  ])('reads the tab %s as %s', (value, tab) => {
    expect(systemSettingTab(value)).toBe(tab);
  });

  it('opens the first tab for a tab the user may not see', () => {
    expect(systemSettingTab('esign', visibleSystemSettingTabs(new Set(['systemSetting'])))).toBe('signIn');
  });
});

describe('visibleSystemSettingTabs', () => {
  it('shows the e-signature settings only while their own page (esignSetting) is authorised', () => {
    expect(visibleSystemSettingTabs(new Set(['systemSetting', 'esignSetting']))).toContain('esign');
    const without = visibleSystemSettingTabs(new Set(['systemSetting']));
    expect(without).not.toContain('esign');
    expect(without).toEqual(['signIn', 'ipWhitelist', 'passwordPolicy', 'watermark', 'general', 'notices']);
  });
});
