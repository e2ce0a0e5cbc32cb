import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../domain/constants';
import { IDENTIFIER_PROOF_TTL_MS } from '../../../domain/rules/personal';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/**
 * Changing a sign-in mobile number or email needs a fresh proof of the owner (issue 17): a stolen session
 * cookie alone must not move the account to the thief's address and then own it through the reset.
 */
describe.each(engines())('the proof a change of sign-in address needs, on %s', (engine) => {
  let t: TestApp;
  const outbox: string[] = [];
  let ip = 0;
  type Who = { cookie: string; id: number };
  const who: Record<string, Who> = {};

  const request = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      // Each from an address of its own, so the per-IP caps stay out of the way.
      remoteAddress: `10.7.${Math.floor(ip / 250)}.${(ip += 1) % 250}`,
      headers: { ...t.signed(), cookie },
      ...(payload ? { payload } : {}),
    });
  const prove = async (member: Who, body: object = { password: TEST_PASSWORD }) => {
    const response = await request('POST', '/api/account/identifierChangeProof', member.cookie, body);
    return { response, token: response.json().data?.ProofToken as string };
  };
  const sendCode = (member: Who, kind: 'mobile' | 'email', address: string, proofToken?: string) =>
    request('POST', `/api/verificationCode/${kind}`, member.cookie, {
      account: address,
      checkType: 3,
      proofToken,
    });
  const modify = (
    member: Who,
    kind: 'mobile' | 'email',
    address: string,
    code: string,
    proofToken?: string,
  ) =>
    request(
      'PUT',
      kind === 'mobile' ? '/api/account/modifyMobilePhone' : '/api/account/modifyEmail',
      member.cookie,
      {
        accountId: member.id,
        [kind === 'mobile' ? 'mobilePhone' : 'email']: address,
        verificationCode: code,
        proofToken,
      },
    );
  const codeFor = (address: string) => {
    const line = [...outbox].reverse().find((entry) => entry.endsWith(` for ${address}`));
    return /code (\d{6}) /.exec(line ?? '')?.[1] ?? '';
  };
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
  const addressOf = async (id: number) =>
    t.database.db
      .selectFrom('accounts')
      .select(['mobile', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const signedIn = async (account: string): Promise<Who> => {
    const { response, cookie } = await signIn(t, account);
    return { cookie, id: response.json().data.AccountInfo.ID as number };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { devOutbox: (line) => outbox.push(line) });
    await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@lab.test' },
      members: [
        { realName: 'Victim', account: 'victim@lab.test' },
        { realName: 'Mobile', account: '13900000002' },
        { realName: 'Guesser', account: 'guesser@lab.test' },
        { realName: 'Sender', account: 'sender@lab.test' },
        { realName: 'Twice', account: 'twice@lab.test' },
        { realName: 'Careless', account: 'careless@lab.test' },
        { realName: 'Single Sign-On', account: 'sso@lab.test' },
      ],
    });
    for (const name of ['victim', 'guesser', 'sender', 'twice', 'careless', 'sso']) {
      who[name] = await signedIn(`${name}@lab.test`);
    }
    who.mobile = await signedIn('13900000002');
    // An account of the organisation's identity provider: signed in through it, no password of the portal.
    await t.database.db
      .updateTable('accounts')
      .set({ login_type: 2, password_hash: '', mobile: '13900000077' })
      .where('id', '=', who.sso.id)
      .execute();
  });
  afterAll(() => t?.close());

  it('refuses a session alone: no code to a new address and no change, whatever it sends', async () => {
    const before = outbox.length;
    const send = await sendCode(who.victim, 'email', 'thief@evil.test');
    expect(send.statusCode).toBe(403);
    expect(send.json().error.key).toBe('errors.personal.proofRequired');
    expect((await sendCode(who.victim, 'email', 'thief@evil.test', 'made-up-token')).statusCode).toBe(403);
    expect(outbox.length).toBe(before);
    const change = await modify(who.victim, 'email', 'thief@evil.test', '123456');
    expect(change.statusCode).toBe(403);
    expect(change.json().error.key).toBe('errors.personal.proofRequired');
    expect((await addressOf(who.victim.id)).email).toBe('victim@lab.test');
  });

  it('changes the email with the current password, once, and tells the old address when and from where', async () => {
    const wrong = await prove(who.victim, { password: 'not-my-password' });
    expect(wrong.response.statusCode).toBe(400);
    expect(wrong.response.json().error).toMatchObject({ key: 'errors.password.oldWrong' });
    expect(wrong.token).toBeUndefined();

    const { response, token } = await prove(who.victim);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ExpiresAt).toBe(t.clock.now() + IDENTIFIER_PROOF_TTL_MS);
    expect((await sendCode(who.victim, 'email', 'victim.new@lab.test', token)).statusCode).toBe(200);
    const changeIp = '203.0.113.9';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/account/modifyEmail',
      remoteAddress: changeIp,
      headers: { ...t.signed(), cookie: who.victim.cookie },
      payload: {
        accountId: who.victim.id,
        email: 'victim.new@lab.test',
        verificationCode: codeFor('victim.new@lab.test'),
        proofToken: token,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await addressOf(who.victim.id)).email).toBe('victim.new@lab.test');
    // The replaced address hears of it, in the account's language (zh-CN), with the time and the IP.
    expect(outbox).toContain(
      `dev outbox: identifier-changed to victim@lab.test identifier=email what=邮箱 time=2026-11-23 09:00 UTC ip=${changeIp}`,
    );

    // The proof was used up: a second change needs a new one.
    expect((await sendCode(who.victim, 'email', 'victim.third@lab.test', token)).statusCode).toBe(403);
    expect((await modify(who.victim, 'email', 'victim.third@lab.test', '123456', token)).statusCode).toBe(
      403,
    );
  });

  it('changes a mobile number and tells the replaced number by SMS in English for an English account', async () => {
    await request('POST', '/api/account/setCurLang/en-US', who.mobile.cookie);
    const { token } = await prove(who.mobile);
    await sendCode(who.mobile, 'mobile', '13800000055', token);
    const response = await modify(who.mobile, 'mobile', '13800000055', codeFor('13800000055'), token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.MobilePhone).toBe('13800000055');
    expect(
      outbox.some((line) =>
        line.startsWith(
          'dev outbox: identifier-changed to 13900000002 identifier=mobile what=mobile number time=',
        ),
      ),
    ).toBe(true);
  });

  it('holds a proof for its own session and account only, and for a few minutes', async () => {
    const { token } = await prove(who.twice);
    const otherSession = await signedIn('twice@lab.test');
    expect((await sendCode(otherSession, 'email', 'twice.new@lab.test', token)).statusCode).toBe(403);
    expect((await sendCode(who.careless, 'email', 'twice.new@lab.test', token)).statusCode).toBe(403);

    t.clock.advance(IDENTIFIER_PROOF_TTL_MS + MINUTE_MS);
    const late = await sendCode(who.twice, 'email', 'twice.new@lab.test', token);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.key).toBe('errors.personal.proofRequired');
  });

  it('ends the change code at the fifth wrong one: the right code no longer works after', async () => {
    const { token } = await prove(who.guesser);
    await sendCode(who.guesser, 'email', 'guesser.new@lab.test', token);
    const right = codeFor('guesser.new@lab.test');
    const keys = [];
    for (let i = 0; i < 5; i += 1) {
      keys.push(
        (await modify(who.guesser, 'email', 'guesser.new@lab.test', wrongOf(right), token)).json().error.key,
      );
    }
    expect(keys).toEqual([
      'errors.verification.codeWrong',
      'errors.verification.codeWrong',
      'errors.verification.codeWrong',
      'errors.verification.codeWrong',
      'errors.verification.codeTooManyTries',
    ]);
    const after = await modify(who.guesser, 'email', 'guesser.new@lab.test', right, token);
    expect(after.json().error.key).toBe('errors.verification.codeExpired');
    expect((await addressOf(who.guesser.id)).email).toBe('guesser@lab.test');
  });

  it('sends at most five change codes an hour per account, whatever the new addresses', async () => {
    const { token } = await prove(who.sender);
    const answers = [];
    for (let i = 1; i <= 6; i += 1) {
      answers.push((await sendCode(who.sender, 'email', `sender.${i}@lab.test`, token)).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('locks the account on wrong passwords given as proof, ending the session', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await prove(who.careless, { password: `guess-${i}` })).response.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 401]);
    expect((await request('GET', '/api/account/current', who.careless.cookie)).statusCode).toBe(401);
  });

  describe('an account without a password (directory, SSO)', () => {
    it('proves itself with a code sent to its current address, five tries a code', async () => {
      const options = await request('GET', '/api/account/identifierChangeProof', who.sso.cookie);
      expect(options.json().data).toEqual({
        Method: 'code',
        Addresses: [
          { Kind: 'mobile', Address: '13900000077' },
          { Kind: 'email', Address: 'sso@lab.test' },
        ],
      });
      expect((await prove(who.sso)).response.json().error.key).toBe('errors.personal.proofByCode');

      const send = await request('POST', '/api/account/identifierChangeProof/sendCode', who.sso.cookie, {
        kind: 'email',
      });
      expect(send.statusCode).toBe(200);
      const right = codeFor('sso@lab.test');
      expect(right).toMatch(/^\d{6}$/);
      const tries = [];
      for (let i = 0; i < 5; i += 1) {
        tries.push(
          (await prove(who.sso, { kind: 'email', verificationCode: wrongOf(right) })).response.json().error
            .key,
        );
      }
      expect(tries.at(-1)).toBe('errors.verification.codeTooManyTries');
      expect(
        (await prove(who.sso, { kind: 'email', verificationCode: right })).response.json().error.key,
      ).toBe('errors.verification.codeExpired');

      t.clock.advance(MINUTE_MS + 1);
      await request('POST', '/api/account/identifierChangeProof/sendCode', who.sso.cookie, {
        kind: 'mobile',
      });
      const { response, token } = await prove(who.sso, {
        kind: 'mobile',
        verificationCode: codeFor('13900000077'),
      });
      expect(response.statusCode).toBe(200);
      await sendCode(who.sso, 'email', 'sso.new@lab.test', token);
      expect(
        (await modify(who.sso, 'email', 'sso.new@lab.test', codeFor('sso.new@lab.test'), token)).statusCode,
      ).toBe(200);
      expect((await addressOf(who.sso.id)).email).toBe('sso.new@lab.test');
    });

    it('tells an account with a password to use it, and sends it no proof code', async () => {
      const options = await request('GET', '/api/account/identifierChangeProof', who.twice.cookie);
      expect(options.json().data).toEqual({ Method: 'password', Addresses: [] });
      const before = outbox.length;
      const send = await request('POST', '/api/account/identifierChangeProof/sendCode', who.twice.cookie, {
        kind: 'email',
      });
      expect(send.json().error.key).toBe('errors.personal.proofByPassword');
      expect(outbox.length).toBe(before);
    });
  });
});
