import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readRepositories } from '../../../server/repositories';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** The proxy this deployment trusts (TRUST_PROXY); any other peer's X-Forwarded-For is ignored. */
const PROXY = '10.9.9.9';
const OFFICE = '192.168.1.10';
const OUTSIDE = '203.0.113.5';

describe.each(engines())('IP whitelist (IP control) on %s', (engine) => {
  let t: TestApp;
  let labOrg: number;
  let otherOrg: number;
  let admin: string;
  let otherAdmin: string;
  let memberId: number;
  let freeId: number;
  let otherMemberId: number;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
    { ip = OFFICE, headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...t.signed(), cookie, ...headers },
      ...(payload ? { payload } : {}),
    });
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'operator_name'])
      .where('org_id', '=', orgId)
      .where('module', '=', 'ipWhitelist')
      .orderBy('id')
      .execute();
  const save = (ipList: string, cookie = admin, confirmed = false, ip = OFFICE) =>
    call('POST', '/api/ipwhitelist', cookie, { IpList: ipList, Confirmed: confirmed }, { ip });
  const turn = (on: boolean, cookie = admin, confirmed = false, ip = OFFICE) =>
    call(
      'POST',
      '/api/loginSetting/ipwhitelist/switch',
      cookie,
      { switchState: on, Confirmed: confirmed },
      { ip },
    );
  const signInFrom = (account: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: ip,
      headers: { ...t.signed(), ...headers },
      payload: { account, password: 'Lab#Pass2026-Quartz', agreed: true },
    });

  beforeAll(async () => {
    t = await createTestApp(engine, { TRUST_PROXY: PROXY });
    const lab = await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@ip.example' },
      members: [
        { realName: 'Mia Member', account: 'member@ip.example' },
        { realName: 'Fred Free', account: 'free@ip.example' },
      ],
    });
    labOrg = lab.orgId;
    [memberId, freeId] = lab.members.map((member) => member.id);
    const other = await createTestOrganization(t, 'Other', {
      admin: { account: 'admin@other-ip.example' },
      members: [{ realName: 'Olga Other', account: 'member@other-ip.example' }],
    });
    otherOrg = other.orgId;
    otherMemberId = other.members[0].id;
    admin = (await signIn(t, 'admin@ip.example', undefined, {}, { ip: OFFICE })).cookie;
    otherAdmin = (await signIn(t, 'admin@other-ip.example', undefined, {}, { ip: OFFICE })).cookie;
  });
  afterAll(() => t.close());

  it('reads an untouched whitelist as off and empty, with the caller’s own address', async () => {
    const response = await call('GET', '/api/ipwhitelist', admin, undefined, { ip: `::ffff:${OFFICE}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      Enabled: false,
      IpList: '',
      CurrentIp: OFFICE,
      CurrentIpAllowed: false,
      UnrestrictedCount: 0,
    });
  });

  it('names the first bad line (SPEC §5) and changes nothing', async () => {
    const response = await save('10.0.0.0/8\n\n192.168.1.0/24\n10.0.0.0/33\nnonsense');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ key: 'errors.ipWhitelist.invalidLine', params: { row: 4 } });
    expect(response.json().message).toBe('第 4 行无效，请检查 IP 地址');
    const english = await call(
      'POST',
      '/api/ipwhitelist',
      admin,
      { IpList: '1.2.3' },
      {
        headers: { 'accept-language': 'en-US' },
      },
    );
    expect(english.json().message).toBe('1 row is invalid, please check the IP address');
    expect((await call('GET', '/api/ipwhitelist', admin)).json().data.IpList).toBe('');
    expect(await logs(labOrg)).toEqual([]);
  });

  it('saves the lines trimmed, one range each, with an operation-log row', async () => {
    const response = await save(' 192.168.1.0/24 \n\n::ffff:172.16.0.0/108\n2001:db8::/32\n');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      Enabled: false,
      IpList: '192.168.1.0/24\n::ffff:172.16.0.0/108\n2001:db8::/32',
      CurrentIpAllowed: true,
    });
    expect(await logs(labOrg)).toEqual([
      {
        content: 'Saved the IP whitelist: off, 3 lines: 192.168.1.0/24, ::ffff:172.16.0.0/108, 2001:db8::/32',
        operator_name: 'Lab Admin',
      },
    ]);
  });

  it('asks before switching on a list that leaves the administrator’s own address out', async () => {
    const refused = await turn(true, admin, false, OUTSIDE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      key: 'errors.ipWhitelist.excludesCurrent',
      params: { ip: OUTSIDE },
    });
    expect((await call('GET', '/api/ipwhitelist', admin)).json().data.Enabled).toBe(false);
    const confirmed = await turn(true, admin, true, OUTSIDE);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      Enabled: true,
      CurrentIp: OUTSIDE,
      CurrentIpAllowed: false,
    });
    // From inside the list no confirmation is needed.
    expect((await turn(true)).statusCode).toBe(200);
  });

  it('refuses a member’s sign-in from outside the list, with a login-log row, and lets one inside in', async () => {
    const outside = await signInFrom('member@ip.example', OUTSIDE);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.key).toBe('errors.login.ipForbidden');
    expect(outside.cookies.find((c) => c.name === 'uc_session')).toBeUndefined();
    const row = await t.database.db
      .selectFrom('login_logs')
      .select(['success', 'reason', 'ip'])
      .where('account_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ success: 0, reason: 'errors.login.ipForbidden', ip: OUTSIDE });
    expect((await signInFrom('member@ip.example', '192.168.1.77')).statusCode).toBe(200);
    // An IPv4-mapped IPv6 peer meets the IPv4 line.
    expect((await signInFrom('member@ip.example', '::ffff:172.16.3.4')).statusCode).toBe(200);
  });

  it('a wrong password from outside is still just a wrong password (nothing told about the list)', async () => {
    const response = await signInFrom('member@ip.example', OUTSIDE, {});
    expect(response.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: '198.51.100.1',
      headers: t.signed(),
      payload: { account: 'member@ip.example', password: 'not-it', agreed: true },
    });
    expect(wrong.json().error.key).toBe('errors.login.wrongCredentials');
  });

  it('exempts administrators, at sign-in and after', async () => {
    const response = await signInFrom('admin@ip.example', OUTSIDE);
    expect(response.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const spoofed = await signInFrom('member@ip.example', OUTSIDE, { 'x-forwarded-for': '192.168.1.20' });
    expect(spoofed.statusCode).toBe(403);
    const viaProxy = await signInFrom('member@ip.example', PROXY, { 'x-forwarded-for': '192.168.1.20' });
    expect(viaProxy.statusCode).toBe(200);
    // Through the proxy, the address the proxy saw (the rightmost untrusted one) counts, not what the
    // client put first.
    const chained = await signInFrom('member@ip.example', PROXY, {
      'x-forwarded-for': `192.168.1.20, ${OUTSIDE}`,
    });
    expect(chained.statusCode).toBe(403);
  });

  it('ends a signed-in member’s session at the next request from outside the list', async () => {
    const { cookie } = await signIn(t, 'member@ip.example', undefined, {}, { ip: '192.168.1.30' });
    expect(
      (await call('GET', '/api/account/session', cookie, undefined, { ip: '192.168.1.30' })).statusCode,
    ).not.toBe(403);
    const moved = await call('GET', '/api/Menu/user/tree', cookie, undefined, { ip: OUTSIDE });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().error.key).toBe('errors.login.ipForbidden');
    expect(moved.cookies.find((c) => c.name === 'uc_session')?.value).toBe('');
    // The session is over, even back inside the list.
    const back = await call('GET', '/api/Menu/user/tree', cookie, undefined, { ip: '192.168.1.30' });
    expect(back.statusCode).toBe(401);
  });

  it('ends a session when the list changes under it', async () => {
    const { cookie } = await signIn(t, 'member@ip.example', undefined, {}, { ip: '192.168.1.40' });
    expect(
      (await call('GET', '/api/Menu/user/tree', cookie, undefined, { ip: '192.168.1.40' })).statusCode,
    ).toBe(200);
    expect((await save('192.168.1.41\n::ffff:172.16.0.0/108\n2001:db8::/32', admin, true)).statusCode).toBe(
      200,
    );
    const next = await call('GET', '/api/Menu/user/tree', cookie, undefined, { ip: '192.168.1.40' });
    expect(next.statusCode).toBe(403);
    expect((await save('192.168.1.0/24\n::ffff:172.16.0.0/108\n2001:db8::/32')).statusCode).toBe(200);
  });

  it('checks a member’s every read against the list in force, at once on SQLite (no query to wait for)', async () => {
    const { cookie } = await signIn(t, 'member@ip.example', undefined, {}, { ip: '192.168.1.50' });
    // The repositories the app's IP guard reads with: one object per database handle.
    const accessFor = vi.spyOn(readRepositories(t.database.db).ipWhitelist, 'accessFor');
    try {
      for (const ip of ['192.168.1.50', '192.168.1.51']) {
        expect((await call('GET', '/api/account/current', cookie, undefined, { ip })).statusCode).toBe(200);
      }
      expect(accessFor).toHaveBeenCalledTimes(engine === 'sqlite' ? 0 : 2);
      // The list changed since the last read: the next read meets the new one.
      expect((await save('192.168.1.51\n::ffff:172.16.0.0/108\n2001:db8::/32', admin, true)).statusCode).toBe(
        200,
      );
      const refused = await call('GET', '/api/account/current', cookie, undefined, { ip: '192.168.1.50' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.key).toBe('errors.login.ipForbidden');
    } finally {
      accessFor.mockRestore();
      expect((await save('192.168.1.0/24\n::ffff:172.16.0.0/108\n2001:db8::/32')).statusCode).toBe(200);
    }
  });

  it('lets unrestricted members in from anywhere, and takes them off again', async () => {
    const options = await call('GET', '/api/ipunlimited/optionalAccounts?keyword=fred', admin);
    expect(options.json().data.map((m: { ID: number }) => m.ID)).toEqual([freeId]);
    expect((await call('POST', '/api/ipunlimited', admin, { accountIds: [freeId] })).statusCode).toBe(200);
    expect((await signInFrom('free@ip.example', OUTSIDE)).statusCode).toBe(200);
    const page = await call('POST', '/api/ipunlimited/pages', admin, { pageIndex: 1 });
    expect(page.json().data).toMatchObject({ total: 1, rows: [{ ID: freeId, RealName: 'Fred Free' }] });
    const again = await call('GET', '/api/ipunlimited/optionalAccounts', admin);
    expect(again.json().data.map((m: { ID: number }) => m.ID)).not.toContain(freeId);
    expect((await call('DELETE', `/api/ipunlimited?accountIds=${freeId}`, admin)).statusCode).toBe(200);
    expect((await signInFrom('free@ip.example', OUTSIDE)).statusCode).toBe(403);
    const contents = (await logs(labOrg)).map((row) => row.content);
    expect(contents).toContain('Added to the unrestricted members: Fred Free');
    expect(contents).toContain('Removed from the unrestricted members: Fred Free');
  });

  it("takes SPEC's JSON body on DELETE ipunlimited as well as the query, and refuses naming nobody", async () => {
    expect((await call('POST', '/api/ipunlimited', admin, { accountIds: [freeId] })).statusCode).toBe(200);
    expect((await signInFrom('free@ip.example', OUTSIDE)).statusCode).toBe(200);
    const removed = await call('DELETE', '/api/ipunlimited', admin, { accountIds: [freeId] });
    expect(removed.statusCode).toBe(200);
    expect((await signInFrom('free@ip.example', OUTSIDE)).statusCode).toBe(403);
    const page = await call('POST', '/api/ipunlimited/pages', admin, { pageIndex: 1 });
    expect(page.json().data.total).toBe(0);

    const before = (await logs(labOrg)).length;
    const nobody = await call('DELETE', '/api/ipunlimited', admin);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.key).toBe('errors.ipWhitelist.noneSelected');
    const empty = await call('DELETE', '/api/ipunlimited', admin, { accountIds: [] });
    expect(empty.json().error.key).toBe('errors.ipWhitelist.noneSelected');
    const text = await call('DELETE', '/api/ipunlimited', admin, { accountIds: ['Fred'] });
    expect(text.json().error.key).toBe('errors.validation.onlyNumber');
    expect(await logs(labOrg)).toHaveLength(before);
  });

  it('keeps organisations apart: another organisation’s members cannot be listed, added or removed', async () => {
    const add = await call('POST', '/api/ipunlimited', admin, { accountIds: [otherMemberId] });
    expect(add.statusCode).toBe(404);
    expect(add.json().error.key).toBe('errors.ipWhitelist.unknownMember');
    const remove = await call('DELETE', `/api/ipunlimited?accountIds=${otherMemberId}`, otherAdmin);
    expect(remove.statusCode).toBe(200);
    const theirs = await call('GET', '/api/ipwhitelist', otherAdmin);
    expect(theirs.json().data).toMatchObject({ Enabled: false, IpList: '' });
    const options = await call('GET', '/api/ipunlimited/optionalAccounts', otherAdmin);
    expect(options.json().data.map((m: { ID: number }) => m.ID)).toEqual([otherMemberId]);
    // Lab's list does not touch Other's members.
    expect((await signInFrom('member@other-ip.example', OUTSIDE)).statusCode).toBe(200);
    expect(await logs(otherOrg)).toHaveLength(1);
  });

  it('answers 403 to a member calling the administrator’s endpoints', async () => {
    const { cookie } = await signIn(t, 'member@ip.example', undefined, {}, { ip: '192.168.1.50' });
    for (const [method, url, body] of [
      ['GET', '/api/ipwhitelist', undefined],
      ['POST', '/api/ipwhitelist', { IpList: '' }],
      ['POST', '/api/loginSetting/ipwhitelist/switch', { switchState: false }],
      ['POST', '/api/ipunlimited', { accountIds: [memberId] }],
      ['DELETE', `/api/ipunlimited?accountIds=${memberId}`, undefined],
      ['DELETE', '/api/ipunlimited', { accountIds: [memberId] }],
      ['GET', '/api/ipunlimited/optionalAccounts', undefined],
      ['POST', '/api/ipunlimited/pages', {}],
    ] as const) {
      const response = await call(method, url, cookie, body, { ip: '192.168.1.50' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.key).toBe('errors.auth.noPermission');
    }
  });

  it('lets everyone in again once switched off', async () => {
    expect((await turn(false)).statusCode).toBe(200);
    expect((await signInFrom('member@ip.example', OUTSIDE)).statusCode).toBe(200);
  });
});
