import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  chooseFromUserMenu,
  launchBrowser,
  openPage,
  screenshot,
  USER_AGENTS,
  VIEWPORTS,
} from './browser';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Org#Admin-2026-pass';
const ADMIN = 'admin@organisation-e2e.test';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

/** A solid 170x100 PNG (a logo twice its display size, as a retina-ready upload would be). */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = solidPng(170, 100, [22, 119, 255]);

describe('desktop: organisation info and departments', () => {
  let browser: Browser;
  let page: Page;
  let orgId: string;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-org-e2e-'));

  const openMenu = async (name: string) => {
    await page.locator('.desktop-layout-side').getByRole('menuitem', { name }).click();
  };
  const node = (name: string) => page.getByTestId(`dept-node-${name}`);
  const chooseParent = async (name: string) => {
    await page.getByTestId('dept-parent').click();
    const option = page.locator(`.ant-select-tree-node-content-wrapper[title="${name}"]`).last();
    await option.waitFor();
    // The tree drops down with an animation: on a busy machine a click on an option still moving missed
    // it, and the open tree then covered the dialog's OK button.
    await animationsDone(page);
    await option.click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  };
  const dialogOk = () => page.getByTestId('dept-dialog-ok').click();
  /** Waits until no dialog covers the page (a closing one still takes the clicks while it animates). */
  const dialogsClosed = () => expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  const createUnder = async (parent: string | null, name: string) => {
    if (parent) {
      await node(parent).click();
      await page.getByTestId('dept-add-child').click();
    } else {
      await page.getByTestId('dept-add').click();
    }
    await page.getByTestId('dept-name').fill(name);
    await dialogOk();
    await node(name).waitFor();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const created = await cli('org:create', '--name', '晶石实验室', '--admin', ADMIN, '--password', PASSWORD);
    orgId = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      url,
    );
    await page.goto(`${url}/#/login`);
    await page.getByTestId('login-account').fill(ADMIN);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the Organisation group in the administrator’s side menu and edits the info', async () => {
    await chooseFromUserMenu(page, 'menu-personal-center');
    await openMenu('组织信息');
    await page.getByTestId('org-info').waitFor();
    await expect.poll(() => page.getByTestId('org-name').inputValue()).toBe('晶石实验室');
    await page.getByTestId('org-name').fill('晶石新材料实验室');
    await page.getByTestId('org-industry').fill('新材料');
    await page.getByTestId('org-contact').fill('王工 13800000000');
    await page.getByTestId('org-save').click();
    await page.getByText('编辑成功').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('org-name').inputValue()).toBe('晶石新材料实验室');
    expect(await page.getByTestId('org-industry').inputValue()).toBe('新材料');
    await page.getByTestId('org-products').waitFor();
    await screenshot(page, 'desktop-org-info-saved-zh');

    await page.getByTestId('org-name').fill('   ');
    await page.getByTestId('org-save').click();
    await expect.poll(() => page.getByTestId('org-form-error').textContent()).toContain('不能全为空格');
  });

  it('uploads a png logo shown at 85x50 and says why a renamed file or a large one is refused', async () => {
    const logo = path.join(files, 'logo.png');
    fs.writeFileSync(logo, PNG);
    await page.getByTestId('org-logo-file').setInputFiles(logo);
    const image = page.getByTestId('org-logo').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(170);
    const box = await image.boundingBox();
    expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([85, 50]);

    const renamed = path.join(files, 'notes.png');
    fs.writeFileSync(renamed, 'these are meeting notes, not an image');
    await page.getByTestId('org-logo-file').setInputFiles(renamed);
    await expect
      .poll(() => page.getByTestId('org-logo-error').textContent())
      .toContain('文件格式错误，请上传 png, jpg 格式的文件');
    const big = path.join(files, 'big.png');
    fs.writeFileSync(big, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    await page.getByTestId('org-logo-file').setInputFiles(big);
    await expect
      .poll(() => page.getByTestId('org-logo-error').textContent())
      .toContain('文件大小不能超过 2MB');
    // The refused files left the uploaded logo in place.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(170);
    await page.getByTestId('org-products').waitFor();
    await screenshot(page, 'desktop-org-info-refusals-zh');
  });

  it('builds a department tree, refuses a move under its own child and a non-empty delete', async () => {
    await openMenu('组织架构');
    await page.getByTestId('departments').waitFor();
    await createUnder(null, '研发中心');
    await createUnder('研发中心', '化学组');
    await createUnder('化学组', '合成小组');

    await node('研发中心').click();
    await page.getByTestId('dept-move').click();
    await chooseParent('合成小组');
    await dialogOk();
    await expect
      .poll(() => page.getByTestId('dept-dialog-error').textContent())
      .toContain('不能把部门移动到它自己的下级部门下面');
    await page
      .getByRole('button', { name: '取 消' })
      .or(page.getByRole('button', { name: '取消' }))
      .click();
    await dialogsClosed();

    await node('研发中心').click();
    await page.getByTestId('dept-delete').click();
    await page.getByTestId('dept-delete-ok').click();
    await expect
      .poll(() => page.getByTestId('dept-page-error').textContent())
      .toContain('该部门下还有子部门');
    await screenshot(page, 'desktop-org-dpt-errors-zh');
  });

  it('edits, moves and deletes departments; one with members stays', async () => {
    const staffed = /department (\d+) created/.exec(
      await cli('dept:create', '--org', orgId, '--name', '质检部'),
    )?.[1];
    await cli(
      'member:add',
      'qc@organisation-e2e.test',
      '--org',
      orgId,
      '--name',
      '李质检',
      '--dept',
      String(staffed),
    );
    await page.reload();
    await node('质检部').click();
    await page.getByTestId('dept-delete').click();
    await page.getByTestId('dept-delete-ok').click();
    await expect.poll(() => page.getByTestId('dept-page-error').textContent()).toContain('该部门下还有成员');

    await node('化学组').click();
    await page.getByTestId('dept-edit').click();
    await page.getByTestId('dept-name').fill('化学部');
    await page.getByTestId('dept-manager').click();
    await page.locator('.ant-select-item-option', { hasText: '李质检' }).click();
    await page.getByTestId('dept-description').fill('有机与无机化学');
    await dialogOk();
    await node('化学部').waitFor();
    await expect.poll(() => page.getByTestId('dept-detail').textContent()).toContain('李质检');

    await node('合成小组').click();
    await page.getByTestId('dept-move').click();
    await chooseParent('无（顶级部门）');
    await dialogOk();
    await page.getByText('移动成功').waitFor();
    await node('合成小组').click();
    await page.getByTestId('dept-delete').click();
    await page.getByTestId('dept-delete-ok').click();
    await node('合成小组').waitFor({ state: 'detached' });
    await node('研发中心').click();
    await screenshot(page, 'desktop-org-dpt-zh');
  });

  it('reads the same in English', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await page.getByText('New department').waitFor();
    await node('研发中心').click();
    await page.getByTestId('dept-move').click();
    await chooseParent('化学部');
    await dialogOk();
    await expect
      .poll(() => page.getByTestId('dept-dialog-error').textContent())
      .toContain("A department can't be moved under one of its own sub-departments");
    await screenshot(page, 'desktop-org-dpt-move-error-en');
    // Escape may only close the open tree select; the dialog's own button closes the dialog.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogsClosed();
    await screenshot(page, 'desktop-org-dpt-en');
    await openMenu('Organisation info');
    await page.getByTestId('org-products').waitFor();
    await page.getByText('Authorised products').waitFor();
    await screenshot(page, 'desktop-org-info-en');
  });
});

describe('who else reaches the organisation screens', () => {
  let browser: Browser;
  const member = 'former-admin@organisation-e2e.test';

  beforeAll(async () => {
    browser = await launchBrowser();
    // A member who signs in with a password of their own: an administrator demoted after a second one was set.
    const created = await cli(
      'org:create',
      '--name',
      'Member view',
      '--admin',
      member,
      '--password',
      PASSWORD,
    );
    const org = /organisation (\d+) created/.exec(created)?.[1] ?? '';
    await cli('member:add', 'next-admin@organisation-e2e.test', '--org', org, '--name', 'Next admin');
    await cli('member:set-admin', 'next-admin@organisation-e2e.test');
    await cli('member:set-admin', member, '--revoke');
  });
  afterAll(async () => {
    await browser?.close();
  });

  const signIn = async (page: Page, account: string) => {
    await page.goto(`${url}/#/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('my-apps').waitFor();
  };

  it('sends a member to /401 on desktop and shows no Organisation group', async () => {
    const page = await openPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      url,
    );
    await signIn(page, member);
    for (const path of ['/layout/orgInfo', '/layout/orgDpt']) {
      await page.goto(`${url}/#${path}`);
      await page.waitForURL(/#\/401$/);
    }
    await page.goto(`${url}/#/layout/info`);
    await page.locator('.desktop-layout-side').getByRole('menuitem', { name: '基本信息' }).waitFor();
    expect(await page.locator('.desktop-layout-side').getByText('组织管理').count()).toBe(0);
  });

  it('gives an administrator on a phone the 404 page: the screens are desktop only', async () => {
    const page = await openPage(
      browser,
      {
        viewport: VIEWPORTS.phone,
        userAgent: USER_AGENTS.iphoneSafari,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
      },
      url,
    );
    await signIn(page, ADMIN);
    await page.goto(`${url}/#/layout/orgDpt`);
    await page.getByTestId('not-found').waitFor();
    await screenshot(page, 'phone-org-dpt-not-found-zh');
  });
});
