import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/core/config';
import { createOrganization } from '../../server/provisioning';
import { signedHeaders } from '../helpers/signed-headers';
import { createTestDatabase, engines, type TestDatabase } from '../helpers/test-database';

const PASSWORD = 'Lab#Pass2026-Quartz';
const WRONG_PASSWORD = 'Wrong#Guess-Pelican-77';
const RESET_PASSWORD = 'Reset#Harbour-Tangent-31';
const CHANGED_PASSWORD = 'Changed#Meadow-Zircon-58';
const CAPTCHA = 'QXWZ';

describe.each(engines())('JSON request logs of a whole run on %s', (engine) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let output = '';
  const outbox: string[] = [];
  const config = loadConfig({
    STATIC_DIR: '/nonexistent-client',
    SEED_DEMO: 'false',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'trace',
  });
  const signed = () => signedHeaders(config.signingKey, Date.now());
  let orgId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ orgId } = await createOrganization(
      database.db,
      {
        name: 'Logged Lab',
        products: [],
        admin: { realName: 'Ada', account: 'ada@logged.test', password: PASSWORD },
      },
      Date.now(),
    ));
    const destination = new PassThrough();
    destination.on('data', (chunk: Buffer) => (output += chunk.toString()));
    app = await buildApp(config, database, {
      logDestination: destination,
      devOutbox: (line) => outbox.push(line),
      captchaText: () => CAPTCHA,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const signIn = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      headers: signed(),
      payload: { account: 'ada@logged.test', password, agreed: true },
    });

  it('writes one line per request with its id, organisation, route, status and duration, and no secret', async () => {
    const secrets: string[] = [PASSWORD, WRONG_PASSWORD, RESET_PASSWORD, CHANGED_PASSWORD, CAPTCHA];
    expect((await signIn(WRONG_PASSWORD)).statusCode).toBe(401);
    const signedIn = await signIn(PASSWORD);
    const token = signedIn.cookies.find((c) => c.name === 'uc_session')!.value;
    secrets.push(token);
    const cookie = `uc_session=${token}`;
    expect(
      (await app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } })).statusCode,
    ).toBe(200);

    // A password reset: captcha, a code sent, the code verified for a reset token, the new password.
    const captcha = await app.inject({ method: 'GET', url: '/api/captcha' });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/Account/ModifyPassword/SendCode',
      headers: signed(),
      payload: {
        account: 'ada@logged.test',
        codeType: 2,
        captchaId: captcha.json().data.CaptchaId,
        validCode: CAPTCHA,
      },
    });
    expect(sent.statusCode).toBe(200);
    const code = /^dev outbox: code (\d{6}) for /.exec(outbox.at(-1) ?? '')![1];
    secrets.push(code);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/Account/Code/Verify',
      headers: signed(),
      payload: { Account: 'ada@logged.test', VerificationCode: code },
    });
    const resetToken = verified.json().data.ResetToken as string;
    secrets.push(resetToken);
    const reset = await app.inject({
      method: 'PUT',
      url: '/api/account/password/reset',
      headers: signed(),
      payload: { token: resetToken, newPassword: RESET_PASSWORD, confirmPassword: RESET_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);

    // A signed-in change of password.
    const again = await signIn(RESET_PASSWORD);
    const second = again.cookies.find((c) => c.name === 'uc_session')!.value;
    secrets.push(second);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/Account/Password/Modify',
      headers: { ...signed(), cookie: `uc_session=${second}` },
      payload: {
        OldPassword: RESET_PASSWORD,
        NewPassword: CHANGED_PASSWORD,
        ConfirmPassword: CHANGED_PASSWORD,
      },
    });
    expect(changed.statusCode).toBe(200);
    // A ticket in a query string.
    await app.inject({ method: 'GET', url: '/demo-product/ELN?ticket=secret-ticket-9f3a' });
    secrets.push('secret-ticket-9f3a');
    // A request id the proxy sends comes back and is the line's id.
    const traced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-id-0123456789' },
    });
    expect(traced.headers['x-request-id']).toBe('proxy-id-0123456789');

    await new Promise((resolve) => setImmediate(resolve));
    const lines = output.split('\n').filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.request);
    // One line per request (11 above), each with the facts a collector groups by.
    expect(requests).toHaveLength(11);
    for (const entry of requests) {
      expect(entry).toMatchObject({
        reqId: expect.any(String),
        request: { route: expect.any(String), status: expect.any(Number), ms: expect.any(Number) },
      });
    }
    const current = requests.find(
      (entry) => (entry.request as { path: string }).path === '/api/account/current',
    );
    expect(current).toMatchObject({
      level: 30,
      request: { route: '/api/account/current', org: orgId, status: 200 },
    });
    expect(requests.at(-1)).toMatchObject({ reqId: 'proxy-id-0123456789' });
    expect(new Set(requests.map((entry) => entry.reqId)).size).toBe(requests.length);

    const log = lines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/uc_session|x-signature|"cookie"/i);
  });
});
