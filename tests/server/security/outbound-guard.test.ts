import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundPolicy, parseAllowedHost } from '../../../server/core/outbound-policy';
import {
  addressKind,
  createOutboundGuard,
  OutboundRefusal,
  type Resolver,
} from '../../../server/security/outbound-guard';

const OPEN: OutboundPolicy = { denyPrivate: false, allowHosts: [] };
const CLOSED: OutboundPolicy = { denyPrivate: true, allowHosts: [] };

/** A resolver of fixed answers per name; a name it does not know does not resolve. */
function fixedResolver(answers: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const addresses = answers[hostname.toLowerCase()];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  };
}

/** What the guard does with a URL: 'allowed' or the kind of the refused address. */
async function verdict(guard: ReturnType<typeof createOutboundGuard>, url: string): Promise<string> {
  try {
    await guard.assertAllowed(url);
    return 'allowed';
  } catch (error) {
    if (error instanceof OutboundRefusal) return error.kind;
    throw error;
  }
}

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['169.254.1.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['2852039166', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['169.254.0.23', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['[fd00:ec2::254]', 'metadata'],
    ['10.0.0.5', 'private'],
    ['10.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['::ffff:10.0.0.5', 'private'],
    ['224.0.0.1', 'special'],
    ['255.255.255.255', 'special'],
    ['240.0.0.1', 'special'],
    ['192.0.2.1', 'special'],
    ['198.18.0.1', 'special'],
    ['ff02::1', 'special'],
    ['2001:db8::1', 'special'],
    ['2001::1', 'special'],
    ['100::1', 'special'],
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('is null for a name', () => {
    expect(addressKind('localhost')).toBeNull();
    expect(addressKind('dc.lab.test')).toBeNull();
    expect(addressKind('127.0.0.1.nip.io')).toBeNull();
  });
});

describe('assertAllowed', () => {
  const resolver = fixedResolver({
    localhost: ['127.0.0.1', '::1'],
    'localhost.': ['127.0.0.1'],
    'metadata.google.internal': ['169.254.169.254'],
    'dc.corp.example': ['10.0.0.5'],
    'dual.example': ['93.184.216.34', '127.0.0.1'],
    'dir.example.com': ['93.184.216.34', '2606:2800:220:1::'],
  });
  const open = createOutboundGuard(OPEN, resolver);
  const closed = createOutboundGuard(CLOSED, resolver);

  it.each([
    'ldap://localhost',
    'ldap://LOCALHOST:389',
    'ldap://localhost.:389',
    'ldap://127.0.0.1:389',
    'ldap://127.1',
    'ldap://2130706433',
    'ldap://0x7f000001',
    'ldap://0177.0.0.1',
    'ldap://[::1]:389',
    'ldap://[::ffff:127.0.0.1]',
    'ldap://[0:0:0:0:0:ffff:7f00:1]',
    'ldap://0.0.0.0',
    'ldap://0',
    'ldaps://[::]:636',
    'ldap://169.254.169.254',
    'ldap://[fd00:ec2::254]',
    'ldap://100.100.100.200',
    'ldap://metadata.google.internal',
    'http://127.1/',
    'http://0x7f000001/',
    'http://[::1]/',
    'ldap://',
  ])('refuses %s whatever the policy', async (url) => {
    expect(await verdict(open, url)).not.toBe('allowed');
    expect(await verdict(closed, url)).not.toBe('allowed');
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    expect(await verdict(open, 'ldap://dual.example')).toBe('loopback');
  });

  it('allows public addresses, and private ones unless the operator denies them', async () => {
    expect(await verdict(open, 'ldaps://dir.example.com:636')).toBe('allowed');
    expect(await verdict(open, 'ldap://10.0.0.5')).toBe('allowed');
    expect(await verdict(open, 'ldap://dc.corp.example')).toBe('allowed');
    expect(await verdict(open, 'ldap://[fd12:3456:789a::1]')).toBe('allowed');
    expect(await verdict(closed, 'ldap://10.0.0.5')).toBe('private');
    expect(await verdict(closed, 'ldap://192.168.1.10')).toBe('private');
    expect(await verdict(closed, 'ldap://dc.corp.example')).toBe('private');
    expect(await verdict(closed, 'ldap://[fd12:3456:789a::1]')).toBe('private');
    expect(await verdict(closed, 'ldaps://dir.example.com')).toBe('allowed');
  });

  it('lets a name that does not resolve now be saved: it is checked when connecting', async () => {
    expect(await verdict(closed, 'ldap://not-yet.corp.example')).toBe('allowed');
  });

  it('names the host and the address it led to', async () => {
    const refusal = await closed.assertAllowed('ldap://dc.corp.example').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OutboundRefusal);
    expect(refusal).toMatchObject({ host: 'dc.corp.example', address: '10.0.0.5', kind: 'private' });
  });

  it('allows the hosts the operator names, on the port named or on any port', async () => {
    const guard = createOutboundGuard(
      {
        denyPrivate: true,
        allowHosts: [
          { host: 'localhost', port: 3891 },
          { host: '127.0.0.1', port: null },
          { host: '::1', port: 636 },
        ],
      },
      resolver,
    );
    expect(await verdict(guard, 'ldap://localhost:3891')).toBe('allowed');
    expect(await verdict(guard, 'ldap://LocalHost.:3891')).toBe('allowed');
    expect(await verdict(guard, 'ldap://localhost:389')).toBe('loopback');
    expect(await verdict(guard, 'ldap://127.0.0.1:1234')).toBe('allowed');
    // The allowed address in another spelling is the same address.
    expect(await verdict(guard, 'ldap://127.1:1234')).toBe('allowed');
    expect(await verdict(guard, 'ldaps://[::1]')).toBe('allowed');
    expect(await verdict(guard, 'ldap://[::1]')).toBe('loopback');
    expect(await verdict(guard, 'ldap://169.254.169.254')).toBe('metadata');
  });
});

describe('connecting through the guard', () => {
  let server: net.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections += 1;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Connects through the guard: 'connected', or the refused kind / the error code. */
  function attempt(socket: net.Socket): Promise<string> {
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) =>
        resolve(error instanceof OutboundRefusal ? error.kind : String(error.code)),
      );
    });
  }

  it('refuses a name that passed the check and resolves to loopback when connecting (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const guard = createOutboundGuard(OPEN, rebinding);
    await guard.assertAllowed(`ldap://rebind.example:${port}`);
    const before = connections;
    expect(await attempt(guard.connect(port, 'rebind.example'))).toBe('loopback');
    expect(await attempt(guard.connectTls(port, 'rebind.example', { servername: 'rebind.example' }))).toBe(
      'loopback',
    );
    expect(calls).toBe(3);
    expect(connections).toBe(before);
  });

  it.each(['127.0.0.1', '127.1', '2130706433', '0x7f000001', 'localhost', '::ffff:127.0.0.1'])(
    'never opens a connection to %s',
    async (host) => {
      const guard = createOutboundGuard(OPEN);
      const before = connections;
      expect(await attempt(guard.connect(port, host))).toBe('loopback');
      expect(await attempt(guard.connectTls(port, host))).toBe('loopback');
      expect(connections).toBe(before);
    },
  );

  it('connects to an allowed host, and hands the socket only the addresses it checked', async () => {
    const allowed = createOutboundGuard({ denyPrivate: true, allowHosts: [{ host: '127.0.0.1', port }] });
    expect(await attempt(allowed.connect(port, '127.0.0.1'))).toBe('connected');
    const lookups: string[] = [];
    const guard = createOutboundGuard(OPEN, fixedResolver({ 'dir.example.com': ['93.184.216.34'] }));
    guard.lookup('dir.example.com', { all: true }, (error, addresses) => {
      expect(error).toBeNull();
      lookups.push(JSON.stringify(addresses));
    });
    guard.lookup('dir.example.com', {}, (error, address, family) => lookups.push(`${address}/${family}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookups).toEqual(['[{"address":"93.184.216.34","family":4}]', '93.184.216.34/4']);
  });
});

describe('OUTBOUND_ALLOW_HOSTS entries', () => {
  it.each([
    ['dc.lab.test', { host: 'dc.lab.test', port: null }],
    ['DC.Lab.Test:636', { host: 'dc.lab.test', port: 636 }],
    ['127.0.0.1', { host: '127.0.0.1', port: null }],
    ['127.0.0.1:3891', { host: '127.0.0.1', port: 3891 }],
    ['localhost', { host: 'localhost', port: null }],
    ['[::1]:389', { host: '::1', port: 389 }],
    ['[::1]', { host: '::1', port: null }],
    ['::1', { host: '::1', port: null }],
  ])('reads %s', (text, expected) => {
    expect(parseAllowedHost(text)).toEqual(expected);
  });

  it.each(['http://dc.lab.test', 'dc.lab.test:0', 'dc.lab.test:70000', 'a b', ':389', 'x:y:z', '[dc]:1'])(
    'refuses %s',
    (text) => {
      expect(parseAllowedHost(text)).toBeNull();
    },
  );
});
