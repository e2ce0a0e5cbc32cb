import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LdapSetting } from '../../../domain/schemas/ldap';
import { createRepositories } from '../../../server/repositories';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/**
 * A TCP server on loopback standing for a service on the portal's own machine (a database, an admin
 * port): it counts the connections that reach it. The guard must keep the directory setting from ever
 * making one, unless the operator allows it.
 */
let inside: net.Server;
let insidePort: number;
let connections = 0;
beforeAll(async () => {
  inside = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insidePort = (inside.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));

const setting = (url: string): Partial<LdapSetting> => ({
  url,
  userDnTemplate: 'uid={username},ou=people,dc=lab,dc=test',
  baseDn: 'dc=lab,dc=test',
  filter: '(uid={username})',
  domains: ['lab.test'],
  enabled: true,
});

describe.each(engines())('outbound guard on the directory address on %s', (engine) => {
  describe('by default', () => {
    let t: TestApp;
    let admin: string;
    let orgId: number;

    const request = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, language = 'zh-CN') =>
      t.app.inject({
        method,
        url,
        headers: { ...t.signed(), cookie: admin, 'accept-language': language },
        ...(payload ? { payload } : {}),
      });

    beforeAll(async () => {
      t = await createTestApp(engine, { LDAP_TIMEOUT_MS: '1000' });
      orgId = (await createTestOrganization(t, 'Lab', { admin: { account: 'admin@lab.example' } })).orgId;
      admin = (await signIn(t, 'admin@lab.example')).cookie;
    });
    afterAll(() => t.close());

    const SPELLINGS = [
      'ldap://localhost',
      'ldap://LocalHost:389',
      'ldap://127.0.0.1',
      'ldap://127.1',
      'ldap://2130706433',
      'ldap://0x7f000001',
      'ldap://0177.0.0.1',
      'ldap://[::1]',
      'ldap://[::ffff:127.0.0.1]',
      'ldap://0.0.0.0',
      'ldaps://[::]:636',
      'ldap://169.254.169.254',
      'ldap://[fd00:ec2::254]',
      'ldap://100.100.100.200',
    ];

    it.each(SPELLINGS)('refuses to save %s, and saves nothing', async (url) => {
      const before = connections;
      const saved = await request('PUT', '/api/organizationConfig/ldap', setting(`${url}`));
      expect(saved.statusCode).toBe(400);
      expect(saved.json().error.key).toBe('errors.outbound.internalAddress');
      expect(saved.json().message).toMatch(/^不能连接 .+：这是服务器本机、链路本地、云平台元数据或保留地址$/);
      expect((await request('GET', '/api/organizationConfig/ldap')).json().data.setting).toBeNull();
      const logs = await t.database.db
        .selectFrom('operation_logs')
        .select('id')
        .where('org_id', '=', orgId)
        .where('module', '=', 'systemSetting')
        .execute();
      expect(logs).toEqual([]);
      expect(connections).toBe(before);
    });

    it('refuses to test a loopback directory, saying which address and why, in the administrator’s language', async () => {
      const before = connections;
      const body = { setting: setting(`ldap://127.1:${insidePort}`), username: 'alice', password: 'pw' };
      const zh = await request('POST', '/api/organizationConfig/ldap/test', body);
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toMatchObject({
        message: '不能连接 127.1（127.0.0.1）：这是服务器本机、链路本地、云平台元数据或保留地址',
        error: { key: 'errors.outbound.internalAddress', params: { host: '127.1', address: '127.0.0.1' } },
      });
      const en = await request('POST', '/api/organizationConfig/ldap/test', body, 'en-US');
      expect(en.json().message).toBe(
        'The portal does not connect to 127.1 (127.0.0.1): it is the server itself, a link-local, cloud metadata or reserved address',
      );
      const metadata = await request('POST', '/api/organizationConfig/ldap/test', {
        ...body,
        setting: setting('ldap://169.254.169.254'),
      });
      expect(metadata.json().error.params).toEqual({ host: '169.254.169.254', address: '169.254.169.254' });
      expect(connections).toBe(before);
    });

    it('saves a directory in a private network: on-premises directories live there', async () => {
      const saved = await request('PUT', '/api/organizationConfig/ldap', setting('ldap://10.0.0.5:389'));
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data.setting.url).toBe('ldap://10.0.0.5:389');
    });

    it('checks the address again when a user signs in: a loopback directory stored earlier is never reached', async () => {
      // A setting saved before the guard existed (or by hand in the database) still cannot reach in.
      await createRepositories(t.database.db).ldap.save(
        orgId,
        {
          ...(setting(`ldap://localhost:${insidePort}`) as LdapSetting),
          startTls: false,
          tlsCa: '',
          tlsSkipVerify: false,
          nameAttribute: 'cn',
          mailAttribute: 'mail',
          mobileAttribute: 'mobile',
          provision: true,
        },
        t.clock.now(),
      );
      const before = connections;
      const { response } = await signIn(t, 'LAB.TEST\\alice', 'alice-pw', { loginType: 1 });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.key).toBe('errors.ldap.unavailable');
      expect(connections).toBe(before);
    });
  });

  describe('with OUTBOUND_DENY_PRIVATE=true', () => {
    let t: TestApp;
    let admin: string;

    beforeAll(async () => {
      t = await createTestApp(engine, { OUTBOUND_DENY_PRIVATE: 'true' });
      await createTestOrganization(t, 'Cloud', { admin: { account: 'admin@cloud.example' } });
      admin = (await signIn(t, 'admin@cloud.example')).cookie;
    });
    afterAll(() => t.close());

    it.each([
      'ldap://10.0.0.5',
      'ldap://192.168.1.10:389',
      'ldaps://172.16.0.1',
      'ldap://[fd12:3456:789a::1]',
    ])('refuses %s as a private address', async (url) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/organizationConfig/ldap',
        headers: { ...t.signed(), cookie: admin },
        payload: setting(url),
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().error.key).toBe('errors.outbound.privateAddress');
      expect(saved.json().message).toMatch(/：本部署不允许连接内网地址$/);
    });
  });

  describe('with OUTBOUND_ALLOW_HOSTS naming a host and port', () => {
    let t: TestApp;
    let admin: string;

    beforeAll(async () => {
      t = await createTestApp(engine, {
        OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${insidePort}`,
        LDAP_TIMEOUT_MS: '1000',
      });
      await createTestOrganization(t, 'Same Machine', { admin: { account: 'admin@same.example' } });
      admin = (await signIn(t, 'admin@same.example')).cookie;
    });
    afterAll(() => t.close());

    const put = (url: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/organizationConfig/ldap',
        headers: { ...t.signed(), cookie: admin },
        payload: setting(url),
      });

    it('saves and connects to that host and port only', async () => {
      expect((await put(`ldap://127.0.0.1:${insidePort}`)).statusCode).toBe(200);
      expect((await put(`ldap://127.0.0.1:${insidePort + 1}`)).statusCode).toBe(400);
      expect((await put(`ldap://localhost:${insidePort}`)).statusCode).toBe(400);
      const before = connections;
      const test = await t.app.inject({
        method: 'POST',
        url: '/api/organizationConfig/ldap/test',
        headers: { ...t.signed(), cookie: admin },
        payload: { setting: setting(`ldap://127.0.0.1:${insidePort}`), username: 'alice', password: 'pw' },
      });
      // The stand-in is no directory: it hangs up, which is a directory that cannot be reached.
      expect(test.statusCode).toBe(503);
      expect(connections).toBe(before + 1);
    });
  });
});
