/**
 * The way back from WeChat's and WeCom's OAuth authorize page. The platform sends the browser to
 * `redirect_uri?code=...&state=...`, and Chromium keeps the authorize URL's `#wechat_redirect` fragment on
 * that redirect, so the page comes back as `/?code=c&state=s#wechat_redirect`: the fragment is not a route
 * of the hash router and must never be read as one.
 */

/** What an OAuth redirect brought back: a code (absent when the user refused) and the state. */
export interface OAuthReturn {
  code: string | null;
  state: string | null;
}

/** Whether a location hash is a route of the hash router (`#/...`), not a fragment like `#wechat_redirect`. */
export function isRouteHash(hash: string): boolean {
  return hash.startsWith('#/');
}

function fromQuery(query: string): OAuthReturn | null {
  const params = new URLSearchParams(query);
  const code = params.get('code');
  const state = params.get('state');
  return code || state ? { code: code || null, state: state || null } : null;
}

/**
 * The code and state in a URL: from the query string (where the platforms put them) or else from the
 * hash route's own query (`#/wecom?code=...`, when a redirect URI carried a route). Null when neither has.
 */
export function readOAuthReturn(search: string, hash: string): OAuthReturn | null {
  const inSearch = fromQuery(search);
  if (inSearch) return inSearch;
  if (!isRouteHash(hash)) return null;
  const query = hash.indexOf('?');
  return query < 0 ? null : fromQuery(hash.slice(query + 1));
}

/**
 * Where an OAuth return should land before the router starts: the same address with the entry route in
 * place of a fragment that is not a route (`#wechat_redirect`, or none). Null when the URL carries no
 * OAuth answer in its query, or already names a route.
 */
export function oauthLandingUrl(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  entryRoute: string,
): string | null {
  if (!fromQuery(location.search) || isRouteHash(location.hash)) return null;
  return `${location.pathname}${location.search}#${entryRoute}`;
}

/** The redirect URI to hand the authorize URL: this page without query or fragment (same origin). */
export function oauthRedirectUri(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

/** Answers this page has already handed on: a retry must start a new redirect, not reuse a spent code. */
const spent = new Set<string>();

/**
 * Reads the OAuth answer of this page load once: a code already taken is not returned again, and the
 * query-string answer is removed from the address bar (keeping the router's history state and route).
 */
export function takeOAuthReturn(win: Window = window): OAuthReturn | null {
  const { pathname, search, hash } = win.location;
  const returned = readOAuthReturn(search, hash);
  if (!returned) return null;
  const params = new URLSearchParams(search);
  if (params.has('code') || params.has('state')) {
    params.delete('code');
    params.delete('state');
    const rest = params.toString();
    win.history.replaceState(win.history.state, '', `${pathname}${rest ? `?${rest}` : ''}${hash}`);
  }
  const key = `${returned.code ?? ''}|${returned.state ?? ''}`;
  if (spent.has(key)) return null;
  spent.add(key);
  return returned;
}
