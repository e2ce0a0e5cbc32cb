import net from 'node:net';
import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LdapSetting } from '../../../domain/schemas/ldap';
import { authenticateWithDirectory, DirectoryError } from '../../../server/integrations/ldap';
import { createOutboundGuard } from '../../../server/security/outbound-guard';
import { freePort } from '../../helpers/free-port';
import {
  DIRECTORY_SUFFIX,
  PEOPLE_DN,
  slapdAvailable,
  startDirectory,
  type TestDirectory,
} from '../../helpers/ldap-server';

/** The test directory listens on loopback, which the operator allows here as OUTBOUND_ALLOW_HOSTS would. */
const outbound = createOutboundGuard({ denyPrivate: false, allowHosts: [{ host: '127.0.0.1', port: null }] });

/** The reason a directory sign-in failed, or 'ok'. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof DirectoryError) return error.reason;
    throw error;
  }
}

describe.skipIf(!slapdAvailable())('directory sign-in against slapd', () => {
  let directory: TestDirectory;
  let setting: LdapSetting;

  beforeAll(async () => {
    directory = await startDirectory([
      {
        uid: 'alice',
        password: 'alice-pw',
        cn: 'Alice Liddell',
        mail: 'Alice@Lab.test',
        mobile: '13900000011',
      },
      { uid: 'star*', password: 'star-pw', mail: 'star@lab.test' },
      { uid: 'starling', password: 'starling-pw', mail: 'starling@lab.test' },
    ]);
    setting = {
      url: directory.url,
      startTls: false,
      tlsCa: '',
      tlsSkipVerify: false,
      userDnTemplate: `uid={username},${PEOPLE_DN}`,
      baseDn: DIRECTORY_SUFFIX,
      filter: '(uid={username})',
      nameAttribute: 'cn',
      mailAttribute: 'mail',
      mobileAttribute: 'mobile',
      domains: ['lab.test'],
      provision: false,
      enabled: true,
    };
  });
  afterAll(() => directory?.stop());

  it('binds as the user and maps the attributes read after the bind', async () => {
    const user = await authenticateWithDirectory(setting, 'alice', 'alice-pw', 2000, outbound);
    expect(user).toEqual({
      dn: `uid=alice,${PEOPLE_DN}`,
      name: 'Alice Liddell',
      mail: 'Alice@Lab.test',
      mobile: '13900000011',
    });
  });

  it('reads the bound entry itself when no filter is set', async () => {
    const user = await authenticateWithDirectory(
      { ...setting, filter: '' },
      'alice',
      'alice-pw',
      2000,
      outbound,
    );
    expect(user.mail).toBe('Alice@Lab.test');
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    expect(await outcome(authenticateWithDirectory(setting, 'alice', 'wrong', 2000, outbound))).toBe(
      'invalidCredentials',
    );
    expect(await outcome(authenticateWithDirectory(setting, 'nobody', 'wrong', 2000, outbound))).toBe(
      'invalidCredentials',
    );
  });

  it('never binds with an empty password, although this directory accepts unauthenticated binds', async () => {
    // The directory itself lets a DN with an empty password bind: the danger the portal must avoid.
    const raw = new Client({ url: directory.url });
    await expect(raw.bind(`uid=alice,${PEOPLE_DN}`, '')).resolves.toBeUndefined();
    await raw.unbind();
    expect(await outcome(authenticateWithDirectory(setting, 'alice', '', 2000, outbound))).toBe(
      'invalidCredentials',
    );
  });

  it('escapes the typed name in the DN: a name cannot reach another entry', async () => {
    for (const name of ['*', 'alice,ou=people', 'star\\2a', 'alice)(uid=*', 'PLAIN']) {
      expect(await outcome(authenticateWithDirectory(setting, name, 'alice-pw', 2000, outbound))).toBe(
        'invalidCredentials',
      );
      expect(await outcome(authenticateWithDirectory(setting, name, 'star-pw', 2000, outbound))).toBe(
        'invalidCredentials',
      );
    }
  });

  it('escapes the typed name in the search filter: star* reads only its own entry', async () => {
    const user = await authenticateWithDirectory(setting, 'star*', 'star-pw', 2000, outbound);
    expect(user).toMatchObject({ dn: `uid=star*,${PEOPLE_DN}`, mail: 'star@lab.test' });
  });

  it('refuses a filter that matches more than one entry instead of choosing one', async () => {
    const loose = { ...setting, filter: '(|(uid={username})(uid=starling))' };
    expect(await outcome(authenticateWithDirectory(loose, 'star*', 'star-pw', 2000, outbound))).toBe(
      'ambiguous',
    );
  });

  it('speaks StartTLS and ldaps:// with the configured CA, and refuses an unverifiable certificate', async () => {
    const startTls = { ...setting, startTls: true, tlsCa: directory.caPem };
    expect((await authenticateWithDirectory(startTls, 'alice', 'alice-pw', 2000, outbound)).name).toBe(
      'Alice Liddell',
    );
    const ldaps = { ...setting, url: directory.ldapsUrl, tlsCa: directory.caPem };
    expect((await authenticateWithDirectory(ldaps, 'alice', 'alice-pw', 2000, outbound)).name).toBe(
      'Alice Liddell',
    );

    const wrongCa = { ...ldaps, tlsCa: directory.otherCaPem };
    expect(await outcome(authenticateWithDirectory(wrongCa, 'alice', 'alice-pw', 2000, outbound))).toBe(
      'tls',
    );
    const systemCas = { ...startTls, tlsCa: '' };
    expect(await outcome(authenticateWithDirectory(systemCas, 'alice', 'alice-pw', 2000, outbound))).toBe(
      'tls',
    );
    const skipped = { ...ldaps, tlsCa: '', tlsSkipVerify: true };
    expect((await authenticateWithDirectory(skipped, 'alice', 'alice-pw', 2000, outbound)).name).toBe(
      'Alice Liddell',
    );
  });

  it('answers unavailable when nothing listens, and within the timeout when the server never answers', async () => {
    const closed = { ...setting, url: `ldap://127.0.0.1:${await freePort()}` };
    expect(await outcome(authenticateWithDirectory(closed, 'alice', 'alice-pw', 2000, outbound))).toBe(
      'unavailable',
    );

    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const started = Date.now();
    const hanging = { ...setting, url: `ldap://127.0.0.1:${port}` };
    expect(await outcome(authenticateWithDirectory(hanging, 'alice', 'alice-pw', 300, outbound))).toBe(
      'unavailable',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    silent.close();
  });
});
