import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardDecision, type GuardInput } from '../../../src/pages/guard';
import { PATHS, routeMeta } from '../../../src/pages/paths';

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
    trialDemoUrl: 'demo-site',
    menuStatus: 'ready',
    authorisedCodes: new Set(['personalCenter', 'info']),
    mustChangePassword: false,
    ...patch,
  };
}

const allow: GuardDecision = { kind: 'allow' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path, clearSession: false });

describe('decideRoute: the screen lock and the trial sign-in', () => {
  const table: Array<[string, GuardInput, GuardDecision]> = [
    ['a locked session sees /lock for the home', input(PATHS.home, { screenLocked: true }), to(PATHS.lock)],
    [
      'a locked session sees /lock for a menu page',
      input(PATHS.info, { screenLocked: true }),
      to(PATHS.lock),
    ],
    ['a locked session sees /lock for the login', input(PATHS.login, { screenLocked: true }), to(PATHS.lock)],
    ['a locked session stays on /lock', input(PATHS.lock, { screenLocked: true }), allow],
    ['a locked session still reads public pages', input(PATHS.agreement, { screenLocked: true }), allow],
    ['an unlocked session may open /lock (it locks there)', input(PATHS.lock), allow],
    [
      'signed out, /lock asks for a sign-in',
      input(PATHS.lock, { loggedIn: false }),
      { kind: 'redirect', to: PATHS.login, clearSession: true },
    ],
    [
      'a trial sign-in goes to the demo site',
      input(PATHS.home, { loginMode: 'trial' }),
      { kind: 'external', url: 'demo-site' },
    ],
    [
      'a trial sign-in may see /trial (its trial, the demo, sign-out)',
      input(PATHS.trial, { loginMode: 'trial' }),
      allow,
    ],
    ['a trial sign-in may apply for a trial', input(PATHS.applyTrial, { loginMode: 'trial' }), allow],
    ['a normal sign-in on /trial goes home', input(PATHS.trial), to(PATHS.home)],
    ['signed out, /trial is open', input(PATHS.trial, { loggedIn: false }), allow],
  ];
  it.each(table)('%s', (_name, given, expected) => {
    expect(decideRoute(given)).toEqual(expected);
  });
});
