import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_IP_LIMIT, CAPTCHA_TTL_MS, HOUR_MS } from '../../../domain/constants';
import { createTestApp, createTestOrganization, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('captcha on %s', (engine) => {
  let t: TestApp;
  let nextText = 'ACDE';
  const outbox: string[] = [];

  /** A new captcha for `ip` whose answer is `text`. */
  async function captcha(text: string, ip = '198.51.100.1') {
    nextText = text;
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
    expect(response.statusCode).toBe(200);
    return response.json().data as { CaptchaId: string; Image: string; ExpiresAt: number };
  }

  /** Asks for a reset code with a captcha answer; what it answers. */
  function sendCode(captchaId: string, validCode: string, account = 'chemist@acme.test') {
    return t.app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/SendCode',
      headers: { ...t.signed(), 'accept-language': 'en-US' },
      remoteAddress: '198.51.100.1',
      payload: { account, codeType: 2, captchaId, validCode },
    });
  }

  const codesSent = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('verification_codes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {},
      { devOutbox: (line) => outbox.push(line), captchaText: () => nextText },
    );
    await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@acme.test' },
      members: [{ realName: 'Chemist', account: 'chemist@acme.test' }],
    });
  });
  afterAll(() => t.close());
  // Each case starts after every earlier send window and captcha has run out.
  beforeEach(() => t.clock.advance(2 * HOUR_MS));

  describe('GET /api/captcha', () => {
    it('answers a 120×32 SVG image and an id, never the answer', async () => {
      const answer = await captcha('KM7P');
      expect(answer.CaptchaId).toMatch(/^[\w-]{22}$/);
      expect(answer.ExpiresAt).toBe(t.clock.now() + CAPTCHA_TTL_MS);
      expect(answer.Image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(answer.Image.split(',')[1], 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="120" height="32"/);
      expect(svg).not.toMatch(/KM7P/i);
      expect(JSON.stringify(answer)).not.toMatch(/KM7P/i);
    });

    it('stores only a hash of the answer, with the time it expires', async () => {
      const { CaptchaId } = await captcha('RT4X');
      const row = await t.database.db
        .selectFrom('captchas')
        .selectAll()
        .where('id', '=', CaptchaId)
        .executeTakeFirstOrThrow();
      expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toMatch(/RT4X/i);
      expect(Number(row.expires_at)).toBe(t.clock.now() + CAPTCHA_TTL_MS);
    });

    it(`answers 'too frequent' after ${CAPTCHA_IP_LIMIT} captchas from one address, and not to another`, async () => {
      const ip = '203.0.113.77';
      for (let i = 0; i < CAPTCHA_IP_LIMIT; i += 1) await captcha('ACDE', ip);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/captcha',
        remoteAddress: ip,
        headers: { 'accept-language': 'en-US' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        message: 'The operation is too frequent. Please try again later.',
        error: { key: 'errors.request.tooFrequent' },
      });
      await captcha('ACDE', '203.0.113.78');
    });
  });

  describe('checking an answer', () => {
    it('takes the answer in any case', async () => {
      const { CaptchaId } = await captcha('KM7P');
      const response = await sendCode(CaptchaId, 'km7p');
      expect(response.statusCode).toBe(200);
    });

    it('refuses a wrong answer with SPEC message, sends nothing and uses the captcha up', async () => {
      const [before, printed] = [await codesSent(), outbox.length];
      const { CaptchaId } = await captcha('KM7P');
      const wrong = await sendCode(CaptchaId, 'KM7R');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Security verification code error',
        error: { key: 'errors.captcha.wrong' },
      });
      const right = await sendCode(CaptchaId, 'KM7P');
      expect(right.statusCode).toBe(400);
      expect(right.json().error.key).toBe('errors.captcha.expired');
      expect(await codesSent()).toBe(before);
      expect(outbox).toHaveLength(printed);
    });

    it('refuses a captcha used once already', async () => {
      const { CaptchaId } = await captcha('HN3W');
      expect((await sendCode(CaptchaId, 'HN3W')).statusCode).toBe(200);
      const count = await codesSent();
      t.clock.advance(2 * HOUR_MS);
      const reused = await sendCode(CaptchaId, 'HN3W');
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({
        message: 'The image code has expired. Please enter the new one.',
        error: { key: 'errors.captcha.expired' },
      });
      expect(await codesSent()).toBe(count);
    });

    it('refuses a captcha past its five minutes', async () => {
      const { CaptchaId } = await captcha('FY9C');
      t.clock.advance(CAPTCHA_TTL_MS);
      const late = await sendCode(CaptchaId, 'FY9C');
      expect(late.statusCode).toBe(400);
      expect(late.json().error.key).toBe('errors.captcha.expired');
    });

    it('refuses an id it never gave out and an answer that is not 4 letters or digits', async () => {
      const unknown = await sendCode('not-a-captcha-id', 'ACDE');
      expect(unknown.json().error.key).toBe('errors.captcha.expired');
      const { CaptchaId } = await captcha('ACDE');
      const malformed = await sendCode(CaptchaId, 'AC-E');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        message: 'The image code is 4 letters or digits',
        error: { key: 'errors.captcha.format', params: { field: 'validCode' } },
      });
      const huge = await sendCode('x'.repeat(10_000), 'y'.repeat(10_000));
      expect(huge.statusCode).toBe(400);
    });
  });
});
