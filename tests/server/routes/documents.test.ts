import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../../domain/schemas/documents';
import { loadConfig } from '../../../server/core/config';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const SHIPPED = path.resolve('content');
import { engines } from '../../helpers/test-database';

describe.each(engines())('GET /api/content/{page}/{lang} on %s', (engine) => {
  let t: TestApp;
  // An operator's copy of the shipped directory, with one document replaced, one removed, one too large.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));

  beforeAll(async () => {
    fs.cpSync(SHIPPED, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'privacy.en-US.md'), '# Our own policy\n\nReplaced by the operator.');
    fs.rmSync(path.join(dir, 'agreement.en-US.md'));
    fs.writeFileSync(path.join(dir, 'company.en-US.md'), 'x'.repeat(300 * 1024));
    t = await createTestApp(engine, { CONTENT_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the content/ directory shipped with the app unless CONTENT_DIR says otherwise', () => {
    expect(loadConfig({}).contentDir).toBe(SHIPPED);
    for (const page of DOCUMENT_NAMES) {
      for (const lang of ['zh-CN', 'en-US']) {
        const text = fs.readFileSync(path.join(SHIPPED, `${page}.${lang}.md`), 'utf8');
        expect(text, `${page} ${lang}`).toMatch(/^# \S/);
        expect(text.length).toBeGreaterThan(300);
      }
    }
  });

  it('serves every document in both languages to anyone, signed in or not', async () => {
    for (const page of DOCUMENT_NAMES) {
      for (const lang of ['zh-CN', 'en-US']) {
        if (lang === 'en-US' && ['agreement', 'privacy', 'company'].includes(page)) continue;
        const response = await t.app.inject({ method: 'GET', url: `/api/content/${page}/${lang}` });
        expect(response.statusCode, `${page} ${lang}`).toBe(200);
        const data = response.json().data;
        expect(data).toMatchObject({ Page: page, Lang: lang });
        expect(data.Markdown).toMatch(/^# \S/);
        expect(data.Markdown.length).toBeGreaterThan(300);
      }
    }
  });

  it('matches the path case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Content/agreement/zh-CN' });
    expect(response.statusCode).toBe(200);
  });

  it("serves the operator's replacement from CONTENT_DIR", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/content/privacy/en-US' });
    expect(response.json().data.Markdown).toContain('Replaced by the operator.');
  });

  it('answers 404 for a document missing from CONTENT_DIR, and refuses an oversized file', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/content/agreement/en-US' });
    expect(missing.statusCode).toBe(404);
    const large = await t.app.inject({ method: 'GET', url: '/api/content/company/en-US' });
    expect(large.statusCode).toBe(500);
  });

  it('names no file of its own: unknown pages, languages and traversal are bad input', async () => {
    for (const url of [
      '/api/content/secrets/en-US',
      '/api/content/agreement/fr-FR',
      '/api/content/..%2F..%2Fpackage.json/en-US',
      '/api/content/agreement/..%2Fagreement.en-US',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('"Markdown"');
    }
  });
});
