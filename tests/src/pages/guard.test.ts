import { describe, expect, it } from 'vitest';
import {
  decideChunkRecovery,
  decideRoute,
  isChunkLoadError,
  type GuardDecision,
  type GuardInput,
} from '../../../src/pages/guard';
import { homePath, PATHS, routeMeta } from '../../../src/pages/paths';

const modules = { reset: true, register: true, appDownload: false };

function input(path: string, patch: Partial<GuardInput> = {}): GuardInput {
  return {
    path,
    route: routeMeta(path, modules),
    loggedIn: true,
    uiVersion: 'NEW',
    loginMode: null,
    deployment: 'cloud',
    ssoLoginUrl: null,
    trialDemoUrl: null,
    menuStatus: 'ready',
    authorisedCodes: new Set(['personalCenter', 'info']),
    mustChangePassword: false,
    ...patch,
  };
}

const allow: GuardDecision = { kind: 'allow' };
const to = (path: string, clearSession = false): GuardDecision => ({
  kind: 'redirect',
  to: path,
  clearSession,
});

describe('decideRoute (SPEC §2 route guard)', () => {
  const table: Array<[string, GuardInput, GuardDecision]> = [
    [
      'an excluded route is a 404',
      input('/reset', { route: routeMeta('/reset', { ...modules, reset: false }) }),
      to('/404'),
    ],
    [
      'an excluded route is a 404 even signed out',
      input('/applyTrial', { loggedIn: false, route: { needsLogin: false, exclude: true } }),
      to('/404'),
    ],
    [
      'signed out on the card home: clear and sign in',
      input('/cardModeIndex', { loggedIn: false }),
      to('/login', true),
    ],
    [
      'signed out on a layout page: clear and sign in',
      input('/layout/info', { loggedIn: false }),
      to('/login', true),
    ],
    [
      'signed out in a project deployment with SSO: the sso route',
      input('/cardModeIndex', {
        loggedIn: false,
        deployment: 'project',
        ssoLoginUrl: 'https://idp.example/login',
      }),
      to('/sso', true),
    ],
    [
      'signed out in a project deployment: the SSO login address on the portal’s own origin, by the router',
      input('/layout/info', {
        loggedIn: false,
        deployment: 'project',
        origin: 'https://portal.example',
        ssoLoginUrl: 'https://portal.example/#/sso?orgId=3',
      }),
      to('/sso?orgId=3', true),
    ],
    [
      'signed out in a project deployment: an identity provider’s start page on a listed host',
      input('/layout/info', {
        loggedIn: false,
        deployment: 'project',
        origin: 'https://portal.example',
        ssoLoginUrl: 'https://idp.example:8443/start?app=lab',
        ssoLoginHosts: ['idp.example:8443'],
      }),
      { kind: 'external', url: 'https://idp.example:8443/start?app=lab' },
    ],
    [
      'signed out in a project deployment: an address on an unlisted host is not followed (no open redirect)',
      input('/layout/info', {
        loggedIn: false,
        deployment: 'project',
        origin: 'https://portal.example',
        ssoLoginUrl: 'https://evil.example/#/sso',
        ssoLoginHosts: ['idp.example'],
      }),
      to('/sso', true),
    ],
    [
      'signed out in a project deployment: a script address is not followed',
      input('/layout/info', {
        loggedIn: false,
        deployment: 'project',
        origin: 'https://portal.example',
        ssoLoginUrl: 'javascript:alert(1)//portal.example',
        ssoLoginHosts: ['portal.example'],
      }),
      to('/sso', true),
    ],
    [
      'signed out in a cloud deployment with an SSO address: still the login page',
      input('/cardModeIndex', {
        loggedIn: false,
        deployment: 'cloud',
        ssoLoginUrl: 'https://idp.example/login',
      }),
      to('/login', true),
    ],
    [
      'a project deployment without an SSO address: the login page',
      input('/cardModeIndex', { loggedIn: false, deployment: 'project' }),
      to('/login', true),
    ],
    ['signed out on the login page: allowed', input('/login', { loggedIn: false }), allow],
    ['signed out on an unknown path: allowed (404 page)', input('/nowhere', { loggedIn: false }), allow],
    ['signed out on /401: allowed', input('/401', { loggedIn: false }), allow],
    ['signed out on /noAuth: to login', input('/noAuth', { loggedIn: false }), to('/login', true)],
    ['signed in on /noAuth: allowed', input('/noAuth'), allow],
    ['signed in at login: the card home', input('/login'), to('/cardModeIndex')],
    ['signed in at reset: the card home', input('/reset'), to('/cardModeIndex')],
    ['signed in at applyTrial: the card home', input('/applyTrial'), to('/cardModeIndex')],
    [
      'signed in at login with the nostalgia UI: basic info',
      input('/login', { uiVersion: 'NOSTALGIA' }),
      to('/layout/info'),
    ],
    ['an empty UI version counts as NEW', input('/login', { uiVersion: '' }), to('/cardModeIndex')],
    [
      'trial users go to the demo site',
      input('/cardModeIndex', { loginMode: 'trial', trialDemoUrl: 'https://demo.example' }),
      { kind: 'external', url: 'https://demo.example' },
    ],
    [
      'trial users may still apply for a trial',
      input('/applyTrial', { loginMode: 'trial', trialDemoUrl: 'https://demo.example' }),
      allow,
    ],
    ['an authorised menu page is allowed', input('/layout/info'), allow],
    [
      'an unauthorised menu page is /401',
      input('/layout/info', { authorisedCodes: new Set(['personalCenter']) }),
      to('/401'),
    ],
    ['a failed menu fetch is /401', input('/layout/info', { menuStatus: 'failed' }), to('/401')],
    [
      'menus not fetched yet: fetch them',
      input('/layout/info', { menuStatus: 'idle' }),
      { kind: 'loadMenus' },
    ],
    ['menus being fetched: wait', input('/layout/info', { menuStatus: 'loading' }), { kind: 'wait' }],
    ['the card home needs no menu code', input('/cardModeIndex', { menuStatus: 'failed' }), allow],
    ['a password change is a signed-in page', input('/modifyPsw', { loggedIn: false }), to('/login', true)],
    ['the password change is open to a signed-in user', input('/modifyPsw'), allow],
    [
      "the personal centre's password change needs its menu code (SPEC §2)",
      input('/layout/password', { authorisedCodes: new Set(['personalCenter', 'password']) }),
      allow,
    ],
    ["the personal centre's password change without its code is /401", input('/layout/password'), to('/401')],
    [
      "the personal centre's password change waits for the menus",
      input('/layout/password', { menuStatus: 'idle' }),
      { kind: 'loadMenus' },
    ],
    ...(
      [
        '/cardModeIndex',
        '/layout',
        '/layout/info',
        '/layout/password',
        '/login',
        '/reset',
        '/applyTrial',
      ] as const
    ).map((path): [string, GuardInput, GuardDecision] => [
      `a must-change session at ${path}: the password change`,
      input(path, { mustChangePassword: true }),
      to('/modifyPsw'),
    ]),
    [
      'a must-change session stays on the password change',
      input('/modifyPsw', { mustChangePassword: true }),
      allow,
    ],
    ['a must-change session may still see public pages', input('/401', { mustChangePassword: true }), allow],
    [
      'a must-change session goes to the password change before any menu fetch',
      input('/cardModeIndex', { mustChangePassword: true, menuStatus: 'idle' }),
      to('/modifyPsw'),
    ],
  ];

  it.each(table)('%s', (_name, guardInput, expected) => {
    expect(decideRoute(guardInput)).toEqual(expected);
  });
});

describe('routeMeta', () => {
  it('knows login-only routes and their menu codes', () => {
    expect(routeMeta('/layout/info', modules)).toEqual({ needsLogin: true, menuCode: 'info' });
    expect(routeMeta('/cardModeIndex/', modules)).toEqual({ needsLogin: true });
    expect(routeMeta('/unknown', modules)).toBeUndefined();
  });

  it('excludes reset and registration when their modules are off', () => {
    const off = { reset: false, register: false, appDownload: false };
    expect(routeMeta('/reset', off)?.exclude).toBe(true);
    expect(routeMeta('/applyTrial', off)?.exclude).toBe(true);
    expect(routeMeta('/register', off)?.exclude).toBe(true);
    expect(routeMeta('/trial', off)?.exclude).toBe(true);
    expect(routeMeta('/trial', modules)?.exclude).toBeUndefined();
    expect(routeMeta('/login', off)?.exclude).toBeUndefined();
  });

  it('needs a signed-in member on the help-doc routes of the products, and knows no other three-part path', () => {
    expect(routeMeta('/eln/guide/start', modules)).toEqual({ needsLogin: true });
    expect(routeMeta('/sdh/faq/login/', modules)).toEqual({ needsLogin: true });
    expect(routeMeta('/nope/guide/start', modules)).toBeUndefined();
    expect(routeMeta('/eln/Guide/start', modules)).toBeUndefined();
  });

  it('shows the app download pages and introductions to anyone, and excludes them while the module is off', () => {
    const on = { reset: true, register: true, appDownload: true };
    const off = { ...on, appDownload: false };
    for (const path of ['/app', '/app/cims', '/app/edm', '/app/pm', '/app/mm', '/app/im', '/cims', '/edm']) {
      expect(routeMeta(path, on)).toEqual({ needsLogin: false });
      expect(routeMeta(path, off)?.exclude).toBe(true);
    }
  });

  it('sends a signed-in user home by UI version', () => {
    expect(homePath('NEW')).toBe(PATHS.home);
    expect(homePath('NOSTALGIA')).toBe(PATHS.info);
    expect(homePath(null)).toBe(PATHS.home);
  });
});

describe('chunk-load recovery', () => {
  const chunkErrors = [
    new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/home-page-abc.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }),
  ];

  it.each(chunkErrors.map((error) => [error.message, error]))('recognises "%s"', (_message, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('does not take other errors for chunk failures', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, then shows the error', () => {
    expect(decideChunkRecovery(chunkErrors[0], false)).toBe('reload');
    expect(decideChunkRecovery(chunkErrors[0], true)).toBe('show');
    expect(decideChunkRecovery(new Error('boom'), false)).toBe('show');
  });
});
