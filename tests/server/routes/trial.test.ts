import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_SENDS_PER_IP_HOUR, HOUR_MS } from '../../../domain/constants';
import { TRIAL_APPLICATIONS_PER_IP_DAY } from '../../../domain/rules/trial';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('trial application on %s', (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let ipCount = 0;
  let mobileCount = 0;
  /** A new client address, so one case's sends do not count against another's. */
  const freshIp = () => `198.51.100.${(ipCount += 1)}`;
  /** A new mobile number, so one case's codes and caps do not touch another's. */
  const freshMobile = () => `1370000${String((mobileCount += 1)).padStart(4, '0')}`;

  function sendCode(mobilePhone: string, ip = freshIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/verificationCode/applyTrialMobile',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      remoteAddress: ip,
      payload: { mobilePhone, checkType: 4 },
    });
  }

  function lastCode(recipient: string): string {
    const line = outbox.findLast((entry) => entry.endsWith(` for ${recipient}`));
    if (!line) throw new Error(`no code printed for ${recipient}`);
    return /^dev outbox: code (\d{6}) for /.exec(line)![1];
  }

  const form = (mobilePhone: string, code: string) => ({
    name: 'Li Lei',
    mobilePhone,
    verificationCode: code,
    email: 'Li.Lei@Example.test',
    company: 'Example Pharma',
    industry: 'pharmaceutical',
    product: 'ELN',
    message: 'We would like to try the notebook.',
    agreed: true,
  });

  function apply(payload: Record<string, unknown>, ip = freshIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/account/applyTrial',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      remoteAddress: ip,
      payload,
    });
  }

  const applications = () => t.database.db.selectFrom('trial_applications').selectAll().execute();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { devOutbox: (line) => outbox.push(line) });
    await createTestOrganization(t, 'Acme Lab', { admin: { account: 'admin@acme.test' } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(2 * HOUR_MS));

  describe('POST /api/verificationCode/applyTrialMobile', () => {
    it('prints a code for the mobile number, never in the answer', async () => {
      const mobile = freshMobile();
      const response = await sendCode(mobile);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Code sent. It is valid for 10 minutes.');
      expect(response.body).not.toContain(lastCode(mobile));
    });

    it('refuses a number that is not a mainland mobile, in words', async () => {
      const response = await sendCode('12345');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.validation.invalidMobile');
      expect(response.json().message).toBe('Wrong mobile number');
    });

    it('refuses a second code to one number within a minute', async () => {
      const mobile = freshMobile();
      expect((await sendCode(mobile)).statusCode).toBe(200);
      const again = await sendCode(mobile);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.key).toBe('errors.request.tooFrequent');
    });

    it('refuses more codes from one address than the hourly limit', async () => {
      const ip = freshIp();
      for (let i = 0; i < CODE_SENDS_PER_IP_HOUR; i += 1)
        expect((await sendCode(freshMobile(), ip)).statusCode).toBe(200);
      expect((await sendCode(freshMobile(), ip)).statusCode).toBe(429);
    });
  });

  describe('POST /api/account/applyTrial', () => {
    it('stores an application whose mobile number a code proved', async () => {
      const mobile = freshMobile();
      await sendCode(mobile);
      const response = await apply(form(mobile, lastCode(mobile)));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 100, message: 'Submitted successfully', data: null });
      const row = (await applications()).find((entry) => entry.mobile === mobile)!;
      expect(row).toMatchObject({
        name: 'Li Lei',
        email: 'li.lei@example.test',
        company: 'Example Pharma',
        industry: 'pharmaceutical',
        product: 'ELN',
        status: 'pending',
        language: 'en-US',
      });
    });

    it('refuses a code that was sent to another number, storing nothing', async () => {
      const [mine, theirs] = [freshMobile(), freshMobile()];
      await sendCode(theirs);
      await sendCode(mine);
      const before = (await applications()).length;
      const response = await apply(
        form(mine, lastCode(theirs) === lastCode(mine) ? '000000' : lastCode(theirs)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.verification.codeWrong');
      expect((await applications()).length).toBe(before);
    });

    it('refuses a code that was never sent', async () => {
      const response = await apply(form(freshMobile(), '123456'));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.verification.codeExpired');
    });

    it('names every bad field: email format, product and industry required', async () => {
      const mobile = freshMobile();
      await sendCode(mobile);
      const response = await apply({
        ...form(mobile, lastCode(mobile)),
        email: 'not-an-email',
        product: '',
        industry: 'mining',
        name: ' ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toMatch(/^errors\.(trial\.|validation\.allSpaces)/);
      expect(response.json().message).toMatch(/Wrong Email|Please choose|Cannot be all spaces/);
      expect((await applications()).some((entry) => entry.mobile === mobile)).toBe(false);
    });

    it.each([
      ['left unticked', { agreed: false }],
      ['missing', { agreed: undefined }],
    ])('refuses the application with the agreement %s (SPEC §5), storing nothing', async (_case, tick) => {
      const mobile = freshMobile();
      await sendCode(mobile);
      const response = await apply({ ...form(mobile, lastCode(mobile)), ...tick });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.login.agreementRequired');
      expect(response.json().message).toBe('Please agree to the Terms of Service and Privacy Policy');
      expect((await applications()).some((entry) => entry.mobile === mobile)).toBe(false);
    });

    it('refuses a company made only of spaces (SPEC §5), storing nothing', async () => {
      const mobile = freshMobile();
      await sendCode(mobile);
      const response = await apply({ ...form(mobile, lastCode(mobile)), company: '   ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        key: 'errors.validation.allSpaces',
        params: { field: 'company' },
      });
      expect(response.json().message).toBe('Cannot be all spaces');
      expect((await applications()).some((entry) => entry.mobile === mobile)).toBe(false);
    });

    it('refuses an over-long message', async () => {
      const mobile = freshMobile();
      await sendCode(mobile);
      const response = await apply({ ...form(mobile, lastCode(mobile)), message: 'x'.repeat(501) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.key).toBe('errors.trial.messageTooLong');
    });

    it('takes one application per mobile number a day', async () => {
      const mobile = freshMobile();
      await sendCode(mobile);
      expect((await apply(form(mobile, lastCode(mobile)))).statusCode).toBe(200);
      t.clock.advance(2 * 60_000);
      await sendCode(mobile);
      const again = await apply(form(mobile, lastCode(mobile)));
      expect(again.statusCode).toBe(429);
      expect(again.json().error.key).toBe('errors.trial.tooManyApplications');
      expect((await applications()).filter((entry) => entry.mobile === mobile)).toHaveLength(1);
    });

    it(`takes ${TRIAL_APPLICATIONS_PER_IP_DAY} applications from one address a day`, async () => {
      const ip = freshIp();
      for (let i = 0; i <= TRIAL_APPLICATIONS_PER_IP_DAY; i += 1) {
        const mobile = freshMobile();
        await sendCode(mobile);
        const response = await apply(form(mobile, lastCode(mobile)), ip);
        expect(response.statusCode).toBe(i < TRIAL_APPLICATIONS_PER_IP_DAY ? 200 : 429);
      }
    });
  });

  describe("SPEC §7's other names of the application (registration is the trial application)", () => {
    const post = (url: string, payload: object, ip = freshIp()) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...t.signed(), 'accept-language': 'en-US' },
        remoteAddress: ip,
        payload,
      });

    it('POST TemporaryUser/SendCode sends the application code, within the same limits', async () => {
      const mobile = freshMobile();
      const sent = await post('/api/TemporaryUser/SendCode', { mobilePhone: mobile });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().message).toBe('Code sent. It is valid for 10 minutes.');
      expect(lastCode(mobile)).toMatch(/^\d{6}$/);
      // The same code's resend wait: a second code to the number within a minute is refused on either path.
      expect((await sendCode(mobile)).statusCode).toBe(429);
      const bad = await post('/api/TemporaryUser/SendCode', { mobilePhone: '12345' });
      expect(bad.json().error.key).toBe('errors.validation.invalidMobile');
    });

    it.each(['/api/account/freeTrial', '/api/account/register', '/api/TemporaryUser/RegisterApply'])(
      '%s stores the application as applyTrial does, and refuses it without the agreement',
      async (url) => {
        const mobile = freshMobile();
        await post('/api/TemporaryUser/SendCode', { mobilePhone: mobile });
        const unticked = await post(url, { ...form(mobile, lastCode(mobile)), agreed: false });
        expect(unticked.statusCode).toBe(400);
        expect(unticked.json().message).toBe('Please agree to the Terms of Service and Privacy Policy');
        expect((await applications()).some((entry) => entry.mobile === mobile)).toBe(false);

        const stored = await post(url, form(mobile, lastCode(mobile)));
        expect(stored.statusCode).toBe(200);
        expect(stored.json()).toEqual({ code: 100, message: 'Submitted successfully', data: null });
        const row = (await applications()).find((entry) => entry.mobile === mobile)!;
        expect(row).toMatchObject({ name: 'Li Lei', company: 'Example Pharma', status: 'pending' });
      },
    );
  });

  it('answers 404 when the register module is off, on every path of the application', async () => {
    const off = await createTestApp(engine, { MODULE_REGISTER: 'false' });
    try {
      for (const url of [
        '/api/verificationCode/applyTrialMobile',
        '/api/TemporaryUser/SendCode',
        '/api/account/freeTrial',
        '/api/account/register',
        '/api/TemporaryUser/RegisterApply',
      ]) {
        const response = await off.app.inject({
          method: 'POST',
          url,
          headers: off.signed(),
          payload: { mobilePhone: '13700000001' },
        });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
