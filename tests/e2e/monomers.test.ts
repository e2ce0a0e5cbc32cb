import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { openSignedInPage } from './signed-in';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const PASSWORD = 'Monomer#Admin-2026-heron';
const ADMIN = 'admin@monomer-e2e.test';

/** `npm run cli -- ...` against the server's database. */
const cli = operatorCli(dataDir);

/** OpenChemLib's toolbar (the first canvas of its editor) ends inside the editor's box, above the SMILES field. */
async function expectToolbarInsideEditor(page: Page): Promise<void> {
  const editor = page.getByTestId('monomer-structure-editor');
  const toolbar = editor.locator('canvas').first();
  await expect.poll(async () => (await toolbar.boundingBox())?.height ?? 0).toBeGreaterThan(100);
  // The form's dialog zooms in: boxes read one after another while it scales belong to different frames
  // (a fresh-clone run read the toolbar 2 px below the editor's end so), so measure once it stands still.
  await animationsDone(page);
  const box = await editor.boundingBox();
  const bar = await toolbar.boundingBox();
  const smiles = await page.getByTestId('monomer-smiles').boundingBox();
  expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(smiles?.y ?? 0);
}

describe('desktop: the HELM monomer library', () => {
  let browser: Browser;
  let page: Page;
  const dialog = () => page.getByTestId('monomer-form');
  const chooseAnalog = async (analog: string) => {
    await page.getByTestId('monomer-analog').click();
    // A click on an option still sliding in can miss it on a busy machine (the form then said the analog
    // was not chosen): wait for the dropdown to stand still, then for the choice to show in the field.
    await animationsDone(page);
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${analog}"]`,
      )
      .click();
    await expect.poll(async () => (await page.getByTestId('monomer-analog').innerText()).trim()).toBe(analog);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    await cli(
      'org:create',
      '--name',
      'Monomer E2E',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
      '--products',
      'ELN',
    );
    // Signed in through the API (signed-in.ts): the login page is not what this file tests.
    page = await openSignedInPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'en-US' },
      url,
      { account: ADMIN, password: PASSWORD },
      { ownSession: true },
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the natural monomers with their structures drawn', async () => {
    await page.goto(`${url}/#/layout/monomerLib`);
    const table = page.getByTestId('monomer-table');
    await table.getByText('Alanine', { exact: true }).waitFor();
    await expect.poll(() => table.locator('img[src^="data:image/svg+xml"]').count()).toBe(10);
  });

  it('adds a monomer drawn as SMILES, then refuses the same structure spelled another way', async () => {
    await page.getByTestId('monomer-add').click();
    await dialog().waitFor();
    await page.getByTestId('monomer-structure-editor').locator('canvas').first().waitFor();
    await page.getByTestId('monomer-symbol').fill('Phe_4Me');
    await page.getByTestId('monomer-name').fill('4-Methyl-Phenylalanine');
    await page.getByTestId('monomer-smiles').fill('Cc1ccc(C[C@H](N[*:1])C([*:2])=O)cc1');
    await chooseAnalog('F');
    await expectToolbarInsideEditor(page);
    await screenshot(page, 'monomer-editor-en-US');
    await page.getByTestId('monomer-save').click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByTestId('monomer-search').locator('input').fill('Phe_4Me');
    await page.getByTestId('monomer-search').locator('input').press('Enter');
    await page.getByTestId('monomer-table').getByText('4-Methyl-Phenylalanine').waitFor();

    await page.getByTestId('monomer-add').click();
    await dialog().waitFor();
    await page.getByTestId('monomer-symbol').fill('MePhe');
    await page.getByTestId('monomer-name').fill('Methylphenylalanine');
    await page.getByTestId('monomer-smiles').fill('[*:1]N[C@@H](CC1=CC=C(C)C=C1)C([*:2])=O');
    await chooseAnalog('F');
    await page.getByTestId('monomer-save').click();
    const problem = page.getByTestId('monomer-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('The same structure already exists in PEPTIDE as Phe_4Me');
    await screenshot(page, 'monomer-duplicate');
  });

  it('refuses a structure without R-groups in the browser, in SPEC wording', async () => {
    await page.getByTestId('monomer-smiles').fill('Cc1ccccc1');
    await page.getByTestId('monomer-save').click();
    expect(await page.getByTestId('monomer-problem').textContent()).toContain(
      'A structure must be drawn and at least one R-group is required',
    );
  });
  it('shows the editor with its whole toolbar in Chinese too', async () => {
    // Signed in through the API (signed-in.ts): the login page is not what this file tests.
    const zh = await openSignedInPage(
      browser,
      { viewport: VIEWPORTS.desktop, userAgent: USER_AGENTS.desktopChrome, locale: 'zh-CN' },
      url,
      { account: ADMIN, password: PASSWORD },
      { ownSession: true },
    );
    await zh.goto(`${url}/#/layout/monomerLib`);
    await zh.getByTestId('monomer-add').click();
    await zh.getByTestId('monomer-form').waitFor();
    await zh.getByTestId('monomer-smiles').fill('C[C@@H](C([*:2])=O)N[*:1]');
    await expectToolbarInsideEditor(zh);
    await screenshot(zh, 'monomer-editor-zh-CN');
    await zh.context().close();
  });
});
