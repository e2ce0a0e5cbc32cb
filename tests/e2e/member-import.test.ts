import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  chooseFromUserMenu,
  launchBrowser,
  screenshot,
  USER_AGENTS,
  VIEWPORTS,
} from './browser';
import { openSignedInPage } from './signed-in';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Import#Admin-2026-kestrel';
const ADMIN = 'admin@import-e2e.test';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

describe('desktop: bulk import of members', () => {
  let browser: Browser;
  let page: Page;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-import-e2e-'));
  const dialog = () => page.getByTestId('member-import-dialog').filter({ visible: true });

  /**
   * Waits until the dialog has finished zooming in, so a screenshot shows it whole and a click lands where
   * it aims. The import dialog's own box: once the close question has been asked, its box (hidden, never
   * moving) is the page's last `.ant-modal`, and waiting on that let a click on the kind switch go out while
   * the dialog was still zooming in.
   */
  const settled = async () => {
    await dialog().waitFor();
    const modal = page.locator('.ant-modal').filter({ has: dialog() });
    await expect.poll(() => modal.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    await animationsDone(page);
  };
  /** Chooses a file in the dialog and waits until its answer is shown. */
  const upload = async (file: string) => {
    await dialog().locator('input[type=file]').setInputFiles(file);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    await cli(
      'org:create',
      '--name',
      'Import E2E',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
      '--products',
      'ELN',
    );
    const orgId = /^(\d+)\tImport E2E$/m.exec(await cli('org:list'))![1];
    const rnd = /department (\d+) created/.exec(
      await cli('dept:create', '--org', orgId, '--name', '研发部'),
    )![1];
    await cli('dept:create', '--org', orgId, '--name', '化学组', '--parent', rnd);
    // Signed in through the API (signed-in.ts): the login page is not what this file tests.
    page = await openSignedInPage(
      browser,
      {
        viewport: VIEWPORTS.desktop,
        userAgent: USER_AGENTS.desktopChrome,
        locale: 'zh-CN',
        acceptDownloads: true,
      },
      url,
      { account: ADMIN, password: PASSWORD },
      { ownSession: true },
    );
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  let template = '';

  it('downloads the template with the header row in Chinese', async () => {
    await page.goto(`${url}/#/layout/member`);
    await page.getByTestId('members').waitFor();
    await page.getByTestId('members-import').click();
    await settled();
    await screenshot(page, 'member-import-desktop-zh-CN');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('member-import-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe('成员导入模板.xlsx');
    template = path.join(dir, 'template.xlsx');
    await download.saveAs(template);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    expect(workbook.worksheets[0].getRow(1).values).toEqual([
      undefined,
      '姓名',
      '手机号',
      '邮箱',
      '部门',
      '直属上级',
      '产品',
    ]);
  });

  /** The downloaded template filled with three members; `mobile` is the second one's mobile number. */
  async function filled(mobile: string): Promise<string> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.worksheets[0];
    sheet.addRow(['导入甲', '137 0000 0001', '', '研发部/化学组', '', 'ELN']);
    sheet.addRow(['导入乙', mobile, '', '研发部', '13700000001', '']);
    sheet.addRow(['导入丙', '', 'bing@import-e2e.test', '', '', '']);
    const file = path.join(dir, `filled-${mobile.replace(/\W/g, '')}.xlsx`);
    await workbook.xlsx.writeFile(file);
    return file;
  }

  it('lists the bad row of a file and imports nothing', async () => {
    await upload(await filled('12345'));
    const problems = page.getByTestId('member-import-problems');
    await problems.waitFor();
    const row = problems.getByRole('row').filter({ hasText: '手机号格式不正确' });
    await expect.poll(() => row.textContent()).toContain('3');
    await expect.poll(() => row.textContent()).toContain('手机号');
    await screenshot(page, 'member-import-problems-desktop-zh-CN');
  });

  it('imports the fixed file, offers each member their own initial password once as an xlsx, and the list shows the members', async () => {
    await upload(await filled('137 0000 0002'));
    const done = page.getByTestId('member-import-done');
    await done.waitFor({ timeout: 20_000 });
    await expect.poll(() => done.textContent()).toContain('已导入 3 名成员');
    const passwords = page.getByTestId('member-import-passwords');
    await expect.poll(() => passwords.textContent()).toContain('只能下载一次');
    await screenshot(page, 'member-import-done-desktop-zh-CN');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('member-import-passwords-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('成员初始密码.xlsx');
    const saved = path.join(dir, 'passwords.xlsx');
    await download.saveAs(saved);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(saved);
    const rows: string[][] = [];
    book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(String)));
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['账号', '姓名'],
      ['13700000001', '导入甲'],
      ['13700000002', '导入乙'],
      ['bing@import-e2e.test', '导入丙'],
    ]);
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(3);
    // Offered once: the button is gone, the dialog says so.
    await expect.poll(() => passwords.textContent()).toContain('不会再次提供');
    await expect.poll(() => page.getByTestId('member-import-passwords-download').count()).toBe(0);
    await screenshot(page, 'member-import-passwords-taken-desktop-zh-CN');
    await page.locator('.ant-modal-footer').getByRole('button').click();
    await dialog().waitFor({ state: 'hidden' });
    for (const name of ['导入甲', '导入乙', '导入丙']) {
      await expect.poll(() => page.getByRole('row').filter({ hasText: name }).count()).toBeGreaterThan(0);
    }
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: '导入乙' }).textContent())
      .toContain('导入甲');
  });

  it('shows the dialog and a refused file in English', async () => {
    await chooseFromUserMenu(page, 'menu-lang-en-US');
    await page.getByTestId('members-import').click();
    await settled();
    await screenshot(page, 'member-import-desktop-en-US');
    const text = path.join(dir, 'not-a-spreadsheet.xlsx');
    fs.writeFileSync(text, 'name,mobile\nA,13900000009\n');
    await upload(text);
    const refused = page.getByTestId('member-import-refused');
    await refused.waitFor();
    await expect.poll(() => refused.textContent()).toContain('not an xlsx spreadsheet');
    await screenshot(page, 'member-import-refused-desktop-en-US');
    await upload(await filled('1'));
    await page.getByTestId('member-import-problems').waitFor();
    await screenshot(page, 'member-import-problems-desktop-en-US');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    workbook.worksheets[0].addRow(['Import D', '13700000011', '', '', '', '']);
    const fresh = path.join(dir, 'fresh-en.xlsx');
    await workbook.xlsx.writeFile(fresh);
    await upload(fresh);
    await page.getByTestId('member-import-done').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('member-import-passwords').textContent())
      .toContain('can be downloaded only once');
    await screenshot(page, 'member-import-done-desktop-en-US');
  });

  it('asks before closing on initial passwords not downloaded, and offers them again when the dialog reopens', async () => {
    const confirm = page.getByTestId('member-import-close-confirm');
    // Esc first: the question comes, staying keeps the dialog and its download.
    await page.keyboard.press('Escape');
    await confirm.waitFor();
    await expect
      .poll(() => page.locator('.ant-modal-title').last().textContent())
      .toBe('Close without downloading the initial passwords?');
    await screenshot(page, 'member-import-close-confirm-desktop-en-US');
    await page.locator('.ant-modal').last().getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog().getByTestId('member-import-passwords-download').count()).toBe(1);
    // Close, then confirm: the dialog goes, the passwords stay on the server for this administrator.
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('member-import-close-confirm-confirm').click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByTestId('members-import').click();
    await settled();
    const waiting = page.getByTestId('member-import-pending');
    await expect.poll(() => waiting.textContent()).toContain('have not been downloaded (1 in all)');
    await screenshot(page, 'member-import-pending-desktop-en-US');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      waiting.getByTestId('member-import-passwords-download').click(),
    ]);
    const saved = path.join(dir, 'passwords-again.xlsx');
    await download.saveAs(saved);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(saved);
    const rows: string[][] = [];
    book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(String)));
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([['13700000011', 'Import D']]);
    await expect.poll(() => waiting.textContent()).toContain('will not be offered again');
  });

  it('offers the SSO-account import in the same dialog, with its own template', async () => {
    await page.locator('.ant-modal-footer').getByRole('button').click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByTestId('members-import').click();
    await settled();
    await dialog().getByText('SSO accounts').click();
    await expect
      .poll(() => page.locator('.ant-modal-title').filter({ visible: true }).last().textContent())
      .toBe('Import SSO accounts');
    await expect
      .poll(() => dialog().locator('.ant-segmented-item-selected').textContent())
      .toBe('SSO accounts');
    await animationsDone(page); // the segmented thumb slides over
    await screenshot(page, 'member-import-sso-desktop-en-US');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog().getByTestId('member-import-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe('sso-account-import-template.xlsx');
  });
});
