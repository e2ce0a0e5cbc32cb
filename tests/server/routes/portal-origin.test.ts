import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostIntegrationInputSchema } from '../../../domain/schemas/host-integrations';
import { createSecretBox } from '../../../server/security/secret-box';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { saveHostIntegration } from '../../../server/services/host-integrations-service';
import { createTestApp, createTestOrganization, TEST_PASSWORD, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const SECRETS_KEY = 'b2'.repeat(32);

describe.each(engines())('PUBLIC_URL alone is the portal’s origin on %s', (engine) => {
  describe('PUBLIC_URL=https://portal.lab.test behind a trusted proxy', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(engine, {
        PUBLIC_URL: 'https://portal.lab.test/',
        TRUST_PROXY: '127.0.0.1',
        SECRETS_KEY,
      });
      const { orgId } = await createTestOrganization(t, 'Acme Lab', {
        admin: { account: 'admin@acme.test' },
      });
      await saveHostIntegration(
        { db: t.database.db, orgId, operator: CLI_OPERATOR, now: t.clock.now() },
        createSecretBox(Buffer.from(SECRETS_KEY, 'hex')),
        hostIntegrationInputSchema.parse({
          platform: 'wecom',
          corpId: 'wwacme',
          appSecret: 'wecom-acme-secret',
          agentId: '1000002',
          enabled: true,
        }),
      );
    });
    afterAll(() => t.close());

    const authorizeUrl = (redirectUri: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/host/authorizeUrl',
        headers: { ...t.signed(), ...headers },
        payload: { platform: 'wecom', corpId: 'wwacme', redirectUri },
      });

    it('refuses a WeCom return address on the Host a client sent, or on a forwarded host', async () => {
      const forged = await authorizeUrl('http://evil.example/#/wecom', { host: 'evil.example' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.key).toBe('errors.host.badRedirect');
      const forwarded = await authorizeUrl('https://evil.example/#/wecom', {
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      });
      expect(forwarded.statusCode).toBe(400);
      const wrongScheme = await authorizeUrl('http://portal.lab.test/#/wecom', { host: 'portal.lab.test' });
      expect(wrongScheme.statusCode).toBe(400);
    });

    it('takes a return address on PUBLIC_URL’s origin, whatever Host the request came with', async () => {
      const answer = await authorizeUrl('https://portal.lab.test/#/wecom', { host: '10.0.0.7:8080' });
      expect(answer.statusCode).toBe(200);
      const url = new URL(answer.json().data.url);
      expect(url.searchParams.get('redirect_uri')).toBe('https://portal.lab.test/#/wecom');
    });

    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: { ...t.signed(), ...headers },
        payload: { account: 'admin@acme.test', password: TEST_PASSWORD, agreed: true },
      });

    it('checks a browser’s Origin against PUBLIC_URL, not against the Host it sent', async () => {
      const forged = await login({ origin: 'http://evil.example', host: 'evil.example' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.key).toBe('errors.request.crossSite');
      const portal = await login({ origin: 'https://portal.lab.test', host: '10.0.0.7:8080' });
      expect(portal.statusCode).toBe(200);
    });

    it('names the cookies for TLS even when the request itself came over plain http', async () => {
      const response = await login({ host: '10.0.0.7:8080' });
      expect(response.cookies.find((cookie) => cookie.name === '__Host-uc_session')).toMatchObject({
        secure: true,
      });
    });
  });

  describe('PUBLIC_URL=http://portal.lab.test behind a proxy that says https', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(engine, { PUBLIC_URL: 'http://portal.lab.test', TRUST_PROXY: '127.0.0.1' });
      await createTestOrganization(t, 'Plain Lab', { admin: { account: 'admin@plain.test' } });
    });
    afterAll(() => t.close());

    it('keeps PUBLIC_URL’s plain http: no HSTS and no __Host- cookies the browser would never send back', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: { ...t.signed(), 'x-forwarded-proto': 'https' },
        payload: { account: 'admin@plain.test', password: TEST_PASSWORD, agreed: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
        'AccountInfo',
        'uc_device',
        'uc_session',
      ]);
    });
  });
});
