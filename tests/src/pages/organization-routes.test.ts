import { describe, expect, it } from 'vitest';
import { authorisedCodes, authoriseMenus, MENU_CATALOGUE } from '../../../domain/rules/menu-tree';
import { decideRoute, type GuardInput } from '../../../src/pages/guard';
import { buildSideMenu } from '../../../src/pages/layout/use-side-menu';
import { PATHS, routeMeta } from '../../../src/pages/paths';
import { PAGE_PATHS } from '../../../src/pages/route-table';

const MODULES = { reset: true, register: true } as Parameters<typeof routeMeta>[1];

/** The menu tree the server answers, as Code/Name/HasAuth/Children. */
function tree(isOrgAdmin: boolean) {
  const toItems = (menus: ReturnType<typeof authoriseMenus>): Parameters<typeof buildSideMenu>[0] =>
    menus.map((menu) => ({
      Code: menu.code,
      Name: menu.code,
      HasAuth: menu.hasAuth,
      Children: toItems(menu.children),
    }));
  return toItems(authoriseMenus(MENU_CATALOGUE, isOrgAdmin));
}

const guard = (path: string, isOrgAdmin: boolean): ReturnType<typeof decideRoute> =>
  decideRoute({
    path,
    route: routeMeta(path, MODULES),
    loggedIn: true,
    uiVersion: 'NEW',
    loginMode: null,
    deployment: 'cloud',
    ssoLoginUrl: null,
    trialDemoUrl: null,
    menuStatus: 'ready',
    authorisedCodes: authorisedCodes(tree(isOrgAdmin)),
    mustChangePassword: false,
  } satisfies GuardInput);

describe('Organisation info and Departments routes', () => {
  it.each([
    [PATHS.orgInfo, 'orgInfo'],
    [PATHS.orgDpt, 'orgDpt'],
  ])('%s is gated by the menu code %s', (path, code) => {
    expect(routeMeta(path, MODULES)).toEqual({ needsLogin: true, menuCode: code });
  });

  it.each([PATHS.orgInfo, PATHS.orgDpt])(
    'lets an administrator open %s and sends a member to /401',
    (path) => {
      expect(guard(path, true)).toEqual({ kind: 'allow' });
      expect(guard(path, false)).toEqual({ kind: 'redirect', to: PATHS.noPermission, clearSession: false });
    },
  );

  it('lists them under the Organisation group of the administrator’s side menu only', () => {
    const admin = buildSideMenu(tree(true)).find((group) => group.code === 'organization');
    expect(admin?.items.map((item) => [item.code, item.path])).toEqual(
      expect.arrayContaining([
        ['orgInfo', PATHS.orgInfo],
        ['orgDpt', PATHS.orgDpt],
      ]),
    );
    expect(buildSideMenu(tree(false)).some((group) => group.code === 'organization')).toBe(false);
  });

  it('are desktop-only pages: no link of both shells points at them', () => {
    expect(PAGE_PATHS.has(PATHS.orgInfo)).toBe(false);
    expect(PAGE_PATHS.has(PATHS.orgDpt)).toBe(false);
  });
});

describe("the personal centre's password change (SPEC §2 /layout/password)", () => {
  it('is gated by the menu code password, and every member opens it', () => {
    expect(routeMeta(PATHS.password, MODULES)).toEqual({ needsLogin: true, menuCode: 'password' });
    expect(guard(PATHS.password, false)).toEqual({ kind: 'allow' });
    expect(guard(PATHS.password, true)).toEqual({ kind: 'allow' });
  });

  it("is the personal centre's menu item, not the standalone /modifyPsw, on both shells", () => {
    const personal = buildSideMenu(tree(false)).find((group) => group.code === 'personalCenter');
    expect(personal?.items.find((item) => item.code === 'password')?.path).toBe(PATHS.password);
    expect(PAGE_PATHS.has(PATHS.password)).toBe(true);
  });
});
