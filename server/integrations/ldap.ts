import net from 'node:net';
import tls, { type ConnectionOptions } from 'node:tls';
import {
  Client,
  Filter,
  InvalidCredentialsError,
  ResultCodeError,
  SASL_MECHANISMS,
  type SearchOptions,
} from 'ldapts';
import { bindName, fillFilter, isDnTemplate } from '../../domain/rules/ldap';
import type { LdapSetting } from '../../domain/schemas/ldap';
import { type OutboundGuard, OutboundRefusal } from '../security/outbound-guard';

/** A directory user after a successful bind, with the attributes the setting maps. */
export interface DirectoryUser {
  dn: string;
  name: string;
  mail: string;
  mobile: string;
}

/**
 * Why a directory sign-in failed: the directory refused the name or password (or the name cannot be
 * one), it could not be reached in time, its certificate could not be verified, the read after the
 * bind matched more than one entry, or its address leads where the outbound guard refuses to go (the
 * cause is the OutboundRefusal).
 */
export type DirectoryFailure = 'invalidCredentials' | 'unavailable' | 'tls' | 'ambiguous' | 'addressRefused';

export class DirectoryError extends Error {
  constructor(
    readonly reason: DirectoryFailure,
    options?: { cause?: unknown },
  ) {
    super(`directory sign-in failed: ${reason}`, options);
    this.name = 'DirectoryError';
  }
}

/** Node's codes of a certificate that could not be verified. */
const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** How the directory's certificate is checked: the setting's CA (else the system's), unless told not to. */
function tlsOptions(setting: LdapSetting): ConnectionOptions {
  const host = new URL(setting.url).hostname.replace(/^\[|\]$/g, '');
  return {
    host,
    ...(net.isIP(host) ? {} : { servername: host }),
    ...(setting.tlsCa ? { ca: setting.tlsCa } : {}),
    rejectUnauthorized: !setting.tlsSkipVerify,
  };
}

/** Classifies what the client threw while connecting or binding. */
function classify(error: unknown): DirectoryError {
  if (error instanceof DirectoryError) return error;
  if (error instanceof OutboundRefusal) return new DirectoryError('addressRefused', { cause: error });
  if (error instanceof InvalidCredentialsError)
    return new DirectoryError('invalidCredentials', { cause: error });
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CERTIFICATE_ERRORS.has(code))
    return new DirectoryError('tls', { cause: error });
  // Busy (51) and unavailable (52) are the directory's trouble; any other result code of a bind (a name
  // that is not a valid DN, an account that is disabled or expired) is a refusal of these credentials.
  if (error instanceof ResultCodeError && error.code !== 51 && error.code !== 52) {
    return new DirectoryError('invalidCredentials', { cause: error });
  }
  return new DirectoryError('unavailable', { cause: error });
}

/** A string value of an entry's attribute, read case-insensitively (directories differ in case). */
function attribute(entry: Record<string, unknown>, name: string): string {
  const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first === 'string') return first.trim();
  return Buffer.isBuffer(first) ? first.toString('utf8').trim() : '';
}

/** The search that reads the bound user's entry, or null when the setting gives no way to find it. */
function entrySearch(setting: LdapSetting, dn: string, username: string): [string, SearchOptions] | null {
  const attributes = [setting.nameAttribute, setting.mailAttribute, setting.mobileAttribute];
  if (setting.filter) {
    const filter = fillFilter(setting.filter, username, (value) => Filter.escape(value));
    return [setting.baseDn, { scope: 'sub', filter, attributes, sizeLimit: 2 }];
  }
  if (isDnTemplate(setting.userDnTemplate)) {
    return [dn, { scope: 'base', filter: '(objectClass=*)', attributes, sizeLimit: 1 }];
  }
  return null;
}

/**
 * Signs a user in against the organisation's directory: binds as the user (over ldaps:// or StartTLS
 * when the setting says so), then reads the user's entry as that user with the setting's filter, the
 * typed name escaped (RFC 4515). An empty password is refused before any bind: LDAP would take it as an
 * unauthenticated bind and succeed. Everything must finish within `timeoutMs`. The directory's address is
 * the organisation's: every connection goes through the outbound guard.
 */
export async function authenticateWithDirectory(
  setting: LdapSetting,
  username: string,
  password: string,
  timeoutMs: number,
  outbound: OutboundGuard,
): Promise<DirectoryUser> {
  const dn = bindName(setting.userDnTemplate, username);
  // A bind name that is a SASL mechanism would make the client start a SASL bind instead of a simple one.
  if (!password || dn === null || (SASL_MECHANISMS as readonly string[]).includes(dn)) {
    throw new DirectoryError('invalidCredentials');
  }
  const ldaps = setting.url.toLowerCase().startsWith('ldaps:');
  const client = new Client({
    url: setting.url,
    timeout: timeoutMs,
    connectTimeout: timeoutMs,
    strictDN: false,
    // Every connection to the directory's address goes through the guard, which checks the address it
    // connects to; StartTLS only wraps the socket the guard already opened.
    createConnection: ((port: number, host: string) => outbound.connect(port, host)) as typeof net.connect,
    createSecureConnection: ((...args: [number, string, ConnectionOptions?] | [ConnectionOptions]) =>
      args.length === 1 ? tls.connect(args[0]) : outbound.connectTls(...args)) as typeof tls.connect,
    // TLS options on an ldap:// client would make it speak TLS at once; StartTLS gets them later.
    ...(ldaps ? { tlsOptions: tlsOptions(setting) } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DirectoryError('unavailable')), timeoutMs);
  });
  const work = async (): Promise<DirectoryUser> => {
    try {
      if (setting.startTls && !ldaps) await client.startTLS(tlsOptions(setting));
      await client.bind(dn, password);
    } catch (error) {
      throw classify(error);
    }
    const search = entrySearch(setting, dn, username);
    let entries: Array<Record<string, unknown>> = [];
    if (search) {
      try {
        entries = (await client.search(...search)).searchEntries;
      } catch (error) {
        // More matches than asked for is as ambiguous as two.
        if (error instanceof ResultCodeError && error.code === 4) throw new DirectoryError('ambiguous');
        // A read the user may not make, or a base that does not exist, leaves the attributes empty.
        if (!(error instanceof ResultCodeError) || error.code === 51 || error.code === 52)
          throw classify(error);
      }
    }
    if (entries.length > 1) throw new DirectoryError('ambiguous');
    const entry = entries[0] ?? {};
    return {
      dn: typeof entry.dn === 'string' && entry.dn ? entry.dn : dn,
      name: attribute(entry, setting.nameAttribute) || username,
      mail: attribute(entry, setting.mailAttribute),
      mobile: attribute(entry, setting.mobileAttribute),
    };
  };
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
    await client.unbind().catch(() => undefined);
  }
}
