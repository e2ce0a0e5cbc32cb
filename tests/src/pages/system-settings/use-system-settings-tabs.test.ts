import { describe, expect, it } from 'vitest';
import { systemSettingTab } from '../../../../src/pages/system-settings/use-system-settings-tabs';

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
});
