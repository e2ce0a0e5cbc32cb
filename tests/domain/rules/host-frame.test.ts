import { describe, expect, it } from 'vitest';
import { hostFrameHeaderValue, isCrossSiteRequest, isFramedByHost } from '../../../domain/rules/host-frame';

describe('hostFrameHeaderValue', () => {
  it.each([
    ['dingtalk', true, 'dingtalk'],
    ['feishu', true, 'feishu'],
    ['dingtalk', false, null],
    ['browser', true, null],
    ['browser', false, null],
  ] as const)('%s framed=%s sends %s', (kind, framed, value) => {
    expect(hostFrameHeaderValue(kind, framed)).toBe(value);
  });
});

describe('isFramedByHost', () => {
  it.each([
    ['dingtalk', true],
    ['wecom', true],
    ['browser', false],
    ['', false],
    [undefined, false],
  ] as const)('%s is framed: %s', (value, framed) => {
    expect(isFramedByHost(value)).toBe(framed);
  });
});

describe('isCrossSiteRequest', () => {
  it.each([
    [{ secFetchSite: 'cross-site', origin: 'https://uc.example', host: 'uc.example' }, true],
    [{ secFetchSite: 'same-origin', origin: 'https://uc.example', host: 'uc.example' }, false],
    [{ secFetchSite: 'same-site', origin: 'https://www.example', host: 'uc.example' }, false],
    [{ secFetchSite: 'none' }, false],
    [{ origin: 'https://evil.example', host: 'uc.example' }, true],
    [{ origin: 'https://uc.example', host: 'UC.example' }, false],
    [{ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }, false],
    [{ origin: 'http://127.0.0.1:8081', host: '127.0.0.1:8080' }, true],
    [{ origin: 'null', host: 'uc.example' }, true],
    [{ origin: 'not a url', host: 'uc.example' }, true],
    [{ host: 'uc.example' }, false],
  ])('%o is cross-site: %s', (headers, crossSite) => {
    expect(isCrossSiteRequest(headers)).toBe(crossSite);
  });
});
