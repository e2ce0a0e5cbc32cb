import ipaddr from 'ipaddr.js';

/** One range of an IP whitelist: an IPv4 or IPv6 network and its prefix length (a single address is /32 or /128). */
export interface IpRange {
  address: ipaddr.IPv4 | ipaddr.IPv6;
  prefix: number;
}

/** A whitelist's text read line by line: its ranges, and the 1-based numbers of the lines that are not one. */
export interface ParsedWhitelist {
  ranges: IpRange[];
  invalidLines: number[];
}

/**
 * An address as the whitelist compares it: IPv4 in strict dotted decimal (no `10.1`, octal or hex forms,
 * which inet_aton would read), or IPv6 without a zone; an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as a
 * dual-stack socket reports IPv4 peers) is its IPv4 address, so it meets the IPv4 lines. Null otherwise.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const value = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value);
  if (value.includes('%') || !ipaddr.IPv6.isValid(value)) return null;
  const v6 = ipaddr.IPv6.parse(value);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * One whitelist line (SPEC §5): an address, or a range with a slash and a prefix length (`10.0.0.0/8`,
 * `2001:db8::/32`). A range whose address has host bits set (`10.0.0.1/8`) stands for its network. An
 * IPv4-mapped IPv6 range (`::ffff:10.0.0.0/104`) is the IPv4 range it maps. Null when it is neither.
 */
export function parseRange(line: string): IpRange | null {
  const [addressText, prefixText, ...rest] = line.trim().split('/');
  if (rest.length > 0) return null;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const value = addressText.trim();
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) address = ipaddr.IPv4.parse(value);
  else if (!value.includes('%') && ipaddr.IPv6.isValid(value)) address = ipaddr.IPv6.parse(value);
  else return null;
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) {
    // ::ffff:0:0/96 and narrower map onto IPv4; a wider one reaches beyond the mapped block.
    if (prefix < 96) return { address, prefix };
    return { address: address.toIPv4Address(), prefix: prefix - 96 };
  }
  return { address, prefix };
}

/** Reads a whitelist's text: blank lines are skipped; every other line must be one address or range. */
export function parseWhitelist(text: string): ParsedWhitelist {
  const ranges: IpRange[] = [];
  const invalidLines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const range = parseRange(line);
    if (range) ranges.push(range);
    else invalidLines.push(index + 1);
  });
  return { ranges, invalidLines };
}

/** Whether an address (as the socket or a trusted proxy gave it) lies in any of the ranges. */
export function addressInRanges(addressText: string, ranges: readonly IpRange[]): boolean {
  const address = parseAddress(addressText);
  if (!address) return false;
  return ranges.some(
    (range) => range.address.kind() === address.kind() && address.match(range.address, range.prefix),
  );
}

/** The address as a person reads it: IPv4-mapped IPv6 shown as IPv4, IPv6 compressed. */
export function displayAddress(addressText: string): string {
  return parseAddress(addressText)?.toString() ?? addressText;
}
