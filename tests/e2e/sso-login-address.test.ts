import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgs } from '../helpers/cli-args';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { startSsoFakes, type SsoFakes } from '../helpers/sso-fakes';
import {
  keepSecurityNoticeShut,
  keepWorkTableTourShut,
  launchBrowser,
  USER_AGENTS,
  VIEWPORTS,
} from './browser';

const run = promisify(execFile);
const PASSWORD = 'Sso-address-e2e-2026';
const ADMIN = 'admin@sso-address.test';
const MEMBER = 'member@sso-address.test';
const CLIENT = { clientId: 'portal-address', clientSecret: 'address-idp-secret' };

/**
 * SPEC §2: in a project deployment with an SSO login address (SSO_LOGIN_URL), a signed-out user who opens a
 * page that needs a sign-in goes to that address, not /login: here the identity provider's start page (on a
 * host listed in SSO_LOGIN_HOSTS), which leads to the portal's /sso and through the provider home.
 * The organisation's SSO is set with `org:sso` (refused before the screen's debug, then enabled).
 */
describe('the deployment’s SSO login address', () => {
  let browser: Browser;
  let server: ServerProcess;
  let idp: SsoFakes;
  let orgId = '';

  const cli = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, cliArgs(args), {
        env: { ...process.env, DATA_DIR: server.dataDir, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
      });
      return stdout;
    } catch (error) {
      const failed = error as { stdout: string; stderr: string };
      return `refused: ${failed.stdout}${failed.stderr}`;
    }
  };
  const context = (shell: 'desktop' | 'phone') =>
    browser.newContext(
      shell === 'desktop'
        ? { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'en-US' }
        : {
            viewport: VIEWPORTS.phone,
            userAgent: USER_AGENTS.iphoneSafari,
            isMobile: true,
            hasTouch: true,
            locale: 'en-US',
          },
    );

  beforeAll(async () => {
    // The provider must know the portal's callback and the portal the provider's start page: the provider
    // is started first on a callback address that is set once the portal's port is known.
    const callback = { url: '' };
    idp = await startSsoFakes({
      ...CLIENT,
      get redirectUri() {
        return callback.url;
      },
    });
    server = await startServerProcess({
      env: {
        DEPLOYMENT: 'project',
        SSO_LOGIN_URL: `${idp.base}/start`,
        SSO_LOGIN_HOSTS: `127.0.0.1:${idp.port}`,
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        SEED_DEMO: 'false',
      },
    });
    callback.url = `${server.url}/api/sso/callback`;
    const printed = await cli(
      'org:create',
      '--name',
      'Address Lab',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
    );
    orgId = /organisation (\d+) created/.exec(printed)?.[1] ?? '';
    if (!orgId) throw new Error(`no organisation id in:\n${printed}`);
    idp.state.startPage = `${server.url}/#/sso?orgId=${orgId}`;
    await cli('org:openness', '--org', orgId, '--grant');
    await cli('member:add', MEMBER, '--org', orgId, '--name', 'Address Member');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await server?.stop();
  });

  it('org:sso enables only after the screen’s debug; then signed-out users go to the SSO login address on both shells', async () => {
    const applied = await cli(
      'org:sso',
      '--org',
      orgId,
      '--oidc-issuer',
      `${idp.base}/oidc`,
      '--client-id',
      CLIENT.clientId,
      '--client-secret',
      CLIENT.clientSecret,
    );
    expect(applied).toContain(`sign-in address for members:`);
    expect(await cli('org:sso', '--org', orgId, '--enable')).toContain('Debug the saved configuration first');

    // The administrator's Debug on /sso/auth (the login page itself is still reachable by its address).
    idp.state.user = { sub: 'addr-1', email: MEMBER, emailVerified: true, name: 'Address Member' };
    const adminContext = await context('desktop');
    await keepSecurityNoticeShut(adminContext);
    await keepWorkTableTourShut(adminContext);
    const admin = await adminContext.newPage();
    await admin.goto(`${server.url}/#/login`);
    await admin.getByTestId('login-account').fill(ADMIN);
    await admin.getByTestId('login-password').fill(PASSWORD);
    await admin.getByTestId('login-agree').check();
    await admin.getByTestId('login-submit').click();
    await admin.waitForURL(/#\/cardModeIndex$/);
    await admin.goto(`${server.url}/#/layout/sso/auth`);
    const popup = admin.waitForEvent('popup');
    await admin.getByTestId('sso-debug').click();
    const debugWindow = await popup;
    await expect
      .poll(() => admin.getByTestId('sso-debug-result').textContent(), { timeout: 20_000 })
      .toContain(MEMBER);
    if (!debugWindow.isClosed()) await debugWindow.close();
    expect(await cli('org:sso', '--org', orgId, '--enable')).toContain('single sign-on enabled');

    for (const shell of ['desktop', 'phone'] as const) {
      const member = await context(shell);
      await keepSecurityNoticeShut(member);
      await keepWorkTableTourShut(member);
      const page = await member.newPage();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      const before = idp.state.requests.length;
      await page.goto(`${server.url}/#/layout/info`);
      await expect
        .poll(() => idp.state.requests.slice(before).includes('/oidc/authorize'), { timeout: 20_000 })
        .toBe(true);
      // By the configured address: the provider's start page first.
      expect(idp.state.requests.slice(before)[0]).toBe('/start');
      await page.waitForURL(/#\/cardModeIndex$/);
      expect(visited.some((address) => address.includes('#/login'))).toBe(false);
      const current = await page.evaluate(async () => (await fetch('/api/account/current')).json());
      expect(current.data).toMatchObject({ LoginMode: 'sso', AccountInfo: { RealName: 'Address Member' } });
      await member.close();
    }
  });
});
