import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS, MINUTE_MS } from '../../../domain/constants';
import { PHOTO_MAX_BYTES } from '../../../domain/rules/personal';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe.each(engines())('personal info (/person) on %s', (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let ada: { cookie: string; id: number };
  let bob: { cookie: string; id: number };
  let eve: { cookie: string; id: number };
  let admin: { cookie: string; id: number };
  let ip = 0;

  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: object,
    remoteAddress = '127.0.0.1',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...t.signed(), cookie },
      ...(payload ? { payload } : {}),
    });
  const upload = (cookie: string, body: Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      headers: { ...t.signed(), cookie, 'content-type': type },
      payload: body,
    });
  /** A fresh proof of the owner (the current password) that a change of sign-in address needs. */
  const proofOf = async (who: { cookie: string }): Promise<string> =>
    (
      await request('POST', '/api/account/identifierChangeProof', who.cookie, { password: TEST_PASSWORD })
    ).json().data.ProofToken;
  /** Asks for a code to `address` (each from its own IP, so the per-IP cap stays out of the way). */
  const sendCode = async (
    who: { cookie: string },
    kind: 'mobile' | 'email',
    address: string,
    proofToken?: string,
  ) =>
    request(
      'POST',
      `/api/verificationCode/${kind}`,
      who.cookie,
      { account: address, checkType: 3, proofToken: proofToken ?? (await proofOf(who)) },
      `10.1.0.${++ip}`,
    );
  const codeFor = (address: string) => {
    const line = [...outbox].reverse().find((entry) => entry.endsWith(` for ${address}`));
    return /code (\d{6}) /.exec(line ?? '')?.[1] ?? '';
  };
  const signedIn = async (account: string) => {
    const { response, cookie } = await signIn(t, account);
    return { cookie, id: response.json().data.AccountInfo.ID as number };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { devOutbox: (line) => outbox.push(line) });
    await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@lab.test' },
      members: [
        { realName: 'Ada', account: 'ada@lab.test' },
        { realName: 'Bob', account: '13900000002' },
      ],
    });
    await createTestOrganization(t, 'Other', { admin: { account: 'eve@other.test', realName: 'Eve' } });
    ada = await signedIn('ada@lab.test');
    bob = await signedIn('13900000002');
    eve = await signedIn('eve@other.test');
    admin = await signedIn('admin@lab.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/account/manageDetail/{id}', () => {
    it("answers the member's own personal info", async () => {
      const response = await request('GET', `/api/account/manageDetail/${ada.id}`, ada.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        ID: ada.id,
        RealName: 'Ada',
        Photo: '',
        MobilePhone: '',
        Email: 'ada@lab.test',
        IndustryArea: '',
      });
    });

    it('lets an administrator read any member of their own organisation', async () => {
      const response = await request('GET', `/api/account/manageDetail/${bob.id}`, admin.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ ID: bob.id, RealName: 'Bob', MobilePhone: '13900000002' });
      const own = await request('GET', `/api/account/manageDetail/${admin.id}`, admin.cookie);
      expect(own.json().data).toMatchObject({ ID: admin.id, Email: 'admin@lab.test' });
    });

    it("refuses a member asking about someone else (403); another organisation's is not found (404)", async () => {
      const member = await request('GET', `/api/account/manageDetail/${bob.id}`, ada.cookie);
      expect(member.statusCode).toBe(403);
      expect(member.json().error.key).toBe('errors.auth.noPermission');
      expect(member.body).not.toContain('13900000002');
      const foreign = await request('GET', `/api/account/manageDetail/${ada.id}`, eve.cookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).not.toContain('ada@lab.test');
      const unknown = await request('GET', '/api/account/manageDetail/999999', admin.cookie);
      expect(unknown.statusCode).toBe(404);
      expect((await request('GET', `/api/account/manageDetail/${ada.id}`, '')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/account/manageModify/{userId}', () => {
    it('saves the name (trimmed) and the industry area', async () => {
      const response = await request('PUT', `/api/account/manageModify/${ada.id}`, ada.cookie, {
        RealName: '  Ada Lovelace ',
        IndustryArea: 'pharmaceutical',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        RealName: 'Ada Lovelace',
        IndustryArea: 'pharmaceutical',
      });
      const current = await request('GET', '/api/account/current', ada.cookie);
      expect(current.json().data.AccountInfo.RealName).toBe('Ada Lovelace');
    });

    it('refuses IsOrganAdmin, OrgID or any other field in the body, and changes nothing', async () => {
      for (const extra of [{ IsOrganAdmin: 1 }, { OrgID: 2 }, { Email: 'x@y.test' }]) {
        const response = await request('PUT', `/api/account/manageModify/${bob.id}`, bob.cookie, {
          RealName: 'Bob Admin',
          IndustryArea: '',
          ...extra,
        });
        expect(response.statusCode).toBe(400);
      }
      const row = await t.database.db
        .selectFrom('accounts')
        .select(['real_name', 'is_org_admin', 'org_id'])
        .where('id', '=', bob.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ real_name: 'Bob', is_org_admin: 0 });
    });

    it('refuses an empty name, one of spaces and an unknown industry with their keys', async () => {
      const empty = await request('PUT', `/api/account/manageModify/${bob.id}`, bob.cookie, {
        RealName: '',
        IndustryArea: '',
      });
      expect(empty.json().error.key).toBe('errors.personal.nameRequired');
      const blank = await request('PUT', `/api/account/manageModify/${bob.id}`, bob.cookie, {
        RealName: '   ',
        IndustryArea: '',
      });
      expect(blank.json().error.key).toBe('errors.validation.allSpaces');
      const unknown = await request('PUT', `/api/account/manageModify/${bob.id}`, bob.cookie, {
        RealName: 'Bob',
        IndustryArea: 'astrology',
      });
      expect(unknown.json().error.key).toBe('errors.personal.industryUnknown');
    });

    it("never writes another account's, in the organisation or outside it", async () => {
      const body = { RealName: 'Hijacked', IndustryArea: '' };
      expect((await request('PUT', `/api/account/manageModify/${bob.id}`, ada.cookie, body)).statusCode).toBe(
        404,
      );
      expect((await request('PUT', `/api/account/manageModify/${ada.id}`, eve.cookie, body)).statusCode).toBe(
        404,
      );
      const names = await t.database.db.selectFrom('accounts').select('real_name').execute();
      expect(names.map((row) => row.real_name)).not.toContain('Hijacked');
    });
  });

  it("GET /api/systemCode/industryArea names the choices in the caller's language", async () => {
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/systemCode/industryArea',
      headers: { cookie: ada.cookie, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data[0]).toEqual({ Value: 'pharmaceutical', Name: '制药' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/systemCode/industryArea',
      headers: { cookie: ada.cookie, 'accept-language': 'en-US' },
    });
    expect(en.json().data[0]).toEqual({ Value: 'pharmaceutical', Name: 'Pharmaceuticals' });
  });

  describe('changing the mobile number or email', () => {
    it('sends the code to the new address and changes it with that code', async () => {
      const proofToken = await proofOf(ada);
      expect((await sendCode(ada, 'mobile', '13800000001', proofToken)).statusCode).toBe(200);
      const code = codeFor('13800000001');
      expect(code).toMatch(/^\d{6}$/);
      const response = await request('PUT', '/api/account/modifyMobilePhone', ada.cookie, {
        accountId: ada.id,
        mobilePhone: '13800000001',
        verificationCode: code,
        proofToken,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ ID: ada.id, MobilePhone: '13800000001' });
      // the new number signs in
      expect((await signIn(t, '13800000001')).response.statusCode).toBe(200);
    });

    it('changes the email (normalised to lower case) the same way', async () => {
      const proofToken = await proofOf(bob);
      expect((await sendCode(bob, 'email', ' Bob@Lab.test ', proofToken)).statusCode).toBe(200);
      const response = await request('PUT', '/api/account/modifyEmail', bob.cookie, {
        accountId: bob.id,
        email: 'BOB@lab.test',
        verificationCode: codeFor('bob@lab.test'),
        proofToken,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.Email).toBe('bob@lab.test');
    });

    it('refuses a code sent to another address', async () => {
      const proofToken = await proofOf(bob);
      await sendCode(bob, 'email', 'bob2@lab.test', proofToken);
      const code = codeFor('bob2@lab.test');
      const response = await request('PUT', '/api/account/modifyEmail', bob.cookie, {
        accountId: bob.id,
        email: 'bob3@lab.test',
        verificationCode: code,
        proofToken,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.verification.codeExpired');
    });

    it('refuses a code another account asked for, even when it is right', async () => {
      await sendCode(eve, 'email', 'shared@lab.test');
      const response = await request('PUT', '/api/account/modifyEmail', bob.cookie, {
        accountId: bob.id,
        email: 'shared@lab.test',
        verificationCode: codeFor('shared@lab.test'),
        proofToken: await proofOf(bob),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.verification.codeWrong');
      const emails = await t.database.db.selectFrom('accounts').select('email').execute();
      expect(emails.map((row) => row.email)).not.toContain('shared@lab.test');
    });

    it('refuses a wrong code, then an expired one', async () => {
      const proofToken = await proofOf(bob);
      await sendCode(bob, 'mobile', '13800000009', proofToken);
      const right = codeFor('13800000009');
      const wrong = right === '000000' ? '111111' : '000000';
      const body = { accountId: bob.id, mobilePhone: '13800000009', proofToken };
      const bad = await request('PUT', '/api/account/modifyMobilePhone', bob.cookie, {
        ...body,
        verificationCode: wrong,
      });
      expect(bad.json().error.key).toBe('errors.verification.codeWrong');
      t.clock.advance(CODE_TTL_MS + MINUTE_MS);
      // The proof of the owner has run out too: a fresh one, so the answer is the code's.
      const late = await request('PUT', '/api/account/modifyMobilePhone', bob.cookie, {
        ...body,
        proofToken: await proofOf(bob),
        verificationCode: right,
      });
      expect(late.json().error.key).toBe('errors.verification.codeExpired');
    });

    it("never changes another account's address, whatever accountId says", async () => {
      await sendCode(ada, 'email', 'ada.new@lab.test');
      const response = await request('PUT', '/api/account/modifyEmail', ada.cookie, {
        accountId: bob.id,
        email: 'ada.new@lab.test',
        verificationCode: codeFor('ada.new@lab.test'),
        proofToken: await proofOf(ada),
      });
      expect(response.statusCode).toBe(404);
    });

    it('refuses a bad format, the present address and one another account holds, sending nothing', async () => {
      const before = outbox.length;
      expect((await sendCode(ada, 'mobile', '12345')).json().error.key).toBe('errors.personal.mobileFormat');
      expect((await sendCode(ada, 'email', 'not-an-email')).json().error.key).toBe(
        'errors.personal.emailFormat',
      );
      expect((await sendCode(ada, 'email', 'ada@lab.test')).json().error.key).toBe(
        'errors.personal.sameAddress',
      );
      const taken = await sendCode(ada, 'email', 'admin@lab.test');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.key).toBe('errors.personal.emailTaken');
      expect(outbox.length).toBe(before);
    });

    it('refuses checkType other than 3 and extra fields', async () => {
      const response = await request('POST', '/api/verificationCode/email', ada.cookie, {
        account: 'ada9@lab.test',
        checkType: 1,
        proofToken: await proofOf(ada),
      });
      expect(response.statusCode).toBe(400);
    });

    it("sends at most one code a minute to an address (the verification codes' limits)", async () => {
      const proofToken = await proofOf(ada);
      expect((await sendCode(ada, 'email', 'ada.limit@lab.test', proofToken)).statusCode).toBe(200);
      const again = await sendCode(ada, 'email', 'ada.limit@lab.test', proofToken);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.key).toBe('errors.request.tooFrequent');
    });
  });

  describe('POST /api/account/photo', () => {
    it('stores a png or jpeg checked by its bytes and serves it to the organisation only', async () => {
      const saved = await upload(ada.cookie, PNG, 'image/png');
      expect(saved.statusCode).toBe(200);
      const url: string = saved.json().data.Photo;
      expect(url).toMatch(new RegExp(`^/api/account/photo/${ada.id}\\?v=\\d+$`));
      const image = await t.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
      const outsider = await t.app.inject({ method: 'GET', url, headers: { cookie: eve.cookie } });
      expect(outsider.statusCode).toBe(404);
      expect((await upload(bob.cookie, JPEG)).statusCode).toBe(200);
      const current = await request('GET', '/api/account/current', ada.cookie);
      expect(current.json().data.AccountInfo.Photo).toBe(url);
    });

    it('refuses a renamed file, an empty body and one over the limit, changing nothing', async () => {
      const before = (await request('GET', `/api/account/manageDetail/${bob.id}`, bob.cookie)).json().data
        .Photo;
      const text = await upload(bob.cookie, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
      expect(text.statusCode).toBe(415);
      expect(text.json().error.key).toBe('errors.personal.photoFormat');
      expect((await upload(bob.cookie, Buffer.alloc(0))).json().error.key).toBe(
        'errors.personal.photoMissing',
      );
      const large = await upload(bob.cookie, Buffer.concat([PNG, Buffer.alloc(PHOTO_MAX_BYTES)]));
      expect(large.statusCode).toBe(413);
      expect(large.json().error.key).toBe('errors.personal.photoTooLarge');
      const after = (await request('GET', `/api/account/manageDetail/${bob.id}`, bob.cookie)).json().data
        .Photo;
      expect(after).toBe(before);
    });
  });

  describe('GET /api/Account/SetGuided/{type} and POST /api/account/setCurLang/{lang}', () => {
    it('marks the personal-centre tour done and keeps the language, for the caller only', async () => {
      const guided = await request('GET', '/api/Account/SetGuided/PersonalCenter', bob.cookie);
      expect(guided.statusCode).toBe(200);
      const lang = await request('POST', '/api/account/setCurLang/en-US', bob.cookie);
      expect(lang.statusCode).toBe(200);
      const current = (await request('GET', '/api/account/current', bob.cookie)).json().data;
      expect(current).toMatchObject({ IsPersonalCenterGuided: true, Lang: 'en-US' });
      const other = (await request('GET', '/api/account/current', ada.cookie)).json().data;
      expect(other.IsPersonalCenterGuided).toBe(false);
    });

    it('refuses an unknown tour type and an unsigned call', async () => {
      expect((await request('GET', '/api/Account/SetGuided/Everything', bob.cookie)).statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'GET',
        url: '/api/Account/SetGuided/Home',
        headers: { cookie: bob.cookie },
      });
      expect(unsigned.statusCode).toBe(400);
    });
  });
});
