import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import ipaddr from 'ipaddr.js';
import { ApiError } from '../core/errors';
import { normaliseHost, type OutboundPolicy } from '../core/outbound-policy';

/**
 * What an address is to the outbound guard:
 * - `public`: a globally routed unicast address;
 * - `private`: RFC 1918, carrier-grade NAT (100.64/10), IPv6 unique-local and site-local: allowed unless the
 *   operator sets OUTBOUND_DENY_PRIVATE (on-premises directories live there);
 * - `loopback`, `unspecified`, `linkLocal`: the server itself or its link, never reached;
 * - `metadata`: a cloud provider's instance metadata or platform service, never reached;
 * - `special`: multicast, broadcast, documentation, benchmarking and other reserved ranges, never reached.
 */
export type AddressKind =
  'public' | 'private' | 'loopback' | 'unspecified' | 'linkLocal' | 'metadata' | 'special';

/**
 * Cloud instance-metadata and platform endpoints: AWS, GCP, Azure, OpenStack, Huawei (169.254.169.254),
 * ECS and EKS task credentials (169.254.170.2, 169.254.170.23), Tencent (169.254.0.23), Alibaba
 * (100.100.100.200), Oracle (192.0.0.192), Azure's WireServer (168.63.129.16); AWS's IPv6 endpoints
 * live in fd00:ec2::/32, which would otherwise pass as unique-local.
 */
const METADATA_V4 = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '169.254.0.23',
  '100.100.100.200',
  '192.0.0.192',
  '168.63.129.16',
]);
const METADATA_V6 = ipaddr.IPv6.parse('fd00:ec2::');
/** fec0::/10, deprecated but still routed inside some networks. */
const SITE_LOCAL = ipaddr.IPv6.parse('fec0::');

function ipv4Kind(address: ipaddr.IPv4): AddressKind {
  if (METADATA_V4.has(address.toString())) return 'metadata';
  const range = address.range();
  if (range === 'unicast') return 'public';
  if (range === 'private' || range === 'carrierGradeNat') return 'private';
  if (range === 'loopback' || range === 'unspecified' || range === 'linkLocal') return range;
  return 'special';
}

/** The IPv4 address carried in the low 32 bits of an IPv6 address. */
function low32(address: ipaddr.IPv6): ipaddr.IPv4 {
  const parts = address.parts;
  return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]);
}

function ipv6Kind(address: ipaddr.IPv6): AddressKind {
  const parts = address.parts;
  if (address.match(METADATA_V6, 32)) return 'metadata';
  const range = address.range();
  // Addresses that carry an IPv4 address reach it (mapped, translated, NAT64 with the well-known prefix,
  // 6to4, the deprecated IPv4-compatible ::a.b.c.d): they are what that IPv4 address is.
  if (range === 'ipv4Mapped' || range === 'rfc6145') return ipv4Kind(low32(address));
  if (range === 'rfc6052' && parts.slice(2, 6).every((part) => part === 0)) return ipv4Kind(low32(address));
  if (range === '6to4') {
    return ipv4Kind(new ipaddr.IPv4([parts[1] >> 8, parts[1] & 0xff, parts[2] >> 8, parts[2] & 0xff]));
  }
  if (range === 'unicast' && parts.slice(0, 6).every((part) => part === 0)) return ipv4Kind(low32(address));
  if (range === 'unicast') return 'public';
  if (range === 'uniqueLocal' || address.match(SITE_LOCAL, 10)) return 'private';
  if (range === 'loopback' || range === 'unspecified' || range === 'linkLocal') return range;
  return 'special';
}

/**
 * What an IP address is, in any spelling a resolver or socket would take: dotted, shortened (`127.1`),
 * decimal (`2130706433`), hex (`0x7f000001`) or octal IPv4, IPv6 with or without brackets or a zone.
 * Null when the text is not an IP address (a name to resolve).
 */
export function addressKind(text: string): AddressKind | null {
  const value = text.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(value)) return null;
  const address = ipaddr.parse(value);
  return address instanceof ipaddr.IPv4 ? ipv4Kind(address) : ipv6Kind(address);
}

/** A connection the guard refused: the host as given, the address it led to and what that address is. */
export class OutboundRefusal extends Error {
  readonly code = 'EOUTBOUNDREFUSED';

  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: Exclude<AddressKind, 'public'>,
  ) {
    super(`outbound connection refused: ${host} leads to ${address} (${kind})`);
    this.name = 'OutboundRefusal';
  }
}

/** Resolves a name to every address it has (the system resolver, as sockets use it, unless a test injects one). */
export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) =>
  dns.promises.lookup(hostname, { all: true, family, verbatim: true });

/** A `lookup` for net, tls and undici connect options (node:dns's signature). */
export type GuardedLookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * The one check of every address an administrator or an organisation can set (a directory today; SSO and
 * open-capability addresses to come). Loopback, unspecified, link-local, metadata and reserved addresses
 * are refused in every spelling, private ones when the operator says so, except on hosts the operator
 * allows. Names are checked on every address they resolve to, at the moment of connecting, and the socket
 * is handed only the addresses checked, so a name that resolves elsewhere the second time (DNS
 * rebinding) gains nothing. Addresses set by the operator (config, the CLI's hooks) do not come here.
 *
 * - Sockets: `connect(port, host)` / `connectTls(port, host, options)` in place of net.connect and
 *   tls.connect (ldapts takes them as `createConnection` / `createSecureConnection`).
 * - HTTP (undici / fetch): `await assertAllowed(url)` for the URL, then a dispatcher whose connector uses
 *   `lookup` (`new Agent({ connect: { lookup } })`): Node connects to an IP address without a lookup, so
 *   the first call covers literal addresses and the lookup covers names.
 * - Saving a setting: `await assertAllowed(url)` refuses an address before it is stored.
 */
export interface OutboundGuard {
  /** Whether the operator allows this host (and port) whatever it resolves to. */
  allowsHost(host: string, port: number): boolean;
  /**
   * Refuses (OutboundRefusal) a URL whose host is, or now resolves to, an address the policy refuses. A
   * name that does not resolve now passes: it is checked again when a connection is made.
   */
  assertAllowed(url: string | URL): Promise<void>;
  /** Resolves and checks a host: every address it leads to, or OutboundRefusal / the resolver's error. */
  resolve(host: string, family?: 0 | 4 | 6): Promise<LookupAddress[]>;
  lookup: GuardedLookup;
  connect(port: number, host: string): net.Socket;
  connectTls(port: number, host: string, options?: tls.ConnectionOptions): tls.TLSSocket;
}

/** Default ports of the schemes the guard sees, for matching `host:port` allow entries. */
const DEFAULT_PORTS: Record<string, number> = { 'ldap:': 389, 'ldaps:': 636, 'http:': 80, 'https:': 443 };

/** The guard of a policy; `resolver` is for tests (a name that resolves differently each time). */
export function createOutboundGuard(
  policy: OutboundPolicy,
  resolver: Resolver = systemResolver,
): OutboundGuard {
  const refuses = (kind: AddressKind) => kind !== 'public' && (kind !== 'private' || policy.denyPrivate);

  const allowsHost = (host: string, port: number) => {
    const name = normaliseHost(host);
    return policy.allowHosts.some(
      (entry) => entry.host === name && (entry.port === null || entry.port === port),
    );
  };

  const resolve = async (host: string, family: 0 | 4 | 6 = 0): Promise<LookupAddress[]> => {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    // An IP address in any spelling is checked as written and connected to as checked, never handed to
    // a resolver that might read it another way.
    let found: LookupAddress[];
    if (ipaddr.isValid(bare)) {
      const literal = ipaddr.parse(bare);
      found = [{ address: literal.toString(), family: literal.kind() === 'ipv6' ? 6 : 4 }];
    } else {
      found = await resolver(bare, family);
    }
    if (found.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
    for (const { address } of found) {
      const kind = addressKind(address) ?? 'special';
      if (kind !== 'public' && refuses(kind)) throw new OutboundRefusal(host, address, kind);
    }
    return found;
  };

  const lookup: GuardedLookup = (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    resolve(hostname, family).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  /**
   * Opens a socket to a host the guard checks. Node connects to an IP address without calling `lookup`, so
   * one is checked here; a refused one gets a socket whose lookup fails, which reports the refusal the way
   * any failed connection does (an `error` event), having sent nothing anywhere.
   */
  function open<T extends net.Socket>(
    connector: (options: net.TcpNetConnectOpts) => T,
    port: number,
    host: string,
  ): T {
    if (allowsHost(host, port)) return connector({ port, host });
    if (net.isIP(host)) {
      const kind = addressKind(host) ?? 'special';
      if (kind === 'public' || !refuses(kind)) return connector({ port, host });
      const refusal = new OutboundRefusal(host, host, kind);
      return connector({
        port,
        host: 'refused.invalid',
        lookup: (_name, _options, done) => done(refusal, ''),
      });
    }
    return connector({ port, host, lookup });
  }

  return {
    allowsHost,
    async assertAllowed(url) {
      const parsed = typeof url === 'string' ? new URL(url) : url;
      const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost';
      const port = parsed.port ? Number(parsed.port) : (DEFAULT_PORTS[parsed.protocol] ?? 0);
      if (allowsHost(host, port)) return;
      try {
        await resolve(host);
      } catch (error) {
        if (error instanceof OutboundRefusal) throw error;
      }
    },
    resolve,
    lookup,
    connect: (port, host) => open((options) => net.connect(options), port, host),
    connectTls: (port, host, options = {}) =>
      open((connectOptions) => tls.connect({ ...options, ...connectOptions }), port, host),
  };
}

/** A refusal as an API failure (400) that tells the administrator which address was refused and why. */
export function outboundRefusalError(refusal: OutboundRefusal): ApiError {
  const key =
    refusal.kind === 'private' ? 'errors.outbound.privateAddress' : 'errors.outbound.internalAddress';
  return new ApiError(400, key, { host: refusal.host, address: refusal.address });
}
