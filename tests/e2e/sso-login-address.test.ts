import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { startSsoFakes, type SsoFakes } from '../helpers/sso-fakes';
import { launchBrowser } from './browser';
import { operatorCli } from './operator-cli';
import { createSsoOrganization, debugOnScreen, signInAsAdmin, ssoContext } from './sso-setup';

const MEMBER = 'member@sso-address.test';
const LAB = {
  name: 'Address Lab',
  admin: 'admin@sso-address.test',
  password: 'Sso-address-e2e-2026',
  member: MEMBER,
  memberName: 'Address Member',
};
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
      return await operatorCli(server.dataDir, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' })(...args);
    } catch (error) {
      return `refused: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
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
    server = await startTestServer({
      env: {
        DEPLOYMENT: 'project',
        SSO_LOGIN_URL: `${idp.base}/start`,
        SSO_LOGIN_HOSTS: `127.0.0.1:${idp.port}`,
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        SEED_DEMO: 'false',
      },
    });
    callback.url = `${server.url}/api/sso/callback`;
    orgId = await createSsoOrganization(cli, LAB);
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
    const admin = await (await ssoContext(browser, 'desktop')).newPage();
    await signInAsAdmin(admin, server.url, LAB);
    await admin.goto(`${server.url}/#/layout/sso/auth`);
    await debugOnScreen(admin, MEMBER);
    expect(await cli('org:sso', '--org', orgId, '--enable')).toContain('single sign-on enabled');

    for (const shell of ['desktop', 'phone'] as const) {
      const member = await ssoContext(browser, shell);
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
