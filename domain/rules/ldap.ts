/** The placeholder a user DN / UPN template and a search filter carry for the name the user typed. */
export const USERNAME_PLACEHOLDER = '{username}';

/** What a user typed in the domain-account sign-in, split into the directory user name and its domain. */
export interface DomainLogin {
  username: string;
  /** Lower-case domain the user named (`alice@lab.test`, `LAB\alice`), or null for a bare name. */
  domain: string | null;
}

/**
 * A user name as directories compare it: without leading or trailing spaces and with inner runs of spaces
 * as one (LDAP's insignificant-space handling), so ` alice` and `alice` are one directory user here too.
 */
function normaliseUsername(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Splits a domain-account name: `DOMAIN\user` (down-level, Active Directory), `user@domain` (a UPN), or a
 * bare `user`. The first backslash and the last `@` split, so a user name keeps any later character and the
 * directory decides whether it exists.
 */
export function parseDomainLogin(input: string): DomainLogin {
  const trimmed = input.trim();
  const slash = trimmed.indexOf('\\');
  if (slash > 0 && slash < trimmed.length - 1) {
    return {
      domain: trimmed.slice(0, slash).trim().toLowerCase(),
      username: normaliseUsername(trimmed.slice(slash + 1)),
    };
  }
  const at = trimmed.lastIndexOf('@');
  if (at > 0 && at < trimmed.length - 1) {
    return {
      domain: trimmed
        .slice(at + 1)
        .trim()
        .toLowerCase(),
      username: normaliseUsername(trimmed.slice(0, at)),
    };
  }
  return { domain: null, username: normaliseUsername(trimmed) };
}

/** Normalises the domains an organisation lists: trimmed, lower-case, sorted, without repeats or empties. */
export function normaliseDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((domain) => domain.trim().toLowerCase()).filter(Boolean))].sort();
}

/** A domain name users may type: letters, digits, dots and hyphens (a DNS name or a NetBIOS name). */
export const DOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/i;

/** Whether a template names the user by a DN (`uid={username},ou=people,...`) rather than a UPN. */
export function isDnTemplate(template: string): boolean {
  return template.includes('=');
}

/**
 * Escapes a value for a DN attribute value (RFC 4514 §2.4): the specials `" + , ; < > \ =` get a
 * backslash, a leading `#` or space and a trailing space too, NUL becomes `\00`. Without it a name such
 * as `alice,ou=admins` would change which entry the DN names.
 */
export function escapeDnValue(value: string): string {
  const chars = [...value];
  return chars
    .map((char, index) => {
      if (char === '\0') return '\\00';
      if ('\\"+,;<>='.includes(char)) return `\\${char}`;
      if (index === 0 && (char === '#' || char === ' ')) return `\\${char}`;
      if (index === chars.length - 1 && char === ' ') return '\\ ';
      return char;
    })
    .join('');
}

/**
 * Characters a non-DN bind name (`{username}@corp.example`, `CORP\{username}`) must not carry: Active
 * Directory refuses them in sAMAccountName, and they could turn a UPN into another name form.
 */
const BIND_NAME_FORBIDDEN = /["/\\[\]:;|=,+*?<>@]/;

/** Whether a text holds a control character (C0 or DEL), which no directory user name carries. */
function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/**
 * The name to bind with: the template with `{username}` filled in, escaped for a DN template; null when
 * the user name cannot be part of such a name (then no bind is attempted and the answer is the same as
 * for a wrong password).
 */
export function bindName(template: string, username: string): string | null {
  if (!username || hasControlCharacter(username)) return null;
  if (isDnTemplate(template)) return template.split(USERNAME_PLACEHOLDER).join(escapeDnValue(username));
  if (BIND_NAME_FORBIDDEN.test(username)) return null;
  return template.split(USERNAME_PLACEHOLDER).join(username);
}

/**
 * A search filter with `{username}` filled in by a caller-supplied escaper (RFC 4515; the server passes
 * its LDAP client's), so the user's input is never spliced in raw.
 */
export function fillFilter(template: string, username: string, escape: (value: string) => string): string {
  return template.split(USERNAME_PLACEHOLDER).join(escape(username));
}

/** Whether a directory URL is one the portal speaks: ldap:// or ldaps:// with a host. */
export function isDirectoryUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'ldap:' || url.protocol === 'ldaps:') && url.hostname !== '';
  } catch {
    return false;
  }
}
