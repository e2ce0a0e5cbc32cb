import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../../../domain/constants';
import {
  emptyDataSchema,
  envelopeSchema,
  failureEnvelopeSchema,
  withFailures,
} from '../../../domain/schemas/common';
import { envelopePlugin, ok } from '../../../server/plugins/envelope';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

describe.each(engines())('failure envelope on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Envelope Lab', {
      admin: { account: 'admin@envelope.test' },
      members: [{ realName: 'Member', account: 'member@envelope.test' }],
    });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: { ...t.signed(), ...(language ? { 'accept-language': language } : {}) },
      payload: { account: 'admin@envelope.test', password: TEST_PASSWORD, agreed: true, ...payload },
    });

  describe('over-long sign-in input', () => {
    it('names the account and its limit, in Chinese', async () => {
      const response = await login({ account: 'a'.repeat(5000) }, 'zh-CN');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: `账号不能超过 ${ACCOUNT_MAX_LENGTH} 个字符`,
        error: { key: 'errors.login.accountTooLong', params: { field: 'account', max: ACCOUNT_MAX_LENGTH } },
      });
    });

    it('names the account and its limit, in English', async () => {
      const response = await login({ account: 'a'.repeat(5000) }, 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        `The account cannot be longer than ${ACCOUNT_MAX_LENGTH} characters`,
      );
    });

    it('names the password and its limit', async () => {
      const response = await login({ password: 'p'.repeat(5000) }, 'en-US');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        key: 'errors.login.passwordTooLong',
        params: { field: 'password', max: LOGIN_PASSWORD_MAX_LENGTH },
      });
      expect(response.json().message).toBe(
        `The password cannot be longer than ${LOGIN_PASSWORD_MAX_LENGTH} characters`,
      );
    });

    it('takes a long passphrase up to the limit and checks it like any password', async () => {
      const response = await login({ password: 'p'.repeat(LOGIN_PASSWORD_MAX_LENGTH) });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.key).toBe('errors.login.wrongCredentials');
    });
  });

  describe('declared failure answers', () => {
    it('sends a 400 that matches the failure envelope exactly', async () => {
      const response = await login({ agreed: false });
      expect(response.statusCode).toBe(400);
      expect(failureEnvelopeSchema.strict().parse(response.json()).error.key).toBe(
        'errors.login.agreementRequired',
      );
    });

    it('sends a 401 that matches the failure envelope exactly', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/account/current' });
      expect(response.statusCode).toBe(401);
      expect(failureEnvelopeSchema.strict().parse(response.json())).toEqual({
        code: 401,
        message: '请先登录',
        error: { key: 'errors.auth.required' },
      });
    });

    it('sends a 403 and a 404 that match the failure envelope exactly', async () => {
      const { cookie } = await signIn(t, 'member@envelope.test');
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/account/basic/999999',
        headers: { cookie },
      });
      expect(other.statusCode).toBe(403);
      expect(failureEnvelopeSchema.strict().parse(other.json()).error.key).toBe('errors.auth.noPermission');
      const admin = await signIn(t, 'admin@envelope.test');
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/account/basic/999999',
        headers: { cookie: admin.cookie },
      });
      expect(missing.statusCode).toBe(404);
      expect(failureEnvelopeSchema.strict().parse(missing.json())).toEqual({
        code: 404,
        message: '您访问的资源不存在',
        error: { key: 'errors.request.notFound' },
      });
    });

    it('sends a 409 for a replay that matches the failure envelope exactly', async () => {
      const headers = t.signed();
      const payload = { account: 'admin@envelope.test', password: TEST_PASSWORD, agreed: true };
      await t.app.inject({ method: 'POST', url: '/api/account/login', headers, payload });
      const replay = await t.app.inject({ method: 'POST', url: '/api/account/login', headers, payload });
      expect(replay.statusCode).toBe(409);
      expect(failureEnvelopeSchema.strict().parse(replay.json()).error.key).toBe('errors.request.replayed');
    });
  });
});

describe('failure declarations', () => {
  const build = async (
    response: Record<number, z.ZodType>,
    config: {
      access?: 'public';
      allowDuringPasswordChange?: boolean;
      allowWhileLocked?: boolean;
      allowForTrial?: boolean;
    } = {},
  ) => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(envelopePlugin);
    app.get('/api/probe', { config, schema: { response } }, async () => ok(null));
    return app;
  };
  const success = { 200: envelopeSchema(emptyDataSchema) };

  it('stops start-up when an API route does not declare its failure answers', async () => {
    await expect(build(success)).rejects.toThrow(/GET \/api\/probe must declare .*400, 401, 403, 500/);
    await expect(build(success, { access: 'public' })).rejects.toThrow(/400, 500/);
    // Routes a session may still call while it must change its password, while its screen is locked and
    // as a trial cannot answer those 403s; one open in only some of those states still can.
    await expect(build(success, { allowDuringPasswordChange: true })).rejects.toThrow(
      /for 400, 401, 403, 500:/,
    );
    await expect(
      build(success, { allowDuringPasswordChange: true, allowWhileLocked: true, allowForTrial: true }),
    ).rejects.toThrow(/for 400, 401, 500:/);
  });

  it('accepts a route that declares them', async () => {
    const app = await build(withFailures(success, [400, 401, 403, 500]));
    expect((await app.inject({ method: 'GET', url: '/api/probe' })).statusCode).toBe(200);
    await app.close();
  });
});
