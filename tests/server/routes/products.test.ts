import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

describe.each(engines())('products of the signed-in user on %s', (engine) => {
  let t: TestApp;
  let acme = '';
  let beta = '';

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Acme', {
      products: ['ELN', 'CIMS'],
      admin: { account: 'admin@acme.test', products: ['ELN', 'CIMS'] },
    });
    await createTestOrganization(t, 'Beta', {
      products: ['PM'],
      // SDH is granted to the account but Beta has no licence for it, so it stays unauthorised.
      admin: { account: 'admin@beta.test', products: ['PM', 'SDH'] },
    });
    acme = (await signIn(t, 'admin@acme.test')).cookie;
    beta = (await signIn(t, 'admin@beta.test')).cookie;
  });
  afterAll(() => t.close());

  const authorizeInfo = (cookie: string, query = '?showUnAuthorized=true', lang = 'zh-CN') =>
    t.app.inject({
      method: 'GET',
      url: `/api/Account/AuthorizeInfo${query}`,
      headers: { cookie, 'accept-language': lang },
    });

  describe('GET /api/Account/AuthorizeInfo', () => {
    it('lists all eight products, authorised ones flagged, for each organisation separately', async () => {
      const acmeList = (await authorizeInfo(acme)).json().data;
      const betaList = (await authorizeInfo(beta)).json().data;
      expect(acmeList).toHaveLength(8);
      const authorised = (list: Array<{ Code: string; IsAuthorized: boolean }>) =>
        list.filter((p) => p.IsAuthorized).map((p) => p.Code);
      expect(authorised(acmeList)).toEqual(['ELN', 'CIMS']);
      expect(authorised(betaList)).toEqual(['PM']);
    });

    it('lists only authorised products by default and hides unlicensed URLs', async () => {
      const list = (await authorizeInfo(beta, '')).json().data;
      expect(list.map((p: { Code: string }) => p.Code)).toEqual(['PM']);
      const all = (await authorizeInfo(beta)).json().data;
      expect(all.find((p: { Code: string }) => p.Code === 'SDH').WebUrl).toBe('');
    });

    it('names products in the language asked for', async () => {
      const zh = (await authorizeInfo(acme, '?showUnAuthorized=true', 'zh-CN')).json().data[0];
      const en = (await authorizeInfo(acme, '?showUnAuthorized=true', 'en-US')).json().data[0];
      expect(zh.PlatformName).toBe('电子实验记录本');
      expect(en.PlatformName).toBe('Electronic Lab Notebook');
      expect(en.Introduction.length).toBeGreaterThan(10);
    });

    it('needs a session', async () => {
      const response = await authorizeInfo('');
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/Platform/WebUrls', () => {
    it('gives the URLs of authorised products, or of all with isAll', async () => {
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/Platform/WebUrls',
        headers: { cookie: acme },
      });
      expect(mine.json().data.map((p: { Code: string }) => p.Code)).toEqual(['ELN', 'CIMS']);
      expect(mine.json().data[0].WebUrl).toMatch(/^https:\/\//);
      const all = await t.app.inject({
        method: 'GET',
        url: '/api/Platform/WebUrls?isAll=true',
        headers: { cookie: acme },
      });
      expect(all.json().data).toHaveLength(8);
    });
  });
});
