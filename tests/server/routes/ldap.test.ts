import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/free-port';
import {
  DIRECTORY_SUFFIX,
  PEOPLE_DN,
  slapdAvailable,
  startDirectory,
  type TestDirectory,
} from '../../helpers/ldap-server';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const hasSlapd = slapdAvailable();
let directory: TestDirectory;
beforeAll(async () => {
  if (hasSlapd) {
    directory = await startDirectory([
      {
        uid: 'alice',
        password: 'alice-dir-pw',
        cn: 'Alice Liddell',
        mail: 'alice@lab.test',
        mobile: '13900000011',
      },
      { uid: 'newbie', password: 'newbie-dir-pw', cn: 'New Bie' },
    ]);
  }
});
afterAll(() => directory?.stop());

describe.skipIf(!hasSlapd).each(engines())('organisation LDAP setting on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let labOrg: number;

  const body = () => ({
    url: directory.url,
    userDnTemplate: `uid={username},${PEOPLE_DN}`,
    baseDn: DIRECTORY_SUFFIX,
    filter: '(uid={username})',
    domains: ['Lab.Test', 'LAB'],
    provision: false,
    enabled: true,
  });

  const request = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // The test directory listens on loopback: allowed here as an operator would allow a directory on the
    // same machine.
    t = await createTestApp(engine, { LDAP_TIMEOUT_MS: '500', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    const lab = await createTestOrganization(t, 'Lab', {
      admin: { account: 'admin@lab.example' },
      members: [
        { realName: 'Alice (portal)', account: 'alice@lab.test' },
        { realName: 'Member', account: 'member@lab.example' },
      ],
    });
    labOrg = lab.orgId;
    await createTestOrganization(t, 'Other', { admin: { account: 'admin@other.example' } });
    admin = (await signIn(t, 'admin@lab.example')).cookie;
    member = (await signIn(t, 'member@lab.example')).cookie;
    otherAdmin = (await signIn(t, 'admin@other.example')).cookie;
  });
  afterAll(() => t.close());

  it('has no setting before one is saved', async () => {
    const response = await request('GET', '/api/organizationConfig/ldap', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ setting: null, updatedAt: null });
  });

  it('saves the setting for the administrator’s own organisation, with an operation-log row', async () => {
    const saved = await request('PUT', '/api/organizationConfig/ldap', admin, body());
    expect(saved.statusCode).toBe(200);
    const read = (await request('GET', '/api/organizationConfig/ldap', admin)).json().data;
    expect(read.updatedAt).toBe(t.clock.now());
    expect(read.setting).toEqual({
      ...body(),
      startTls: false,
      tlsCa: '',
      tlsSkipVerify: false,
      nameAttribute: 'cn',
      mailAttribute: 'mail',
      mobileAttribute: 'mobile',
      domains: ['lab', 'lab.test'],
    });
    const log = await t.database.db
      .selectFrom('operation_logs')
      .select(['operator_name', 'module', 'content'])
      .where('org_id', '=', labOrg)
      .where('module', '=', 'systemSetting')
      .executeTakeFirstOrThrow();
    expect(log.operator_name).toBe('Lab Admin');
    expect(log.content).toContain(`url ${directory.url}`);
    expect(log.content).toContain('enabled');
    // Another organisation's administrator sees only their own (none).
    expect((await request('GET', '/api/organizationConfig/ldap', otherAdmin)).json().data.setting).toBeNull();
  });

  it('refuses members who are not administrators', async () => {
    const read = await request('GET', '/api/organizationConfig/ldap', member);
    const write = await request('PUT', '/api/organizationConfig/ldap', member, body());
    expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
  });

  it.each([
    [{ url: 'http://dc.lab.test' }, 'errors.ldap.invalidUrl'],
    [{ userDnTemplate: 'uid=alice,ou=people' }, 'errors.ldap.templateNeedsUsername'],
    [{ filter: 'uid={username}' }, 'errors.ldap.invalidFilter'],
    [{ filter: '(uid={username}))' }, 'errors.ldap.invalidFilter'],
    [{ domains: ['lab test'] }, 'errors.ldap.invalidDomain'],
    [{ tlsCa: 'not a certificate' }, 'errors.ldap.invalidCa'],
    [{ url: 'ldaps://dc.lab.test', startTls: true }, 'errors.ldap.startTlsWithLdaps'],
    [{ mailAttribute: 'mail)(uid=*' }, 'errors.ldap.invalidAttribute'],
  ])('refuses %j with its message', async (change, key) => {
    const response = await request('PUT', '/api/organizationConfig/ldap', admin, { ...body(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe(key);
  });

  it('refuses a domain that another organisation already uses', async () => {
    const response = await request('PUT', '/api/organizationConfig/ldap', otherAdmin, {
      ...body(),
      domains: ['other.test', 'LAB'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ key: 'errors.ldap.domainTaken', params: { domain: 'lab' } });
  });

  describe('test connection', () => {
    const test = (cookie: string, username: string, password: string, change: object = {}) =>
      request('POST', '/api/organizationConfig/ldap/test', cookie, {
        setting: { ...body(), ...change },
        username,
        password,
      });

    it('shows the mapped identity and the account it would link, without signing in or linking', async () => {
      const response = await test(admin, 'LAB\\alice', 'alice-dir-pw');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        dn: `uid=alice,${PEOPLE_DN}`,
        name: 'Alice Liddell',
        mail: 'alice@lab.test',
        mobile: '13900000011',
        match: 'matched',
        account: 'alice@lab.test',
      });
      expect(response.cookies.find((cookie) => cookie.name === 'uc_session')).toBeUndefined();
      const links = await t.database.db.selectFrom('ldap_identities').selectAll().execute();
      expect(links).toEqual([]);
    });

    it('tests the setting as typed, before it is saved', async () => {
      const refused = await test(admin, 'newbie', 'newbie-dir-pw');
      expect(refused.json().data).toMatchObject({ name: 'New Bie', match: 'refused', account: '' });
      const provisioned = await test(admin, 'newbie', 'newbie-dir-pw', { provision: true });
      expect(provisioned.json().data.match).toBe('provision');
    });

    it('says when the directory refuses the user, and when it cannot be reached', async () => {
      const wrong = await test(admin, 'alice', 'wrong');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.key).toBe('errors.ldap.testRefused');
      const down = await test(admin, 'alice', 'alice-dir-pw', {
        url: `ldap://127.0.0.1:${await freePort()}`,
      });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.key).toBe('errors.ldap.unavailable');
    });

    it('is for administrators only', async () => {
      expect((await test(member, 'alice', 'alice-dir-pw')).statusCode).toBe(403);
    });
  });
});
