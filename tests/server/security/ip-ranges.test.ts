import { describe, expect, it } from 'vitest';
import {
  addressInRanges,
  displayAddress,
  parseAddress,
  parseRange,
  parseWhitelist,
} from '../../../server/security/ip-ranges';

const rangesOf = (text: string) => parseWhitelist(text).ranges;

describe('parseRange', () => {
  it.each([
    ['192.168.1.10', '192.168.1.10', 32],
    [' 10.0.0.0/8 ', '10.0.0.0', 8],
    ['0.0.0.0/0', '0.0.0.0', 0],
    ['2001:db8::/32', '2001:db8::', 32],
    ['::1', '::1', 128],
    ['::/0', '::', 0],
    ['::ffff:10.1.2.3', '10.1.2.3', 32],
    ['::ffff:10.0.0.0/104', '10.0.0.0', 8],
  ])('reads %s as %s/%i', (line, address, prefix) => {
    const range = parseRange(line);
    expect(range?.address.toString()).toBe(address);
    expect(range?.prefix).toBe(prefix);
  });

  it.each([
    ['10.0.0.0/33', 'prefix past 32'],
    ['2001:db8::/129', 'prefix past 128'],
    ['10.0.0.0/', 'empty prefix'],
    ['10.0.0.0/8/8', 'two slashes'],
    ['10.0.0.0/-1', 'negative prefix'],
    ['10.0.0.0/ 8', 'space in the prefix'],
    ['10.1', 'inet_aton short form'],
    ['010.0.0.1', 'octal form'],
    ['0x0a.0.0.1', 'hex form'],
    ['256.1.1.1', 'octet past 255'],
    ['1.2.3.4.5', 'five parts'],
    ['fe80::1%eth0', 'IPv6 zone'],
    ['example.com', 'a host name'],
    ['10.0.0.1-10.0.0.9', 'a dash range'],
    ['*', 'a wildcard'],
  ])('refuses %s (%s)', (line) => {
    expect(parseRange(line)).toBeNull();
  });
});

describe('parseWhitelist', () => {
  it('skips blank lines and names bad lines by their number as typed', () => {
    const parsed = parseWhitelist('10.0.0.0/8\n\n  \nnot-an-ip\r\n192.168.1.1\n300.1.1.1');
    expect(parsed.ranges).toHaveLength(2);
    expect(parsed.invalidLines).toEqual([4, 6]);
  });
});

describe('addressInRanges', () => {
  const table: Array<[list: string, address: string, allowed: boolean]> = [
    ['192.168.1.10', '192.168.1.10', true],
    ['192.168.1.10', '192.168.1.11', false],
    ['10.0.0.0/8', '10.255.3.4', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.0.0.1/8', '10.9.9.9', true],
    // A dual-stack socket reports IPv4 peers as IPv4-mapped IPv6: they meet the IPv4 lines.
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['10.0.0.0/8', '::ffff:11.1.2.3', false],
    ['::ffff:10.0.0.0/104', '10.7.7.7', true],
    ['192.168.1.10', '::ffff:c0a8:010a', true],
    ['2001:db8::/32', '2001:db8:1::5', true],
    ['2001:db8::/32', '2001:db9::5', false],
    // 0.0.0.0/0 is every IPv4 address, and no IPv6 one.
    ['0.0.0.0/0', '203.0.113.9', true],
    ['0.0.0.0/0', '2001:db8::1', false],
    ['::/0', '2001:db8::1', true],
    ['::/0', '203.0.113.9', false],
    ['', '10.0.0.1', false],
    ['10.0.0.0/8', 'garbage', false],
    ['10.0.0.0/8', '', false],
  ];
  it.each(table)('list %j lets %s in: %s', (list, address, allowed) => {
    expect(addressInRanges(address, rangesOf(list))).toBe(allowed);
  });
});

describe('parseAddress and displayAddress', () => {
  it('shows an IPv4-mapped address as IPv4 and IPv6 compressed', () => {
    expect(displayAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(displayAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(parseAddress('10.1')).toBeNull();
  });
});
