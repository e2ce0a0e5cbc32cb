import type { RouteObject } from 'react-router-dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../src/pages/paths';
import {
  createRouteTable,
  loadedPage,
  PAGE_PATHS,
  reachablePath,
  type ShellRoutes,
} from '../../../src/pages/route-table';

function paths(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.index ? `${prefix}(index)` : `${prefix}${route.path ?? ''}`;
    const base = route.path === '/' ? '/' : `${prefix}${route.path ?? ''}/`;
    return [here, ...paths(route.children ?? [], base)];
  });
}

const Page = () => null;
const shell = (): ShellRoutes => ({
  error: null,
  fallback: null,
  pages: {
    login: async () => Page,
    home: async () => Page,
    layout: async () => Page,
    basicInfo: async () => Page,
    personalInfo: async () => Page,
    changePassword: async () => Page,
    loginLog: async () => Page,
    signature: async () => Page,
    ldapSetting: async () => Page,
    messagePush: async () => Page,
    sso: async () => Page,
    ssoError: async () => Page,
    ssoLogout: async () => Page,
    noPermission: async () => Page,
    noAuth: async () => Page,
    ipException: async () => Page,
    dingtalk: async () => Page,
    feishu: async () => Page,
    wecom: async () => Page,
    wechat: async () => Page,
    reset: async () => Page,
    modifyPassword: async () => Page,
    mobileVerify: async () => Page,
    applyTrial: async () => Page,
    regFlow: async () => Page,
    lock: async () => Page,
    trialSignIn: async () => Page,
    document: async () => Page,
    appPage: async () => Page,
    helpDoc: async () => Page,
    notFound: async () => Page,
  },
});

describe('createRouteTable', () => {
  it('registers the pages that exist and sends any other path to the 404 page', () => {
    expect(paths(createRouteTable(shell()))).toEqual([
      '/',
      '/(index)',
      '/register',
      '/login',
      '/cardModeIndex',
      '/layout',
      '/layout/(index)',
      '/layout/info',
      '/layout/person',
      '/layout/password',
      '/layout/loginlog',
      '/layout/systemSetting',
      '/layout/messagePush',
      '/layout/signature',
      '/401',
      '/noAuth',
      '/ipException',
      '/dingding',
      '/feishu',
      '/wecom',
      '/wechat',
      '/reset',
      '/modifyPsw',
      '/mobileVerify',
      '/applyTrial',
      '/regFlow',
      '/lock',
      '/trial',
      '/sso',
      '/sso/error',
      '/sso/logout',
      '/agreement',
      '/privacy',
      '/disclaimer',
      '/sdk',
      '/app_permission_requests',
      '/company',
      '/contact',
      '/app',
      '/app/cims',
      '/app/edm',
      '/app/pm',
      '/app/mm',
      '/app/im',
      '/cims',
      '/edm',
      '/eln/:a/:b',
      '/cims/:a/:b',
      '/lims/:a/:b',
      '/pm/:a/:b',
      '/im/:a/:b',
      '/stability/:a/:b',
      '/molsim/:a/:b',
      '/sdh/:a/:b',
      '/*',
    ]);
  });

  it('names each help-doc route platform plus _doc (SPEC §2)', () => {
    const ids = createRouteTable(shell())[0]
      .children!.filter((route) => route.path?.endsWith('/:a/:b'))
      .map((route) => route.id);
    expect(ids).toEqual([
      'eln_doc',
      'cims_doc',
      'lims_doc',
      'pm_doc',
      'im_doc',
      'stability_doc',
      'molsim_doc',
      'sdh_doc',
    ]);
  });

  it("loads each route's page from the shell when it first renders, with the spinner meanwhile", async () => {
    const calls: string[] = [];
    const routes = { ...shell(), fallback: <p>loading</p> };
    routes.pages.login = async () => {
      calls.push('login');
      return () => <p>the login page</p>;
    };
    const login = createRouteTable(routes)[0].children!.find((route) => route.path === 'login')!;
    expect(calls).toEqual([]);
    render(<>{login.element}</>);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the login page')).toBeTruthy();
    expect(calls).toEqual(['login']);
  });

  it("renders a page its shell's chunk already holds at once, without the spinner first", () => {
    const routes = { ...shell(), fallback: <p>loading</p> };
    routes.pages.login = loadedPage(() => <p>the login page</p>);
    const login = createRouteTable(routes)[0].children!.find((route) => route.path === 'login')!;
    render(<>{login.element}</>);
    expect(screen.getByText('the login page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('still loads a page past the login lazily, so the rest of the catalogue comes with it', async () => {
    const routes = { ...shell(), fallback: <p>loading</p> };
    routes.pages.home = loadedPage(() => <p>the home page</p>);
    const home = createRouteTable(routes)[0].children!.find((route) => `/${route.path}` === PATHS.home)!;
    render(<>{home.element}</>);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('the home page', {}, { timeout: 10000 })).toBeTruthy();
  });
});

describe('reachablePath', () => {
  const allOn = { reset: true, register: true, appDownload: true };
  const allOff = { reset: false, register: false, appDownload: false };

  it('knows the pages from the route table itself', () => {
    const registered = paths(createRouteTable(shell()));
    for (const path of PAGE_PATHS) expect(registered).toContain(path);
  });

  it('links a page that exists', () => {
    expect(reachablePath(PATHS.login, allOff)).toBe(PATHS.login);
    expect(reachablePath(PATHS.agreement, allOff)).toBe(PATHS.agreement);
    expect(reachablePath(PATHS.privacy, allOff)).toBe(PATHS.privacy);
    expect(reachablePath(PATHS.info, allOff)).toBe(PATHS.info);
  });

  it('links the reset wizard only while the reset module is on', () => {
    expect(reachablePath(PATHS.reset, allOn)).toBe(PATHS.reset);
    expect(reachablePath(PATHS.reset, allOff)).toBeNull();
  });

  it('hides a link to a path without a page, whatever its module says', () => {
    expect(reachablePath(PATHS.notFound, allOn, new Set(PAGE_PATHS))).toBeNull();
  });

  it('links the app download pages and product introductions only while the app-download module is on', () => {
    for (const path of [PATHS.app, PATHS.appCims, PATHS.appIm, PATHS.introCims, PATHS.introEdm]) {
      expect(reachablePath(path, allOn)).toBe(path);
      expect(reachablePath(path, allOff)).toBeNull();
    }
  });

  it('links the trial application and the registration flow only while the register module is on', () => {
    expect(reachablePath(PATHS.applyTrial, allOn)).toBe(PATHS.applyTrial);
    expect(reachablePath(PATHS.regFlow, allOn)).toBe(PATHS.regFlow);
    expect(reachablePath(PATHS.applyTrial, allOff)).toBeNull();
    expect(reachablePath(PATHS.regFlow, allOff)).toBeNull();
  });

  it("links a module's page once it exists, and only while the module is on", () => {
    const withReset = new Set([...PAGE_PATHS, PATHS.reset, PATHS.applyTrial]);
    expect(reachablePath(PATHS.reset, allOn, withReset)).toBe(PATHS.reset);
    expect(reachablePath(PATHS.reset, allOff, withReset)).toBeNull();
    expect(reachablePath(PATHS.applyTrial, { ...allOff, register: true }, withReset)).toBe(PATHS.applyTrial);
    expect(reachablePath(PATHS.applyTrial, allOff, withReset)).toBeNull();
  });
});
