import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingPayload } from '../../../domain/rules/request-signing';
import { createRepositories } from '../../../server/repositories';
import { hmacSha256Hex } from '../../../server/security/tokens';
import { engines } from '../../helpers/test-database';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';

describe.each(engines())('request signing on %s', (engine) => {
  let t: TestApp;
  const login = { account: 'admin@sign.test', password: TEST_PASSWORD, agreed: true };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Sign Lab', { admin: { account: 'admin@sign.test' } });
  });
  afterAll(() => t.close());

  const nonces = () => createRepositories(t.database.db).nonces;
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/account/login', headers, payload: login });

  it('refuses an unsigned state-changing request before reading its body', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.request.unsigned');
  });

  it('refuses a replayed nonce, even across a successful first use', async () => {
    const headers = t.signed();
    expect((await post(headers)).statusCode).toBe(200);
    const replay = await post(headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.key).toBe('errors.request.replayed');
  });

  it('refuses a timestamp more than five minutes off the server clock', async () => {
    const nonce = 'skewed-nonce-0000000001';
    const timestamp = String(t.clock.now() - 5 * 60 * 1000 - 1);
    const response = await post({
      'x-nonce': nonce,
      'x-timestamp': timestamp,
      'x-signature': hmacSha256Hex(t.config.signingKey, signingPayload(timestamp, nonce)),
    });
    expect(response.json().error.key).toBe('errors.request.skewed');
  });

  it('accepts a timestamp within the allowed skew', async () => {
    const nonce = 'in-skew-nonce-000000001';
    const timestamp = String(t.clock.now() + 4 * 60 * 1000);
    const response = await post({
      'x-nonce': nonce,
      'x-timestamp': timestamp,
      'x-signature': hmacSha256Hex(t.config.signingKey, signingPayload(timestamp, nonce)),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a signature made with another key or over other values', async () => {
    const headers = t.signed();
    const forged = {
      ...headers,
      'x-signature': hmacSha256Hex(
        'another-key-entirely',
        signingPayload(headers['x-timestamp'], headers['x-nonce']),
      ),
    };
    expect((await post(forged)).json().error.key).toBe('errors.request.badSignature');
    const moved = { ...t.signed(), 'x-timestamp': String(t.clock.now() + 1) };
    expect((await post(moved)).json().error.key).toBe('errors.request.badSignature');
  });

  it('refuses malformed headers', async () => {
    const response = await post({ 'x-nonce': 'short', 'x-timestamp': 'soon', 'x-signature': 'zz' });
    expect(response.json().error.key).toBe('errors.request.malformed');
  });

  it('lets plain reads through unsigned but requires a signature on SetUIVersion, a GET that writes', async () => {
    const { cookie } = await signIn(t, 'admin@sign.test');
    const read = await t.app.inject({ method: 'GET', url: '/api/Menu/user/tree', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/api/Account/SetUIVersion/NOSTALGIA',
      headers: { cookie },
    });
    expect(unsigned.json().error.key).toBe('errors.request.unsigned');
    const signed = await t.app.inject({
      method: 'GET',
      url: '/api/Account/SetUIVersion/NOSTALGIA?isRefresh=false',
      headers: { cookie, ...t.signed() },
    });
    expect(signed.statusCode).toBe(200);
  });

  it('answers a replayed signed read without writing its nonce', async () => {
    const { cookie } = await signIn(t, 'admin@sign.test');
    const before = await nonces().count();
    const headers = { cookie, ...t.signed() };
    const first = await t.app.inject({ method: 'GET', url: '/api/account/current', headers });
    const replay = await t.app.inject({ method: 'GET', url: '/api/account/current', headers });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(await nonces().count()).toBe(before);
  });

  it('still checks the signature of a signed read', async () => {
    const { cookie } = await signIn(t, 'admin@sign.test');
    const headers = t.signed();
    const forged = { ...headers, 'x-timestamp': String(Number(headers['x-timestamp']) + 1) };
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/current',
      headers: { cookie, ...forged },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe('errors.request.badSignature');
  });

  it('remembers the nonce of a state-changing request, so its replay is refused', async () => {
    const before = await nonces().count();
    const headers = t.signed();
    expect((await post(headers)).statusCode).toBe(200);
    expect(await nonces().count()).toBe(before + 1);
    expect((await post(headers)).statusCode).toBe(409);
  });

  it('remembers the nonce of a GET declared as signed, since it changes state', async () => {
    const { cookie } = await signIn(t, 'admin@sign.test');
    const headers = { cookie, ...t.signed() };
    const url = '/api/Account/SetUIVersion/NEW';
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url, headers });
    expect(replay.statusCode).toBe(409);
  });

  it('keeps nonces in the database, so another instance on the same database also refuses a replay', async () => {
    const { buildApp } = await import('../../../server/app');
    const other = await buildApp(t.config, t.database, { now: t.clock.now, logger: false });
    const headers = t.signed();
    expect((await post(headers)).statusCode).toBe(200);
    const replay = await other.inject({ method: 'POST', url: '/api/account/login', headers, payload: login });
    expect(replay.statusCode).toBe(409);
    await other.close();
  });
});
