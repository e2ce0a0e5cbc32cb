import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { createOutboundGuard } from '../../../server/security/outbound-guard';
import { saveLdapSetting } from '../../../server/services/ldap-settings-service';

describe.each(engines())('system endpoints on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('GET /api/health answers with the database checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 100,
      message: '',
      data: { status: 'ok', database: 'ok', version: '7.15.3' },
    });
  });

  it('GET /api/config gives the client what it needs and nothing of the server', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'deployment',
      'domainLogin',
      'drawToolUrl',
      'feishuSdkUrl',
      'footer',
      'hostCallTimeoutMs',
      'modules',
      'screenLockIdleMinutes',
      'signingKey',
      'ssoLoginHosts',
      'ssoLoginUrl',
      'termsVersion',
      'trialDemoUrl',
      'version',
    ]);
    expect(JSON.stringify(data)).not.toMatch(/postgres|sqlite|DATA_DIR/i);
  });

  it('GET /api/config answers the module switches of the configuration', async () => {
    const defaults = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(defaults.json().data.modules).toEqual({ reset: true, register: true, appDownload: false });
    const switched = await createTestApp(engine, {
      MODULE_RESET: 'false',
      MODULE_REGISTER: 'false',
      MODULE_APP_DOWNLOAD: 'true',
    });
    try {
      const response = await switched.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json().data.modules).toEqual({ reset: false, register: false, appDownload: true });
    } finally {
      await switched.close();
    }
  });

  it("GET /api/config answers the deployment's bound of a call to a chat host", async () => {
    const defaults = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(defaults.json().data.hostCallTimeoutMs).toBe(6000);
    const shorter = await createTestApp(engine, { HOST_CALL_TIMEOUT_MS: '1500' });
    try {
      const response = await shorter.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json().data.hostCallTimeoutMs).toBe(1500);
    } finally {
      await shorter.close();
    }
  });

  it('GET /api/config says whether some organisation offers domain-account sign-in', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(before.json().data.domainLogin).toBe(false);
    const { orgId } = await createTestOrganization(t, 'Directory Lab', {
      admin: { account: 'admin@dir.test' },
    });
    const setting = {
      url: 'ldap://dc.dir.test',
      startTls: false,
      tlsCa: '',
      tlsSkipVerify: false,
      userDnTemplate: '{username}@dir.test',
      baseDn: 'dc=dir,dc=test',
      filter: '',
      nameAttribute: 'cn',
      mailAttribute: 'mail',
      mobileAttribute: 'mobile',
      domains: ['dir.test'],
      provision: false,
      enabled: true,
    };
    await saveLdapSetting(
      { db: t.database.db, orgId, operator: CLI_OPERATOR, now: t.clock.now() },
      setting,
      createOutboundGuard(t.config.outbound),
    );
    const after = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(after.json().data.domainLogin).toBe(true);
    await saveLdapSetting(
      { db: t.database.db, orgId, operator: CLI_OPERATOR, now: t.clock.now() },
      { ...setting, enabled: false },
      createOutboundGuard(t.config.outbound),
    );
  });

  it('GET / carries a Date header for the client clock offset', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(new Date(String(response.headers.date)).getTime()).toBeGreaterThan(0);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, error: { key: 'errors.request.notFound' } });
  });

  it('sets protective headers on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
