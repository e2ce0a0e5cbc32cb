import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

describe.each(engines())('demo product page on %s', (engine) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Acme <Lab> & Co', {
      admin: { account: 'admin@acme.test', realName: '<script>alert(1)</script> Ada' },
    });
    cookie = (await signIn(t, 'admin@acme.test')).cookie;
  });
  afterAll(() => t.close());

  describe('GET /demo-product/:code', () => {
    it('names the product and the signed-in user, escaping every value', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/demo-product/ELN', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('电子实验记录本（演示）');
      expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ada');
      expect(response.body).toContain('Acme &lt;Lab&gt; &amp; Co');
      expect(response.body).not.toContain('<script');
      expect(response.body).toContain('npm run cli -- product:url --product ELN --url https://...');
    });

    it('works signed out, in the language the browser asks for, with a way to sign in', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/demo-product/lims',
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<html lang="en-US">');
      expect(response.body).toContain('Sample Inspection (demo)');
      expect(response.body).toContain('You are not signed in');
      expect(response.body).toContain('href="../#/login"');
      expect(response.body).toContain('--product LIMS');
    });

    it('treats an ended session as signed out', async () => {
      const { cookie: ended } = await signIn(t, 'admin@acme.test');
      await t.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: { ...t.signed(), cookie: ended },
      });
      const response = await t.app.inject({
        method: 'GET',
        url: '/demo-product/ELN',
        headers: { cookie: ended },
      });
      expect(response.body).toContain('您尚未登录门户');
      expect(response.body).not.toContain('Ada');
    });

    it('answers 404 for an unknown product, escaping what was asked for', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/demo-product/${encodeURIComponent('<b>x</b>')}`,
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('There is no product with the code &lt;b&gt;x&lt;/b&gt;.');
      expect(response.body).not.toContain('<b>');
    });

    it('carries the Content-Security-Policy of the portal: no inline script can run', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/demo-product/ELN' });
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    });
  });
});
