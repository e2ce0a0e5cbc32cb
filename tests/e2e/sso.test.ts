import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSsoFakes, type SsoFakes } from '../helpers/sso-fakes';
import { chooseFromUserMenu, launchBrowser } from './browser';
import { operatorCli } from './operator-cli';
import { createSsoOrganization, debugOnScreen, signInAsAdmin, ssoContext } from './sso-setup';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const cli = operatorCli(dataDir);
const MEMBER = 'sso-member@sso-screen.test';
const LAB = {
  name: 'SSO Screen Lab',
  admin: 'sso-admin@sso-screen.test',
  password: 'Sso-screen-e2e-2026',
  member: MEMBER,
  memberName: 'Sso Member',
};
const CLIENT = { clientId: 'portal-e2e', clientSecret: 'e2e-idp-secret' };

/**
 * The whole SSO flow in a desktop browser against a loopback OpenID provider: the administrator applies
 * the issuer on /sso/auth, debugs it in the popup (the mapped identity shows), enables it; a member then
 * signs in through /#/sso?orgId= and lands home; an identity nobody matches ends on /sso/error in words.
 */
describe('single sign-on', () => {
  let browser: Browser;
  let idp: SsoFakes;
  let orgId = '';

  /** A desktop (or phone) context that reaches the portal and the identity provider, nothing else. */
  async function open(
    shell: 'desktop' | 'phone' = 'desktop',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await ssoContext(browser, shell, [new URL(url).origin, idp.base]);
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    idp = await startSsoFakes({ ...CLIENT, redirectUri: `${url}/api/sso/callback` });
    orgId = await createSsoOrganization(cli, LAB);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
  });

  it('applies, debugs and enables on /sso/auth, then signs a member in; no match ends on /sso/error', async () => {
    const { page } = await open();
    await signInAsAdmin(page, url, LAB);

    await page.goto(`${url}/#/layout/sso/auth`);
    await page.getByTestId('sso-oidcIssuer').fill(`${idp.base}/oidc`);
    await page.getByTestId('sso-clientId').fill(CLIENT.clientId);
    await page.getByTestId('sso-clientSecret').fill(CLIENT.clientSecret);
    await page.getByTestId('sso-apply').click();
    await expect.poll(() => page.getByTestId('sso-callback').textContent()).toBe(`${url}/api/sso/callback`);
    await expect.poll(() => page.getByTestId('sso-enable').isDisabled()).toBe(true);

    idp.state.user = { sub: 'e2e-1', email: MEMBER, emailVerified: true, name: 'Sso Member' };
    await debugOnScreen(page, MEMBER);
    await page.getByTestId('sso-enable').click();
    // The OK of the confirm box itself, and the server's answer to it: a refusal is named here, not as a
    // state that never changes.
    const enabled = page.waitForResponse((response) => /\/api\/sso\/enable$/i.test(response.url()));
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    const answer = await enabled;
    expect(`${answer.status()} ${await answer.text()}`).toMatch(/^200 /);
    await expect.poll(() => page.getByTestId('sso-state').textContent()).toContain('Enabled');

    const member = await open();
    await member.page.goto(`${url}/#/sso?orgId=${orgId}`);
    await member.page.waitForURL(/#\/cardModeIndex$/);
    const current = await member.page.evaluate(async () => (await fetch('/api/account/current')).json());
    expect(current.data.AccountInfo.RealName).toBe('Sso Member');

    idp.state.user = { sub: 'e2e-unknown', email: 'stranger@elsewhere.test', emailVerified: true };
    const stranger = await open();
    await stranger.page.goto(`${url}/#/sso?orgId=${orgId}`);
    await stranger.page.waitForURL(/#\/sso\/error/);
    await expect
      .poll(() => stranger.page.getByTestId('sso-error').textContent())
      .toContain('No account matches this identity');
  });

  // The two tests below run after the one above has enabled SSO for the organisation.
  /** Signs the member in through /sso, then out from the shell's user menu: through the provider's logout. */
  async function signInAndOut(shell: 'desktop' | 'phone', signOut: (page: Page) => Promise<void>) {
    idp.state.user = { sub: 'e2e-1', email: MEMBER, emailVerified: true, name: 'Sso Member' };
    const { page } = await open(shell);
    await page.goto(`${url}/#/sso?orgId=${orgId}`);
    await page.waitForURL(/#\/cardModeIndex$/);
    const current = await page.evaluate(async () => (await fetch('/api/account/current')).json());
    expect(current.data).toMatchObject({ LoginMode: 'sso', AccountInfo: { RealName: 'Sso Member' } });

    const before = idp.state.requests.length;
    await signOut(page);
    await page.waitForURL(/#\/sso\/logout\?done=1$/);
    await expect.poll(() => page.getByTestId('sso-logout').textContent()).toContain('Signed out');
    expect(idp.state.requests.slice(before)).toContain('/oidc/end_session');
    expect(await page.evaluate(async () => (await fetch('/api/account/current')).status)).toBe(401);
  }

  it('desktop: the user menu signs an SSO sign-in out at the identity provider too', async () => {
    await signInAndOut('desktop', (page) => chooseFromUserMenu(page, 'menu-logout'));
  });

  it('phone: /sso signs a member in on a phone, and the user sheet signs out at the provider too', async () => {
    await signInAndOut('phone', async (page) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
    });
  });

  it.each(['desktop', 'phone'] as const)(
    '%s: the lock screen of an SSO sign-in unlocks through the identity provider, no password asked',
    async (shell) => {
      idp.state.user = { sub: 'e2e-1', email: MEMBER, emailVerified: true, name: 'Sso Member' };
      const { page } = await open(shell);
      await page.goto(`${url}/#/sso?orgId=${orgId}`);
      await page.waitForURL(/#\/cardModeIndex$/);
      await page.goto(`${url}/#/lock`);
      await page.getByTestId('lock-sso-unlock').waitFor();
      expect(await page.getByTestId('lock-password').count()).toBe(0);
      const locked = await page.evaluate(async () => (await fetch('/api/account/current')).json());
      expect(locked.data.Locked).toBe(true);

      const before = idp.state.requests.length;
      await page.getByTestId('lock-sso-unlock').click();
      await page.waitForURL(/#\/cardModeIndex$/);
      expect(idp.state.requests.slice(before)).toContain('/oidc/authorize');
      const current = await page.evaluate(async () => (await fetch('/api/account/current')).json());
      expect(current.data).toMatchObject({ Locked: false, AccountInfo: { RealName: 'Sso Member' } });
    },
  );
});
