import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, USER_AGENTS, VIEWPORTS } from './browser';
import { openSignedInPage } from './signed-in';
import { operatorCli } from './operator-cli';
import { sharedServer } from './shared-server';

const { url, dataDir } = sharedServer();
const ADMIN = 'admin@labels-e2e.test';
const PASSWORD = 'Lb#Admin-2026-pass';
const cli = operatorCli(dataDir);

/** CSS pixels per millimetre: CSS fixes 96 px to the inch. */
const PX_PER_MM = 96 / 25.4;
/** A 1 × 1 png. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('label designer', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    await cli(
      'org:create',
      '--name',
      'Label Lab',
      '--admin',
      ADMIN,
      '--password',
      PASSWORD,
      '--products',
      'LIMS',
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

  it('designs a 50 × 30 mm template, saves it, reloads it and prints it at 50 × 30 mm', async () => {
    await page.goto(`${url}/#/layout/tagsDesign`);
    await page.getByTestId('label-templates').getByText('Sample tube 50 × 30').waitFor();
    await page.getByTestId('label-create').click();
    await page.getByTestId('label-new-name').fill('E2E tube');
    await page.getByTestId('label-new-width').fill('50');
    await page.getByTestId('label-new-height').fill('30');
    await page.getByTestId('label-new-start').click();

    const canvas = page.getByTestId('label-canvas');
    await canvas.waitFor();
    const tour = page.getByTestId('tour-close');
    if (await tour.isVisible()) await tour.click();
    // At 200 % the canvas is twice the label's physical size.
    const box = await canvas.boundingBox();
    expect(box?.width).toBeCloseTo(50 * PX_PER_MM * 2, 0);
    expect(box?.height).toBeCloseTo(30 * PX_PER_MM * 2, 0);

    await page.getByTestId('label-palette-barcode').dragTo(canvas, { targetPosition: { x: 10, y: 10 } });
    await page.getByTestId('label-component-barcode1').waitFor();
    await page.getByTestId('label-palette-text').dragTo(canvas, { targetPosition: { x: 20, y: 220 } });
    await page.getByTestId('label-attr-Value').fill('Buffer A');
    // Dropped near the bottom edge, the text box was pulled back inside the label.
    const text = await page.getByTestId('label-component-text1').boundingBox();
    expect((text?.y ?? 0) + (text?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) + 1);
    await canvas.press('ArrowRight');
    await canvas.press('Shift+ArrowDown');
    await page.getByTestId('label-undo').click();
    await screenshot(page, 'label-designer-en-US');
    await page.getByTestId('label-save').click();
    await page.getByText('Edit successfully').waitFor();

    const designer = page.url();
    await page.reload();
    await page.getByTestId('label-component-barcode1').waitFor();
    await page.getByTestId('label-component-text1').click();
    expect(await page.getByTestId('label-attr-Value').inputValue()).toBe('Buffer A');
    expect(await page.getByTestId('label-canvas').innerHTML()).toContain('Buffer A');

    await page.goto(designer.replace('/designTemplate/', '/print/'));
    const label = page.getByTestId('label-print-page').first();
    await label.waitFor();
    const printed = await label.boundingBox();
    expect(printed?.width).toBeCloseTo(50 * PX_PER_MM, 0);
    expect(printed?.height).toBeCloseTo(30 * PX_PER_MM, 0);
    expect(await page.getByTestId('label-print-sheet').innerHTML()).toContain('size: 50mm 30mm');
    await page.emulateMedia({ media: 'print' });
    const printWidth = await label.evaluate((element) => parseFloat(getComputedStyle(element).width));
    expect(printWidth).toBeCloseTo(50 * PX_PER_MM, 1);
    await page.emulateMedia({ media: 'screen' });
  });
  it('takes a png logo, refuses one over 100KB and keeps no script of an svg', async () => {
    await page.goto(`${url}/#/layout/tagsDesign`);
    await page.getByTestId('label-create').click();
    await page.getByTestId('label-new-name').fill('E2E logos');
    await page.getByTestId('label-new-width').fill('50');
    await page.getByTestId('label-new-height').fill('30');
    await page.getByTestId('label-new-start').click();
    const canvas = page.getByTestId('label-canvas');
    await canvas.waitFor();
    const tour = page.getByTestId('tour-close');
    if (await tour.isVisible()) await tour.click();
    await page.getByTestId('label-palette-image').click();
    await page.getByTestId('label-component-image1').waitFor();
    const fileInput = page.getByTestId('label-attributes').locator('input[type=file]');
    const upload = async (name: string, mimeType: string, buffer: Buffer) => {
      const answered = page.waitForResponse((response) => response.url().includes('/api/LabelTemplate/logo'));
      await fileInput.setInputFiles({ name, mimeType, buffer });
      return answered;
    };
    const drawn = () => canvas.locator('.label-canvas-svg image').getAttribute('href');

    const png = await upload('logo.png', 'image/png', Buffer.from(PNG_1X1, 'base64'));
    expect(png.status()).toBe(200);
    await expect.poll(drawn).toMatch(/^data:image\/png;base64,/);

    const oversize = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(110 * 1024)]);
    const refused = await upload('big.png', 'image/png', oversize);
    expect(refused.status()).toBe(413);
    await page.getByText("File size can't exceed 100KB").waitFor();
    expect(await drawn()).toMatch(/^data:image\/png;base64,/);

    const hostile = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
        '<script>alert(2)</script><image href="https://evil.example/x.png"/>' +
        '<rect width="10" height="10" fill="#1677ff"/></svg>',
    );
    const svg = await upload('logo.svg', 'image/svg+xml', hostile);
    expect(svg.status()).toBe(200);
    await expect.poll(drawn).toMatch(/^data:image\/svg\+xml;base64,/);
    const kept = Buffer.from((await drawn())?.split(',')[1] ?? '', 'base64').toString();
    expect(kept).toContain('<rect');
    expect(kept).not.toMatch(/script|onload|evil\.example/i);
    await screenshot(page, 'label-designer-logo-en-US');
  });
});
