import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import {
  answeredCaptcha,
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

const CAPTCHA = 'KMPR';

/**
 * The error keys and parameters of five wrong passwords in a row for one account name, from one address,
 * answering the image captcha whenever the previous answer asked for it.
 */
async function fiveFailures(t: TestApp, account: string, ip: string) {
  const answers = [];
  let captcha = {};
  for (let i = 0; i < 5; i += 1) {
    const { response } = await signIn(t, account, `wrong-${i}`, captcha, { ip });
    const { error } = response.json();
    answers.push({ status: response.statusCode, error });
    captcha = error.params?.captcha ? await answeredCaptcha(t, CAPTCHA, ip) : {};
  }
  return answers;
}

describe.each(engines())('sign-in warnings before the lock on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { captchaText: () => CAPTCHA });
    await createTestOrganization(t, 'Warned Lab', {
      admin: { account: 'admin@warned.test' },
      members: [{ realName: 'Forgetful', account: 'forgetful@warned.test' }],
    });
  });
  afterAll(() => t.close());

  const expected = [
    { status: 401, error: { key: 'errors.login.wrongCredentials' } },
    { status: 401, error: { key: 'errors.login.wrongCredentials' } },
    {
      status: 401,
      error: { key: 'errors.login.wrongCredentialsRemaining', params: { remaining: 2, captcha: 1 } },
    },
    {
      status: 401,
      error: { key: 'errors.login.wrongCredentialsRemaining', params: { remaining: 1, captcha: 1 } },
    },
    { status: 403, error: { key: 'errors.login.locked' } },
  ];

  it('says how many tries are left from the third failure, then asks for the captcha, then locks on the fifth', async () => {
    expect(await fiveFailures(t, 'forgetful@warned.test', '192.0.2.1')).toEqual(expected);
  });

  it('answers an unknown account name with the same sequence, so it reveals nothing', async () => {
    expect(await fiveFailures(t, 'nobody@warned.test', '192.0.2.2')).toEqual(expected);
  });

  it('words the warning with the number of tries left in both languages', async () => {
    const answers = [];
    for (const language of ['en-US', 'zh-CN', 'en-US']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/loginV2',
        headers: { ...t.signed(), 'accept-language': language },
        payload: { account: 'admin@warned.test', password: 'nope', agreed: true },
      });
      answers.push(response.json().message);
    }
    expect(answers[0]).toBe('Account or password input wrong, please re-enter');
    expect(answers[1]).toBe('账号或密码输入错误，请重新输入');
    expect(answers[2]).toBe(
      'Account or password input wrong, please re-enter. Attempts left before the account is locked: 2',
    );
  });

  it('starts counting afresh after a successful sign-in', async () => {
    // Three failures on the name so far: the right password needs the captcha too.
    const ok = await signIn(t, 'admin@warned.test', TEST_PASSWORD, await answeredCaptcha(t, CAPTCHA));
    expect(ok.response.statusCode).toBe(200);
    const { response } = await signIn(t, 'admin@warned.test', 'wrong-again');
    expect(response.json().error).toEqual({ key: 'errors.login.wrongCredentials' });
  });
});
