import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** A host an operator allows whatever it resolves to (OUTBOUND_ALLOW_HOSTS), on any port when `port` is null. */
export interface AllowedHost {
  host: string;
  port: number | null;
}

/**
 * The operator's rules for addresses an administrator or organisation sets (config.outbound); the guard
 * that applies them is server/security/outbound-guard.ts.
 */
export interface OutboundPolicy {
  /** OUTBOUND_DENY_PRIVATE: refuse private-network addresses too. */
  denyPrivate: boolean;
  /** OUTBOUND_ALLOW_HOSTS: hosts reached whatever they resolve to. */
  allowHosts: readonly AllowedHost[];
}

/** A host as the allow list compares it: lower case, no brackets or trailing dot, IP addresses canonical. */
export function normaliseHost(host: string): string {
  const value = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return ipaddr.isValid(value) ? ipaddr.parse(value).toString() : value;
}

/** One OUTBOUND_ALLOW_HOSTS entry: `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address. */
export function parseAllowedHost(text: string): AllowedHost | null {
  const entry = text.trim();
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(entry);
  const named = /^([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?\.?)(?::(\d{1,5}))?$/.exec(entry);
  const [host, portText] = bracketed
    ? [bracketed[1], bracketed[2]]
    : entry.split(':').length > 2
      ? [entry, undefined]
      : named
        ? [named[1], named[2]]
        : [null, undefined];
  if (host === null || ((bracketed || host.includes(':')) && !net.isIPv6(host))) return null;
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host: normaliseHost(host), port };
}
