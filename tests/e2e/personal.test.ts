import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';
import { startTestServer } from './test-server';
import { chooseFromUserMenu, launchBrowser, openPage, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { codeFromOutbox } from './outbox';

/** A solid teal 96x96 PNG, as a member's photo. */
const PNG = solidPng(96, 96, [20, 150, 140]);

function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const shells = [
  {
    name: 'desktop',
    member: 0,
    context: (ip: string): BrowserContextOptions => ({
      viewport: VIEWPORTS.desktop,
      userAgent: USER_AGENTS.desktopChrome,
      locale: 'zh-CN',
      extraHTTPHeaders: { 'x-forwarded-for': ip },
    }),
    ip: '198.51.100.31',
    /** The desktop's inputs are antd's (test ids on the input); the phone's antd-mobile's (ids). */
    field: (page: Page, id: string) => page.getByTestId(id),
    language: (page: Page, code: 'zh-CN' | 'en-US') => chooseFromUserMenu(page, `menu-lang-${code}`),
  },
  {
    name: 'phone',
    member: 1,
    context: (ip: string): BrowserContextOptions => ({
      viewport: VIEWPORTS.phone,
      userAgent: USER_AGENTS.iphoneSafari,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      extraHTTPHeaders: { 'x-forwarded-for': ip },
    }),
    ip: '198.51.100.32',
    field: (page: Page, id: string) => page.locator(`#${id}`),
    language: async (page: Page, code: 'zh-CN' | 'en-US') => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId(`menu-lang-${code}`).click();
    },
  },
] as const;

/** No catalogue key shows as text (an untranslated string would read like `personal.save`). */
async function expectTranslated(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(documents|personal|errors|menus|common)\.[a-zA-Z]+/);
}

/**
 * Public documents reached from the login's links, and the personal info page (name, industry area, photo,
 * a new email proven by the code sent to it), on desktop and phone, in both languages.
 */
describe.each(shells)('$name: public documents and personal info', (shell) => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({
      env: { SMTP_URL: '', SMS_WEBHOOK_URL: '', TRUST_PROXY: '127.0.0.1' },
    });
    browser = await launchBrowser();
    page = await openPage(browser, shell.context(shell.ip), server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("opens the Terms of Service and the Privacy Policy from the login's links, in both languages", async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('link', { name: '《服务协议》' }).click();
    await page.locator('[data-document="agreement"] h1').waitFor();
    expect(await page.locator('h1').innerText()).toBe('用户服务协议');
    expect(await page.locator('.doc-text h2, .m-doc-text h2').count()).toBeGreaterThan(3);
    await expectTranslated(page);
    await screenshot(page, `document-${shell.name}-agreement-zh`);
    await page.getByTestId('document-lang-en-US').click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('Terms of Service');
    await expectTranslated(page);
    await screenshot(page, `document-${shell.name}-agreement-en`);

    await page.getByTestId('document-back').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/login');
    // The login's own link (the document page, with its links, may still be leaving the screen).
    await page.getByTestId('document-page').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect.poll(() => page.locator('[data-document="privacy"] h1').innerText()).toBe('Privacy Policy');
    await page.getByTestId('document-lang-zh-CN').click();
    await expect.poll(() => page.locator('h1').innerText()).toBe('隐私政策');
  });

  it('walks every other document from the links beside it, each with its own heading', async () => {
    const titles: Record<string, [string, string]> = {
      disclaimer: ['免责声明', 'Disclaimer'],
      sdk: ['第三方 SDK 目录', 'Third-party SDK list'],
      appPermissions: ['应用权限申请说明', 'App permission list'],
      company: ['关于我们', 'About us'],
      contact: ['联系我们', 'Contact us'],
    };
    for (const [index, language] of (['zh-CN', 'en-US'] as const).entries()) {
      await page.getByTestId(`document-lang-${language}`).click();
      for (const [name, title] of Object.entries(titles)) {
        await page.getByTestId(`document-link-${name}`).click();
        await expect.poll(() => page.locator(`[data-document="${name}"] h1`).innerText()).toBe(title[index]);
        await expectTranslated(page);
        if (name === 'sdk' || name === 'contact') {
          await screenshot(page, `document-${shell.name}-${name}-${language.slice(0, 2)}`);
        }
      }
    }
  });

  it('changes the name, industry area and photo, refusing a file that is not an image', async () => {
    const member = server.members[shell.member];
    await page.goto(`${server.url}/#/login`);
    await page.getByTestId('login-account').fill(member.account);
    await page.getByTestId('login-password').fill(member.password);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/(cardModeIndex|layout)/);
    await shell.language(page, 'zh-CN');
    if (shell.name === 'phone') {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-person').click();
    } else {
      await page.goto(`${server.url}/#/layout/info`);
      await page.getByRole('menuitem', { name: '个人信息' }).click();
    }
    await page.getByTestId('personal-save').waitFor();
    expect(new URL(page.url()).hash).toBe('#/layout/person');

    await shell.field(page, 'personal-name').fill(`Renamed ${shell.name}`);
    if (shell.name === 'phone') await page.getByText('材料', { exact: true }).click();
    else {
      await page.getByTestId('personal-industry').click();
      await page.getByTitle('材料').click();
    }
    await page.getByTestId('personal-save').click();
    await page.getByText('保存成功').waitFor();

    await page.getByTestId('personal-photo-file').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    await expect.poll(() => page.getByTestId('personal-photo-error').innerText()).toContain('文件格式错误');
    await page
      .getByTestId('personal-photo-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('头像已更新').waitFor();
    await page.getByText('保存成功').waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.locator('[data-testid="personal-photo"] img').getAttribute('src'))
      .toMatch(/^\/api\/account\/photo\//);
    await expectTranslated(page);
    await screenshot(page, `personal-${shell.name}-zh`);
  });

  it('changes the email after the current password, with the code sent to the new address, refusing wrong ones', async () => {
    const address = `new-${shell.name}@lab.example`;
    await page.getByText('头像已更新').waitFor({ state: 'hidden' });
    await shell.language(page, 'en-US');
    await page.getByText('Personal info').first().waitFor();
    await page.getByTestId('personal-change-email').click();
    // First the owner proves themself: a session alone does not change a sign-in address.
    await page.getByTestId('contact-step-prove').waitFor();
    await shell.field(page, 'proof-password').fill('not-the-password');
    await page.getByTestId('proof-next').click();
    await expect.poll(() => page.getByTestId('contact-error').innerText()).toContain('Password input wrong');
    await expectTranslated(page);
    await screenshot(page, `personal-${shell.name}-proof-en`);
    await shell.field(page, 'proof-password').fill(server.members[shell.member].password);
    await page.getByTestId('proof-next').click();
    await page.getByTestId('contact-step-change').waitFor();
    await shell.field(page, 'contact-address').fill(address);
    const since = server.output.length;
    await page.getByTestId('contact-send').click();
    await page.getByTestId('contact-sent').waitFor();
    const code = await codeFromOutbox(server, address, since);
    await shell.field(page, 'contact-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('contact-confirm').click();
    await expect
      .poll(() => page.getByTestId('contact-error').innerText())
      .toContain('Incorrect verification code');
    await expectTranslated(page);
    await screenshot(page, `personal-${shell.name}-email-dialog-en`);
    await shell.field(page, 'contact-code').fill(code);
    await page.getByTestId('contact-confirm').click();
    await expect.poll(() => page.getByTestId('personal-email').innerText()).toBe(address);
    await page.getByText('Change email').waitFor({ state: 'hidden' });
    await expectTranslated(page);
    await screenshot(page, `personal-${shell.name}-en`);
  });

  it("links the public documents from the signed-in footer, and the header shows the member's photo", async () => {
    await expect
      .poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src'))
      .toMatch(/^\/api\/account\/photo\//);
    await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
    await expect.poll(() => page.locator('[data-document="contact"] h1').innerText()).toBe('Contact us');
    await page.getByTestId('document-back').click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/cardModeIndex');
  });
});
