import { describe, expect, it } from 'vitest';
import {
  isRouteHash,
  oauthLandingUrl,
  oauthRedirectUri,
  readOAuthReturn,
  takeOAuthReturn,
} from '../../../src/platforms/oauth-return';

describe('readOAuthReturn', () => {
  it('reads the code and state the platform put in the query string', () => {
    expect(readOAuthReturn('?code=c1&state=s1', '#wechat_redirect')).toEqual({ code: 'c1', state: 's1' });
  });

  it("reads them from the hash route's query when the redirect URI carried a route", () => {
    expect(readOAuthReturn('', '#/wecom?corpId=ww1&code=c2&state=s2')).toEqual({ code: 'c2', state: 's2' });
  });

  it('says a refusal: a state without a code', () => {
    expect(readOAuthReturn('?state=s3', '#wechat_redirect')).toEqual({ code: null, state: 's3' });
  });

  it('finds nothing in an ordinary address, and never reads #wechat_redirect as a query', () => {
    expect(readOAuthReturn('', '#/wecom?corpId=ww1')).toBeNull();
    expect(readOAuthReturn('', '#wechat_redirect')).toBeNull();
    expect(readOAuthReturn('?lang=en', '')).toBeNull();
  });
});

describe('isRouteHash', () => {
  it('takes #/... for a route and a fragment like #wechat_redirect for none', () => {
    expect(isRouteHash('#/wecom')).toBe(true);
    expect(isRouteHash('#wechat_redirect')).toBe(false);
    expect(isRouteHash('')).toBe(false);
    expect(isRouteHash('#')).toBe(false);
  });
});

describe('oauthLandingUrl', () => {
  it('puts the entry route in place of #wechat_redirect, keeping the code and state', () => {
    const location = { pathname: '/', search: '?code=c1&state=s1', hash: '#wechat_redirect' };
    expect(oauthLandingUrl(location, '/wecom?corpId=ww1&agentId=1000002')).toBe(
      '/?code=c1&state=s1#/wecom?corpId=ww1&agentId=1000002',
    );
  });

  it('puts the entry route where the platform left no fragment at all', () => {
    expect(oauthLandingUrl({ pathname: '/uc/', search: '?code=c&state=s', hash: '' }, '/wechat')).toBe(
      '/uc/?code=c&state=s#/wechat',
    );
  });

  it('leaves an address alone that has no OAuth answer or already names a route', () => {
    expect(oauthLandingUrl({ pathname: '/', search: '', hash: '#wechat_redirect' }, '/wecom')).toBeNull();
    expect(
      oauthLandingUrl({ pathname: '/', search: '?code=c&state=s', hash: '#/wecom?corpId=x' }, '/wecom'),
    ).toBeNull();
  });
});

describe('oauthRedirectUri', () => {
  it('is this page without query or fragment', () => {
    expect(oauthRedirectUri({ origin: 'https://uc.example', pathname: '/' })).toBe('https://uc.example/');
  });
});

describe('takeOAuthReturn', () => {
  it('hands the answer on once and clears it from the address, keeping the route and its history state', () => {
    window.history.replaceState({ idx: 3 }, '', '/?code=once&state=s&lang=en#/wecom?corpId=ww1');
    expect(takeOAuthReturn()).toEqual({ code: 'once', state: 's' });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/?lang=en#/wecom?corpId=ww1',
    );
    expect(window.history.state).toEqual({ idx: 3 });
    expect(takeOAuthReturn()).toBeNull();
  });

  it('does not hand on a code from the hash route twice', () => {
    window.history.replaceState(null, '', '/#/wecom?code=hash-code&state=s');
    expect(takeOAuthReturn()).toEqual({ code: 'hash-code', state: 's' });
    expect(takeOAuthReturn()).toBeNull();
  });
});
