import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { keepSecurityNoticeShut, keepWorkTableTourShut, USER_AGENTS, VIEWPORTS } from './browser';

/** An operator command run against the portal under test: what it printed. */
export type OperatorCli = (...args: string[]) => Promise<string>;

/** Who the SSO browser tests set up: an organisation's administrator (with a password) and one member. */
export interface SsoLab {
  name: string;
  admin: string;
  password: string;
  member: string;
  memberName: string;
}

/**
 * Creates the organisation with its administrator, authorises it for open capability (the SSO screen is
 * an Openness page) and adds the member, through the operator's commands; answers the organisation's id.
 */
export async function createSsoOrganization(cli: OperatorCli, lab: SsoLab): Promise<string> {
  const printed = await cli(
    'org:create',
    '--name',
    lab.name,
    '--admin',
    lab.admin,
    '--password',
    lab.password,
  );
  const orgId = /organisation (\d+) created/.exec(printed)?.[1] ?? '';
  if (!orgId) throw new Error(`no organisation id in:\n${printed}`);
  await cli('org:openness', '--org', orgId, '--grant');
  await cli('member:add', lab.member, '--org', orgId, '--name', lab.memberName);
  return orgId;
}

/**
 * A desktop or phone browser context in English with the first-visit notices shut; with `onlyOrigins`, it
 * reaches those origins (the portal, the identity provider) and nothing else.
 */
export async function ssoContext(
  browser: Browser,
  shell: 'desktop' | 'phone',
  onlyOrigins?: readonly string[],
): Promise<BrowserContext> {
  const context = await browser.newContext(
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
  if (onlyOrigins) {
    const allowed = new Set(onlyOrigins);
    await context.route('**/*', (route) =>
      allowed.has(new URL(route.request().url()).origin) ? route.continue() : route.abort(),
    );
  }
  await keepSecurityNoticeShut(context);
  await keepWorkTableTourShut(context);
  return context;
}

/** The administrator's password sign-in on the desktop login page, landing home. */
export async function signInAsAdmin(page: Page, portal: string, lab: SsoLab): Promise<void> {
  await page.goto(`${portal}/#/login`);
  await page.getByTestId('login-account').fill(lab.admin);
  await page.getByTestId('login-password').fill(lab.password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/cardModeIndex$/);
}

/** Debug on /sso/auth: the popup's trip through the identity provider, until the result names `expected`. */
export async function debugOnScreen(page: Page, expected: string): Promise<void> {
  const popup = page.waitForEvent('popup');
  await page.getByTestId('sso-debug').click();
  const debugWindow = await popup;
  await expect
    .poll(() => page.getByTestId('sso-debug-result').textContent(), { timeout: 20_000 })
    .toContain(expected);
  if (!debugWindow.isClosed()) await debugWindow.close();
}
