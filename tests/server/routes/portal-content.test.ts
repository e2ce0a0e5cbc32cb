import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_NAMES } from '../../../domain/schemas/portal-content';
import { splitFrontMatter } from '../../../server/routes/portal-content';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SHIPPED = path.resolve('content');

describe('splitFrontMatter', () => {
  it.each([
    ['---\ndownload: https://x.test/a\n---\n# T', 'https://x.test/a', '# T'],
    ['---\r\ndownload: http://x.test/\r\n---\r\n# T', 'http://x.test/', '# T'],
    ['---\ndownload: javascript:alert(1)\n---\n# T', null, '# T'],
    ['---\ntitle: x\n---\n# T', null, '# T'],
    ['# T\n\n---\n\ndownload: https://x.test/', null, '# T\n\n---\n\ndownload: https://x.test/'],
    // YAML as operators write it: quoted, with other keys and comments.
    [
      '---\n# the app store\ntitle: "A: b"\ndownload: "https://x.test/q?a=1"\n---\n\n# T',
      'https://x.test/q?a=1',
      '# T',
    ],
    ['---\ndownload: [https://x.test/]\n---\n# T', null, '# T'],
    ['---\ndownload: !!js/function "function () {}"\n---\n# T', null, '# T'],
    ['---\ndownload: https://x.test/\nbad: [unclosed\n---\n# T', null, '# T'],
  ])('reads %j', (text, downloadUrl, markdown) => {
    expect(splitFrontMatter(text)).toEqual({ downloadUrl, markdown });
  });
});

describe.each(engines())('portal content on %s', (engine) => {
  let t: TestApp;
  let off: TestApp;
  let acme = '';
  let beta = '';
  // An operator's copy of the shipped directory, with one app page replaced and one removed.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-content-'));

  beforeAll(async () => {
    fs.cpSync(SHIPPED, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'apps', 'appPm.en-US.md'), '# Our PM app\n\nNo link yet.');
    fs.rmSync(path.join(dir, 'apps', 'appMm.en-US.md'));
    [t, off] = await Promise.all([
      createTestApp(engine, { CONTENT_DIR: dir, MODULE_APP_DOWNLOAD: 'true' }),
      createTestApp(engine, { CONTENT_DIR: dir, MODULE_APP_DOWNLOAD: 'false' }),
    ]);
    await createTestOrganization(t, 'Acme', {
      products: ['ELN', 'CIMS', 'PM'],
      admin: { account: 'admin@acme.test', products: ['ELN', 'PM'] },
    });
    await createTestOrganization(t, 'Beta', {
      products: ['CIMS'],
      admin: { account: 'admin@beta.test', products: ['CIMS'] },
    });
    acme = (await signIn(t, 'admin@acme.test')).cookie;
    beta = (await signIn(t, 'admin@beta.test')).cookie;
  });
  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('GET /api/appContent/{page}/{lang}', () => {
    const get = (app: TestApp, page: string, lang: string) =>
      app.app.inject({ method: 'GET', url: `/api/appContent/${page}/${lang}` });

    it('serves every app page and introduction in both languages to anyone, with its download link', async () => {
      for (const page of APP_PAGE_NAMES) {
        for (const lang of ['zh-CN', 'en-US']) {
          if ((page === 'appMm' || page === 'appPm') && lang === 'en-US') continue; // replaced below
          const response = await get(t, page, lang);
          expect(response.statusCode, `${page} ${lang}`).toBe(200);
          const data = response.json().data;
          expect(data.Markdown).toMatch(/^# /);
          expect(data.Markdown).toMatch(/\n## /);
          expect(data.DownloadUrl).toMatch(/^https:\/\//);
        }
      }
    });

    it("shows an operator's replacement at once, and null when it names no download link", async () => {
      const data = (await get(t, 'appPm', 'en-US')).json().data;
      expect(data).toMatchObject({ Page: 'appPm', Lang: 'en-US', Markdown: '# Our PM app\n\nNo link yet.' });
      expect(data.DownloadUrl).toBeNull();
    });

    it('answers 404 for a removed file and 400 for a page or language outside the lists', async () => {
      expect((await get(t, 'appMm', 'en-US')).statusCode).toBe(404);
      expect((await get(t, '..%2Fagreement', 'en-US')).statusCode).toBe(400);
      expect((await get(t, 'appPm', 'fr-FR')).statusCode).toBe(400);
    });

    it('answers 404 for every page while the app-download module is off', async () => {
      for (const page of APP_PAGE_NAMES) {
        const response = await get(off, page, 'zh-CN');
        expect(response.statusCode).toBe(404);
        expect(response.json().error.key).toBe('errors.request.notFound');
      }
    });
  });

  describe('GET /api/helpDoc/{platform}/{a}/{b}/{lang}', () => {
    const get = (cookie: string, url: string) =>
      t.app.inject({ method: 'GET', url: `/api/helpDoc/${url}`, headers: cookie ? { cookie } : {} });

    it('gives a member the help document of a product they are authorised for, in the language asked', async () => {
      const zh = await get(acme, 'eln/guide/start/zh-CN');
      expect(zh.statusCode).toBe(200);
      expect(zh.json().data.Code).toBe('ELN');
      expect(zh.json().data.Markdown).toMatch(/^# 电子实验记录本/);
      expect((await get(acme, 'eln/guide/start/en-US')).json().data.Markdown).toMatch(/^# Electronic Lab/);
    });

    it('answers 404 when an authorised product has no such document yet', async () => {
      const response = await get(acme, 'pm/guide/start/en-US');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.key).toBe('errors.request.notFound');
    });

    it("refuses a product the member's organisation has licensed but the member is not authorised for", async () => {
      const response = await get(acme, 'cims/guide/start/en-US');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.key).toBe('errors.auth.noPermission');
    });

    it("keeps organisations apart: Beta reads CIMS, not Acme's ELN", async () => {
      expect((await get(beta, 'cims/guide/start/zh-CN')).statusCode).toBe(200);
      expect((await get(beta, 'eln/guide/start/zh-CN')).statusCode).toBe(403);
    });

    it('needs a signed-in member and refuses segments that are not plain names', async () => {
      expect((await get('', 'eln/guide/start/en-US')).statusCode).toBe(401);
      expect((await get(acme, 'eln/..%2F..%2Fagreement/start/en-US')).statusCode).toBe(400);
      expect((await get(acme, 'eln/Guide/start/en-US')).statusCode).toBe(400);
      expect((await get(acme, 'nope/guide/start/en-US')).statusCode).toBe(400);
    });
  });
});
