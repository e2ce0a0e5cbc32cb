import { SaxesParser } from 'saxes';
import type { GuardedFetch } from '../security/outbound-fetch';

/** Why a CAS validation failed: the server's refusal (with its code) or an answer that is not CAS's. */
export class CasError extends Error {
  constructor(
    readonly reason: 'refused' | 'malformed',
    readonly casCode: string,
  ) {
    super(`CAS ${reason}${casCode ? ` (${casCode})` : ''}`);
    this.name = 'CasError';
  }
}

/** A CAS user: the `user` and the released attributes (an attribute released twice is a list). */
export interface CasUser {
  user: string;
  attributes: Record<string, string | string[]>;
}

/** Tickets are `[A-Za-z0-9-]` and at most 256 characters (CAS protocol 3.7); a proxy ticket is refused. */
export function isServiceTicket(ticket: string): boolean {
  return /^ST-[A-Za-z0-9-]{1,253}$/.test(ticket);
}

const base = (casUrl: string) => casUrl.replace(/\/+$/, '');

/** Where the browser signs in: `<cas>/login?service=<our callback>`. */
export function casLoginUrl(casUrl: string, service: string): string {
  return `${base(casUrl)}/login?service=${encodeURIComponent(service)}`;
}

/** Where the browser signs out, coming back to `returnTo`. */
export function casLogoutUrl(casUrl: string, returnTo: string): string {
  return `${base(casUrl)}/logout?service=${encodeURIComponent(returnTo)}`;
}

/**
 * Reads a serviceValidate answer (namespace http://www.yale.edu/tp/cas) with an XML parser: the success's
 * user and attributes, else CasError('refused', code) (a success naming proxies too) or CasError('malformed').
 */
export function parseServiceResponse(xml: string): CasUser {
  const parser = new SaxesParser({ xmlns: true });
  const stack: string[] = [];
  let text = '';
  let user: string | null = null;
  let failureCode: string | null = null;
  let proxied = false;
  let sawResponse = false;
  const attributes: Record<string, string | string[]> = {};
  parser.on('opentag', (tag) => {
    stack.push(tag.local ?? tag.name);
    text = '';
    if (tag.local === 'serviceResponse') sawResponse = true;
    if (tag.local === 'authenticationFailure') {
      const code = tag.attributes.code;
      failureCode = typeof code === 'string' ? code : (code?.value ?? 'UNKNOWN');
    }
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    const name = stack.pop() ?? '';
    const parent = stack[stack.length - 1];
    const value = text.trim();
    if (name === 'user' && parent === 'authenticationSuccess') user = value;
    else if (name === 'proxies' && parent === 'authenticationSuccess') proxied = true;
    else if (parent === 'attributes' && stack[stack.length - 2] === 'authenticationSuccess') {
      const existing = attributes[name];
      attributes[name] = existing === undefined ? value : [...[existing].flat(), value];
    }
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch {
    throw new CasError('malformed', '');
  }
  if (!sawResponse) throw new CasError('malformed', '');
  if (failureCode !== null) throw new CasError('refused', failureCode);
  // A ticket that went through a proxy is a proxy ticket, whatever its name: a sign-in takes only a service
  // ticket issued to the portal itself (a lax server may validate one at /serviceValidate).
  if (proxied) throw new CasError('refused', 'INVALID_TICKET_SPEC');
  if (!user) throw new CasError('malformed', '');
  return { user, attributes };
}

/**
 * Validates a service ticket for exactly the service it was issued for: `/serviceValidate` (protocol 2.0)
 * or `/p3/serviceValidate` (3.0, with attributes).
 */
export async function validateServiceTicket(
  fetch: GuardedFetch,
  cas: { url: string; version: '2.0' | '3.0' },
  service: string,
  ticket: string,
): Promise<CasUser> {
  if (!isServiceTicket(ticket)) throw new CasError('refused', 'INVALID_TICKET_SPEC');
  const path = cas.version === '3.0' ? '/p3/serviceValidate' : '/serviceValidate';
  const url = `${base(cas.url)}${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  const answer = await fetch(url, { headers: { accept: 'application/xml, text/xml' } });
  if (!answer.ok) throw new CasError('malformed', String(answer.status));
  return parseServiceResponse(await answer.text());
}

/**
 * The service ticket a CAS single-logout request names (protocol Appendix C: a SAML `LogoutRequest` whose
 * `SessionIndex` is the ticket), or null when the XML is not one or names no service ticket.
 */
export function parseLogoutRequest(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let root: string | null = null;
  let inIndex = false;
  let index = '';
  parser.on('opentag', (tag) => {
    root ??= tag.local ?? tag.name;
    inIndex = tag.local === 'SessionIndex';
  });
  parser.on('text', (chunk) => {
    if (inIndex) index += chunk;
  });
  parser.on('closetag', () => {
    inIndex = false;
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  const ticket = index.trim();
  return root === 'LogoutRequest' && isServiceTicket(ticket) ? ticket : null;
}
