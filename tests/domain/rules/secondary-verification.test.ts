import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile, needsSecondFactor } from '../../../domain/rules/secondary-verification';

describe('needsSecondFactor', () => {
  const known = { knownDevice: true, knownIp: true };
  it.each([
    ['off', { knownDevice: false, knownIp: false }, false],
    ['always', known, true],
    ['new-device', known, false],
    ['new-device', { knownDevice: false, knownIp: true }, true],
    ['new-device', { knownDevice: true, knownIp: false }, true],
    ['new-device', { knownDevice: false, knownIp: false }, true],
  ] as const)('%s with %o: %s', (mode, source, expected) => {
    expect(needsSecondFactor(mode, source)).toBe(expected);
  });
});

describe('masking where a code goes', () => {
  it.each([
    ['13800000001', '138****0001'],
    ['1380', '1****'],
  ])('shows the mobile number %s as %s', (mobile, masked) => {
    expect(maskMobile(mobile)).toBe(masked);
  });

  it.each([
    ['analyst@demo-lab.test', 'an****@demo-lab.test'],
    ['ab@x.test', 'a****@x.test'],
    ['a@x.test', 'a****@x.test'],
    ['not-an-email', '****'],
  ])('shows the email %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
