import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, menuCodes } from '../../../domain/rules/menu-tree';
import { menuOfRoute, ROUTE_MENUS } from '../../../server/plugins/menu-access';

describe('menuOfRoute', () => {
  it.each<[string, string, string | undefined]>([
    ['POST', '/api/loginLog/page', 'loginLog'],
    ['GET', '/api/Menu/tree', 'authorize'],
    ['POST', '/api/account/authorize', 'authorize'],
    ['PUT', '/api/account/authorize/display', 'authorize'],
    ['GET', '/api/Account/AuthorizeInfo', undefined], // the card home of everyone
    ['GET', '/api/Menu/user/tree', undefined],
    ['GET', '/api/organization/logo', undefined], // shown in headers
    ['POST', '/api/organization/logo', 'orgInfo'],
    ['GET', '/api/department/tree', undefined], // the members screen's filter reads it
    ['DELETE', '/api/department/:id', 'orgDpt'],
    ['POST', '/api/account/managePage', undefined], // the pickers of several screens
    ['POST', '/api/account/setManager', 'member'],
    ['POST', '/api/accountsHistory/recovery', 'history'],
    ['PUT', '/api/OrganizationOpenness/messagepush/config', 'messagePush'],
  ])('%s %s belongs to %s', (method, url, code) => {
    expect(menuOfRoute(method, url)).toBe(code);
  });

  it('names only menu codes of the catalogue', () => {
    const codes = new Set(menuCodes(MENU_CATALOGUE));
    expect(ROUTE_MENUS.filter((entry) => !codes.has(entry.code))).toEqual([]);
  });
});
