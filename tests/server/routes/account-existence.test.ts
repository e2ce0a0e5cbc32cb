import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/constants';
import {
  EXISTENCE_CHECK_WINDOW_MS,
  EXISTENCE_CHECKS_PER_WINDOW,
} from '../../../server/services/account-existence-service';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('POST /api/account/isExistMobile and isExistEmail on %s', (engine) => {
  let t: TestApp;
  let adminCookie: string;
  let memberCookie: string;
  let ipCount = 0;
  /** A new client address, so one case's checks do not count against another's. */
  const freshIp = () => `203.0.113.${(ipCount += 1)}`;

  const ask = (
    kind: 'Mobile' | 'Email',
    value: string,
    { cookie = '', ip = freshIp(), language = 'en-US' } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/isExist${kind}`,
      remoteAddress: ip,
      headers: { ...t.signed(), cookie, 'accept-language': language },
      payload: kind === 'Mobile' ? { mobilePhone: value } : { email: value },
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [{ realName: 'Chemist', account: '13900000001' }],
    });
    await createTestOrganization(t, 'Rival Lab', {
      admin: { account: 'admin@rival.test' },
      members: [{ realName: 'Rival', account: 'Someone@Rival.test' }],
    });
    adminCookie = (await signIn(t, 'admin@acme.test')).cookie;
    memberCookie = (await signIn(t, '13900000001')).cookie;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(EXISTENCE_CHECK_WINDOW_MS));

  it('tells an administrator whether an account signs in with it, compared as stored', async () => {
    const taken = await ask('Mobile', '+86 139 0000 0001', { cookie: adminCookie });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ code: 100, message: '', data: true });
    expect((await ask('Mobile', '13700000009', { cookie: adminCookie })).json().data).toBe(false);
    // Unique in the deployment: adding a member with another organisation's address is refused as well.
    expect((await ask('Email', ' someone@RIVAL.test ', { cookie: adminCookie })).json().data).toBe(true);
    expect((await ask('Email', 'nobody@rival.test', { cookie: adminCookie })).json().data).toBe(false);
  });

  it('answers every other caller alike, signed out or a member, whether the account exists or not', async () => {
    const answers = [];
    for (const cookie of ['', memberCookie]) {
      for (const [kind, value] of [
        ['Mobile', '13900000001'],
        ['Mobile', '13700000009'],
        ['Email', 'admin@acme.test'],
        ['Email', 'nobody@acme.test'],
      ] as const) {
        const response = await ask(kind, value, { cookie });
        expect(response.statusCode).toBe(200);
        answers.push(response.body);
      }
    }
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ code: 100, message: '', data: null })]));
  });

  it('refuses a malformed number or address in words, in both languages', async () => {
    const mobile = await ask('Mobile', '12345');
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json()).toMatchObject({
      message: 'Wrong mobile number',
      error: { key: 'errors.validation.invalidMobile', params: { field: 'mobilePhone' } },
    });
    const email = await ask('Email', 'not-an-email', { language: 'zh-CN' });
    expect(email.json()).toMatchObject({
      message: '邮箱错误',
      error: { key: 'errors.validation.invalidEmail' },
    });
    expect((await ask('Email', '13900000001')).json().error.key).toBe('errors.validation.invalidEmail');
    const blank = await ask('Mobile', '   ');
    expect(blank.json().error.key).toBe('errors.validation.allSpaces');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/account/isExistMobile',
      payload: { mobilePhone: '13900000001' },
    });
    expect(unsigned.statusCode).toBe(400);
  });

  it(`takes ${EXISTENCE_CHECKS_PER_WINDOW} checks from one address per window, then 429 until it passes`, async () => {
    const ip = freshIp();
    for (let i = 0; i < EXISTENCE_CHECKS_PER_WINDOW; i += 1) {
      expect((await ask('Mobile', `1370000${String(i).padStart(4, '0')}`, { ip })).statusCode).toBe(200);
    }
    const refused = await ask('Email', 'another@acme.test', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'The operation is too frequent. Please try again later.',
      error: { key: 'errors.request.tooFrequent' },
    });
    t.clock.advance(EXISTENCE_CHECK_WINDOW_MS + MINUTE_MS);
    expect((await ask('Email', 'another@acme.test', { ip })).statusCode).toBe(200);
  });

  it("counts an administrator's checks across addresses too", async () => {
    for (let i = 0; i < EXISTENCE_CHECKS_PER_WINDOW; i += 1) {
      expect((await ask('Mobile', '13900000001', { cookie: adminCookie })).statusCode).toBe(200);
    }
    expect((await ask('Mobile', '13900000001', { cookie: adminCookie })).statusCode).toBe(429);
    // A caller that is not the administrator, from a new address, is not held back by the administrator's count.
    expect((await ask('Mobile', '13900000001')).statusCode).toBe(200);
  });
});
