import { describe, expect, it } from 'vitest';
import type { MenuTreeItem } from '../../../../domain/schemas/menus';
import {
  buildSideMenu,
  firstAdministrationPath,
  isPersonalCentrePath,
} from '../../../../src/pages/layout/use-side-menu';

const menu = (Code: string, HasAuth: boolean, Children: MenuTreeItem[] = []): MenuTreeItem => ({
  Code,
  Name: Code,
  HasAuth,
  Children,
});

const personal = menu('personalCenter', true, [menu('info', true), menu('signature', true)]);

describe('firstAdministrationPath', () => {
  it('opens the first administration page an administrator may see', () => {
    const tree = [
      personal,
      menu('organization', true, [menu('orgInfo', false), menu('member', true)]),
      menu('components', true, [menu('esignSetting', true)]),
    ];
    expect(firstAdministrationPath(buildSideMenu(tree))).toBe('/layout/member');
  });

  it('has no way in for a member, whose tree holds the personal centre only', () => {
    const tree = [personal, menu('organization', false, [menu('member', false)])];
    expect(firstAdministrationPath(buildSideMenu(tree))).toBeNull();
  });
});

describe('buildSideMenu', () => {
  it('offers the development doc as a link out of the client, beside the Openness pages', () => {
    const tree = [
      menu('openness', true, [
        menu('appCredential', true),
        menu('developDoc', true),
        menu('interfaceMonitor', true),
      ]),
    ];
    expect(buildSideMenu(tree)[0].items).toEqual([
      { code: 'appCredential', title: 'menus.appCredential', path: '/layout/appCredential' },
      { code: 'developDoc', title: 'menus.developDoc', path: '/api/docs', external: true },
      { code: 'interfaceMonitor', title: 'menus.interfaceMonitor', path: '/layout/interfaceMonitor' },
    ]);
    const hidden = [menu('openness', true, [menu('developDoc', false), menu('interfaceMonitor', true)])];
    expect(buildSideMenu(hidden)[0].items.map((item) => item.code)).toEqual(['interfaceMonitor']);
  });
});

describe('isPersonalCentrePath', () => {
  it.each([
    ['/layout', true],
    ['/layout/info', true],
    ['/layout/person', true],
    ['/layout/password', true],
    ['/layout/loginlog', true],
    ['/layout/signature', true],
    ['/layout/member', false],
    ['/layout/orgInfo', false],
    ['/layout/esignSetting', false],
    ['/layout/systemSetting', false],
  ])('%s belongs to the personal centre: %s', (path, expected) => {
    expect(isPersonalCentrePath(path)).toBe(expected);
  });
});
