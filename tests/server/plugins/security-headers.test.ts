import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

/** A built client as Vite leaves it: index.html, a hashed asset and the build manifest. */
function createClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1);');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"index.html":{}}');
  fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  return dir;
}

const FEISHU_SDK_URL = 'https://sdk.feishu.example/h5-js-sdk.js';

describe.each(engines())('HTTP hardening on %s', (engine) => {
  describe('over plain http, with the client built', () => {
    let t: TestApp;
    let clientDir: string;

    beforeAll(async () => {
      clientDir = createClientDir();
      t = await createTestApp(engine, { STATIC_DIR: clientDir, FEISHU_SDK_URL });
      await createTestOrganization(t, 'Header Lab', { admin: { account: 'admin@header.test' } });
    });
    afterAll(async () => {
      await t.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    });

    it('sends Cache-Control: no-store on every API answer, success or failure', async () => {
      const { cookie } = await signIn(t, 'admin@header.test');
      const answers = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/config' }),
        t.app.inject({ method: 'GET', url: '/api/health' }),
        t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } }),
        t.app.inject({ method: 'GET', url: '/api/account/current' }),
        t.app.inject({ method: 'POST', url: '/api/account/logout' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 400]);
      for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('keeps the long cache on hashed assets and no-cache on index.html', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-security-policy']).toBeUndefined();
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    });

    it('puts the Content-Security-Policy on the HTML, with the Feishu SDK origin and the framing hosts', async () => {
      for (const url of ['/', '/index.html']) {
        const page = await t.app.inject({ method: 'GET', url });
        const policy = String(page.headers['content-security-policy']);
        expect(policy).toContain("script-src 'self' https://sdk.feishu.example;");
        expect(policy).toContain("frame-ancestors 'self' https://*.dingtalk.com");
        expect(page.headers['x-frame-options']).toBeUndefined();
      }
    });

    it('serves neither the build manifest nor any other dot-path', async () => {
      for (const url of ['/.vite/manifest.json', '/%2evite/manifest.json', '/.env', '/assets/../.env']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('index.html');
        expect(response.body).not.toContain('SECRET');
      }
    });

    it('answers an unknown API path with the JSON 404, signed in or not, on GET and POST', async () => {
      const { cookie } = await signIn(t, 'admin@header.test');
      for (const headers of [{}, { cookie }]) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await t.app.inject({
            method,
            url: '/api/no/such/thing',
            headers: method === 'POST' ? { ...headers, ...t.signed() } : headers,
          });
          expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(404);
          expect(response.json()).toEqual({
            code: 404,
            message: '您访问的资源不存在',
            error: { key: 'errors.request.notFound' },
          });
        }
      }
    });

    it('sends no HSTS and keeps the plain cookie names', async () => {
      const { response } = await signIn(t, 'admin@header.test');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const names = response.cookies.map((c) => c.name).sort();
      expect(names).toEqual(['AccountInfo', 'uc_device', 'uc_session']);
      expect(response.cookies.every((c) => !c.secure)).toBe(true);
    });
  });

  describe.each([
    ['PUBLIC_URL is https', { PUBLIC_URL: 'https://portal.example' }, {}],
    [
      'a trusted proxy forwards https',
      { TRUST_PROXY: '127.0.0.1' },
      { 'x-forwarded-proto': 'https' } as Record<string, string>,
    ],
  ])('behind TLS (%s)', (_name, env, forwarded) => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(engine, env);
      await createTestOrganization(t, 'TLS Lab', { admin: { account: 'admin@tls.test' } });
    });
    afterAll(() => t.close());

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: { ...t.signed(), ...forwarded },
        payload: { account: 'admin@tls.test', password: TEST_PASSWORD, agreed: true },
      });

    it('sends HSTS for a year, subdomains included', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: forwarded });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('names the cookies __Host-: Secure, Path=/, no Domain', async () => {
      const response = await login();
      expect(response.statusCode).toBe(200);
      const session = response.cookies.find((c) => c.name === '__Host-uc_session')!;
      expect(session).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(session.domain).toBeUndefined();
      const info = response.cookies.find((c) => c.name === '__Host-AccountInfo')!;
      expect(info).toMatchObject({ secure: true, path: '/' });
      const device = response.cookies.find((c) => c.name === '__Host-uc_device')!;
      expect(device).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(device.domain).toBeUndefined();
      expect(response.cookies.find((c) => c.name === 'uc_session')).toBeUndefined();
    });

    it('reads the session only from the __Host- cookie and clears it on logout', async () => {
      const token = (await login()).cookies.find((c) => c.name === '__Host-uc_session')!.value;
      const current = (cookie: string) =>
        t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie, ...forwarded } });
      expect((await current(`uc_session=${token}`)).statusCode).toBe(401);
      expect((await current(`__Host-uc_session=${token}`)).statusCode).toBe(200);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/account/logout',
        headers: { cookie: `__Host-uc_session=${token}`, ...t.signed(), ...forwarded },
      });
      expect(logout.statusCode).toBe(200);
      const cleared = logout.cookies.filter((c) => c.value === '').map((c) => c.name);
      expect(cleared.sort()).toEqual(['__Host-AccountInfo', '__Host-uc_session']);
      expect(logout.cookies.every((c) => c.secure && c.path === '/')).toBe(true);
      expect((await current(`__Host-uc_session=${token}`)).statusCode).toBe(401);
    });
  });

  describe('an untrusted client claiming https', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine);
      await createTestOrganization(t, 'Plain Lab', { admin: { account: 'admin@plain.test' } });
    });
    afterAll(() => t.close());

    it('gets neither HSTS nor __Host- cookies', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: { ...t.signed(), 'x-forwarded-proto': 'https' },
        payload: { account: 'admin@plain.test', password: TEST_PASSWORD, agreed: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.cookies.map((c) => c.name).sort()).toEqual(['AccountInfo', 'uc_device', 'uc_session']);
    });
  });
});
