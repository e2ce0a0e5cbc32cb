import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, menuCodes } from '../../../domain/rules/menu-tree';
import { menuCodesOf, menuDeclarationProblem } from '../../../server/plugins/menu-access';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Every route of the real application, as registered: an administrator route names the page (menu code)
 * it serves, so hiding that page from an administrator refuses it (DESIGN §5).
 */
describe('menu codes of the registered routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const declared = () => t.app.routeDeclarations;
  const menuOf = (method: string, url: string) =>
    declared().find((route) => route.method === method && route.url.toLowerCase() === url.toLowerCase())
      ?.menu;

  it('sees every route module, first to last', () => {
    const urls = declared().map((route) => route.url);
    expect(urls).toContain('/api/health');
    expect(urls).toContain('/api/account/manageModify/:userId');
    expect(declared().filter((route) => route.access === 'admin').length).toBeGreaterThan(60);
  });

  it('finds no administrator route that names no page', () => {
    const undeclared = declared()
      .filter((route) => menuDeclarationProblem(route.access, route.menu) !== null)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    const admin = declared().filter((route) => route.access === 'admin');
    expect(admin.filter((route) => route.menu === undefined)).toEqual([]);
  });

  it('names only codes of the menu catalogue', () => {
    const codes = new Set(menuCodes(MENU_CATALOGUE));
    const unknown = declared().flatMap((route) => menuCodesOf(route.menu).filter((code) => !codes.has(code)));
    expect(unknown).toEqual([]);
  });

  it.each<[string, string, string | string[]]>([
    ['GET', '/api/ipwhitelist', 'systemSetting'],
    ['POST', '/api/ipwhitelist', 'systemSetting'],
    ['POST', '/api/ipunlimited/pages', 'systemSetting'],
    ['GET', '/api/organizationConfig/passwordPolicy', 'systemSetting'],
    ['PUT', '/api/organizationConfig/passwordPolicy', 'systemSetting'],
    ['POST', '/api/Watermark', 'systemSetting'],
    ['POST', '/api/esign/save', 'esignSetting'],
    ['POST', '/api/operationLog/page', 'operationLog'],
    ['GET', '/api/operationLog/operators', 'operationLog'],
    ['POST', '/api/operationLog/exportOperationLog', 'operationLog'],
    ['POST', '/api/ssoAccount/import', 'member'],
    ['GET', '/api/ssoAccount/import/template', 'member'],
    ['POST', '/api/account/remove/check', 'member'],
    ['POST', '/api/accountsHistory/recovery', 'history'],
    ['PUT', '/api/OrganizationOpenness/messagepush/config', 'messagePush'],
    ['POST', '/api/Menu/user/save', 'authorize'],
    ['POST', '/api/loginLog/page', 'loginLog'],
    ['POST', '/api/Esign/Modify/:id', 'signature'],
    // Shared by several pages: any one of them authorised grants it.
    ['GET', '/api/department/tree', ['orgDpt', 'member', 'orgLoginLog']],
    ['GET', '/api/account/managePage', ['member', 'orgDpt', 'authorize']],
    ['POST', '/api/loginLog/exportLoginLog', ['loginLog', 'orgLoginLog']],
  ])('%s %s belongs to %j', (method, url, menu) => {
    expect(menuOf(method, url)).toEqual(menu);
  });
});
