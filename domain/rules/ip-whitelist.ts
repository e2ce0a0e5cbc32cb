/**
 * Text-level rules of an organisation's IP whitelist (SPEC §5): one address or range per line. Parsing an
 * address is the server's (server/security/ip-ranges.ts, on ipaddr.js: domain/ imports nothing but zod);
 * these bound the text and decide who the list applies to.
 */

/** Most lines a whitelist may have, and the longest line (an IPv6 range is at most 43 characters). */
export const IP_WHITELIST_MAX_LINES = 500;
export const IP_WHITELIST_MAX_LINE_LENGTH = 64;
/** Most members named in one unrestricted-list change. */
export const IP_UNRESTRICTED_BATCH_MAX = 100;

/** The lines that count, trimmed, blank ones dropped: what is stored and shown back. */
export function whitelistLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Whether the whitelist applies to a signed-in member (SPEC §6): only when it is on, and never to an
 * administrator or an unrestricted member.
 */
export function whitelistApplies(input: {
  enabled: boolean;
  isAdmin: boolean;
  unrestricted: boolean;
}): boolean {
  return input.enabled && !input.isAdmin && !input.unrestricted;
}

/** A whitelist in words for the operation log, e.g. `on, 3 lines: 10.0.0.0/8, 192.168.1.7, ...`. */
export function describeWhitelist(enabled: boolean, lines: readonly string[]): string {
  const shown = lines.slice(0, 20).join(', ');
  const more = lines.length > 20 ? `, ... (${lines.length - 20} more)` : '';
  return `${enabled ? 'on' : 'off'}, ${lines.length} line${lines.length === 1 ? '' : 's'}${lines.length ? `: ${shown}${more}` : ''}`;
}
