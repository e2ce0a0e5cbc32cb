import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuTreeItem } from '../../../../domain/schemas/menus';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { useSystemSettingsTabs } from '../../../../src/pages/system-settings/use-system-settings-tabs';
import { testSession } from '../../test-utils';

const treeWith = (esignSetting: boolean): MenuTreeItem[] => [
  {
    Code: 'organization',
    Name: 'Organisation',
    HasAuth: true,
    Children: [{ Code: 'systemSetting', Name: 'System settings', HasAuth: true, Children: [] }],
  },
  {
    Code: 'components',
    Name: 'Components',
    HasAuth: esignSetting,
    Children: [{ Code: 'esignSetting', Name: 'Electronic signature', HasAuth: esignSetting, Children: [] }],
  },
];

const tabsAt = (path: string) =>
  renderHook(() => useSystemSettingsTabs(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    ),
  }).result.current;

describe('useSystemSettingsTabs with the menus of the signed-in administrator', () => {
  afterEach(() => sessionStore.clear());

  it('leaves out the e-signature tab, even when linked to, once Electronic signature is hidden from them', () => {
    sessionStore.signIn(testSession());
    sessionStore.menusLoaded(treeWith(false));
    const tabs = tabsAt('/layout/systemSetting?tab=esign');
    expect(tabs.active).toBe('signIn');
    expect(tabs.tabs.map((item) => item.tab)).not.toContain('esign');
  });

  it('shows it while Electronic signature is theirs', () => {
    sessionStore.signIn(testSession());
    sessionStore.menusLoaded(treeWith(true));
    const tabs = tabsAt('/layout/systemSetting?tab=esign');
    expect(tabs.active).toBe('esign');
    expect(tabs.tabs.map((item) => item.tab)).toContain('esign');
  });
});
