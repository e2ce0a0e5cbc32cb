import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../../server/repositories';
import {
  TOKEN_REQUESTS_PER_ADDRESS,
  TOKEN_REQUESTS_PER_KEY,
} from '../../../server/services/app-credential-service';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const BASE = '/api/OrganizationOpenness';
const TOKEN_URL = '/api/Sdk/ucapi/token';

describe.each(engines())('app credentials and the access token on %s', (engine) => {
  let t: TestApp;
  let acme: number;
  let beta: number;
  const cookies: Record<string, string> = {};

  const call = (method: 'GET' | 'POST', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...t.signed(), cookie: cookies[who] ?? '' },
      ...(payload ? { payload } : {}),
    });
  // The open API is called by an organisation's servers: no signing headers, no cookie.
  const token = (appKey: string, appSecret: string, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: TOKEN_URL, remoteAddress: ip, payload: { appKey, appSecret } });
  const whoAmI = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/Sdk/ucapi/app',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'appCredential')
      .orderBy('id')
      .execute();
  const added: Record<string, { id: number; appKey: string; appSecret: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    acme = (
      await createTestOrganization(t, 'Acme', {
        admin: { account: 'admin@acme.test', realName: 'Ada' },
        members: [{ realName: 'Mo', account: 'mo@acme.test' }],
      })
    ).orgId;
    beta = (await createTestOrganization(t, 'Beta', { admin: { account: 'admin@beta.test' } })).orgId;
    await createTestOrganization(t, 'Gamma', { admin: { account: 'admin@gamma.test' }, openness: false });
    for (const account of ['admin@acme.test', 'mo@acme.test', 'admin@beta.test', 'admin@gamma.test']) {
      cookies[account] = (await signIn(t, account)).cookie;
    }
  });
  afterAll(async () => {
    await t.close();
  });

  describe(`POST ${BASE}/Add`, () => {
    it('creates the key and a secret shown this once, stored only as a hash, with an operation-log row', async () => {
      const response = await call('POST', `${BASE}/Add`, 'admin@acme.test', { name: ' HR sync ' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json().data;
      expect(data).toMatchObject({ name: 'HR sync', revokedTokens: 0 });
      expect(data.appKey).toMatch(/^uak_/);
      expect(data.appSecret).toMatch(/^uas_[\w-]{43}$/);
      expect(data.secretMask).toBe(`uas_••••••••${data.appSecret.slice(-4)}`);
      added.acme = data;

      const init = await call('GET', `${BASE}/initialize/appCredential`, 'admin@acme.test');
      expect(init.json().data).toEqual({
        credential: {
          id: data.id,
          name: 'HR sync',
          appKey: data.appKey,
          secretMask: data.secretMask,
          secretIssuedAt: t.clock.now(),
          createdAt: t.clock.now(),
        },
        tokenPath: TOKEN_URL,
        expiresIn: 7200,
      });
      expect(init.body).not.toContain(data.appSecret);
      const stored = await createRepositories(t.database.db).appCredentials.findByOrg(acme);
      expect(JSON.stringify(stored)).not.toContain(data.appSecret);
      expect(await logs(acme)).toEqual([
        {
          content: expect.stringContaining(data.appKey),
          operator_name: 'Ada',
        },
      ]);
    });

    it('refuses a second credential with 409 and an all-spaces name with 400', async () => {
      const again = await call('POST', `${BASE}/Add`, 'admin@acme.test', { name: 'Other' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.key).toBe('errors.appCredential.exists');
      const blank = await call('POST', `${BASE}/Add`, 'admin@beta.test', { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(await createRepositories(t.database.db).appCredentials.findByOrg(beta)).toBeUndefined();
    });

    it('is for administrators of an organisation authorised for open capability only', async () => {
      const member = await call('POST', `${BASE}/Add`, 'mo@acme.test', { name: 'Mine' });
      expect(member.statusCode).toBe(403);
      const gamma = await call('POST', `${BASE}/Add`, 'admin@gamma.test', { name: 'Mine' });
      expect(gamma.statusCode).toBe(403);
      expect(gamma.json().error.key).toBe('errors.openness.notAuthorized');
    });
  });

  describe(`POST ${BASE}/Modify/{id}`, () => {
    it("renames the organisation's own credential and refuses another organisation's with 404", async () => {
      const renamed = await call('POST', `${BASE}/Modify/${added.acme.id}`, 'admin@acme.test', {
        name: 'HR system',
      });
      expect(renamed.json().data).toMatchObject({ id: added.acme.id, name: 'HR system' });
      const foreign = await call('POST', `${BASE}/Modify/${added.acme.id}`, 'admin@beta.test', {
        name: 'Taken over',
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.key).toBe('errors.appCredential.notFound');
      const read = await call('GET', `${BASE}/initialize/appCredential`, 'admin@acme.test');
      expect(read.json().data.credential.name).toBe('HR system');
    });
  });

  describe(`POST ${TOKEN_URL}`, () => {
    it('issues an access token valid 7200 s that names its organisation, unsigned, and says when it expired', async () => {
      const issued = await token(added.acme.appKey, added.acme.appSecret);
      expect(issued.statusCode).toBe(200);
      const { accessToken, expiresIn } = issued.json().data;
      expect(expiresIn).toBe(7200);
      const me = await whoAmI(accessToken);
      expect(me.json().data).toEqual({
        orgId: acme,
        orgName: 'Acme',
        appKey: added.acme.appKey,
        appName: 'HR system',
        expiresAt: t.clock.now() + 7200 * 1000,
      });
      t.clock.advance(7200 * 1000 - 1);
      expect((await whoAmI(accessToken)).statusCode).toBe(200);
      t.clock.advance(1);
      const expired = await whoAmI(accessToken);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.key).toBe('errors.openApi.tokenExpired');
    });

    it('answers a wrong secret, an unknown key and a made-up token 401 without telling which', async () => {
      const wrong = await token(added.acme.appKey, `uas_${'x'.repeat(43)}`);
      const unknown = await token('uak_nobody', added.acme.appSecret);
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error.key).toBe('errors.openApi.badCredential');
      }
      const madeUp = await whoAmI(`uat_${'a'.repeat(43)}`);
      expect(madeUp.json().error.key).toBe('errors.openApi.badToken');
      const none = await t.app.inject({ method: 'GET', url: '/api/Sdk/ucapi/app' });
      expect(none.statusCode).toBe(401);
    });

    it('stops the old secret and every token issued with it when the secret is regenerated', async () => {
      const before = (await token(added.acme.appKey, added.acme.appSecret)).json().data.accessToken;
      const regenerated = await call('POST', `${BASE}/Apply/${added.acme.id}`, 'admin@acme.test');
      expect(regenerated.statusCode).toBe(200);
      const fresh = regenerated.json().data;
      expect(fresh.appKey).toBe(added.acme.appKey);
      expect(fresh.appSecret).not.toBe(added.acme.appSecret);
      expect(fresh.revokedTokens).toBeGreaterThanOrEqual(1);

      const old = await whoAmI(before);
      expect(old.statusCode).toBe(401);
      expect(old.json().error.key).toBe('errors.openApi.badToken');
      expect((await token(added.acme.appKey, added.acme.appSecret)).statusCode).toBe(401);
      const renewed = (await token(added.acme.appKey, fresh.appSecret)).json().data.accessToken;
      expect((await whoAmI(renewed)).json().data.orgId).toBe(acme);
      expect((await logs(acme)).map((row) => row.content)).toEqual([
        expect.stringContaining('HR sync'),
        expect.stringContaining('HR system'),
        expect.stringContaining(fresh.appKey),
      ]);
      added.acme = fresh;

      const foreign = await call('POST', `${BASE}/Apply/${added.acme.id}`, 'admin@beta.test');
      expect(foreign.statusCode).toBe(404);
    });

    it('refuses tokens, old and new, once the open capability is withdrawn', async () => {
      const live = (await token(added.acme.appKey, added.acme.appSecret)).json().data.accessToken;
      const organizations = createRepositories(t.database.db).organizations;
      await organizations.setOpennessAuthorized(acme, false);
      try {
        expect((await whoAmI(live)).statusCode).toBe(403);
        const refused = await token(added.acme.appKey, added.acme.appSecret);
        expect(refused.json().error.key).toBe('errors.openness.notAuthorized');
      } finally {
        await organizations.setOpennessAuthorized(acme, true);
      }
    });

    it('limits token requests per app key and per address, wrong secrets counted', async () => {
      t.clock.advance(60 * 60 * 1000);
      for (let i = 0; i < TOKEN_REQUESTS_PER_KEY; i += 1) {
        await token(added.acme.appKey, 'wrong', `10.1.0.${i % 200}`);
      }
      const limited = await token(added.acme.appKey, added.acme.appSecret, '10.1.1.1');
      expect(limited.statusCode).toBe(429);

      t.clock.advance(60 * 60 * 1000);
      for (let i = 0; i < TOKEN_REQUESTS_PER_ADDRESS; i += 1) {
        await token(`uak_guess${i}`, 'wrong', '10.2.0.1');
      }
      expect((await token(added.acme.appKey, added.acme.appSecret, '10.2.0.1')).statusCode).toBe(429);
      expect((await token(added.acme.appKey, added.acme.appSecret, '10.2.0.2')).statusCode).toBe(200);
    });
  });

  describe('POST /api/messagepush/send with an access token', () => {
    it('authorises the organisation like its push key does', async () => {
      t.clock.advance(60 * 60 * 1000);
      const live = (await token(added.acme.appKey, added.acme.appSecret)).json().data.accessToken;
      const send = (authorization: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/messagepush/send',
          headers: { ...t.signed(), authorization },
          payload: { idempotencyKey: 'k1', product: 'ELN', accountIds: [1], title: 'Hi', text: 'Hello' },
        });
      // Authenticated as Acme, which has no chat-host integration for push: 409, not 401.
      const accepted = await send(`Bearer ${live}`);
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().error.key).toBe('errors.push.notConfigured');
      const bogus = await send(`Bearer uat_${'b'.repeat(43)}`);
      expect(bogus.statusCode).toBe(401);
    });
  });
});
