/**
 * A chat host that frames the portal cross-site (DingTalk PC loads it inside its own container page, on
 * another site): a SameSite=Lax session cookie is not sent to such a frame, so the client says it is
 * framed and the server gives the session cookies SameSite=None; Secure; Partitioned. Request signing and
 * the cross-site check keep other sites' requests out, so the looser SameSite costs no CSRF protection.
 */

import { isHostPlatform } from '../constants';

/** Request header a framed page inside a chat host sends on every API call; its value names the host. */
export const HOST_FRAME_HEADER = 'x-host-frame';

/**
 * What the client sends in HOST_FRAME_HEADER: the host's name when the page runs in a chat host and in a
 * frame (window.top is another window), else null (no header: a normal browser keeps SameSite=Lax).
 */
export function hostFrameHeaderValue(platformKind: string, framed: boolean): string | null {
  return framed && isHostPlatform(platformKind) ? platformKind : null;
}

/** Whether a request's HOST_FRAME_HEADER value says it comes from a page a chat host frames. */
export function isFramedByHost(value: string | undefined): boolean {
  return isHostPlatform(value);
}

/** What a request says about where it comes from, as the browser sent it. */
export interface RequestSiteHeaders {
  /** Sec-Fetch-Site: same-origin, same-site, cross-site or none (every current browser sends it). */
  secFetchSite?: string;
  /** Origin of the page that sent the request; older web views send only this. */
  origin?: string;
  /**
   * The portal's host: PUBLIC_URL's when set, else the one the request was addressed to (Host, or
   * X-Forwarded-Host behind a trusted proxy).
   */
  host?: string;
}

/**
 * Whether a state-changing request comes from another site's page: the check that, with request signing,
 * keeps CSRF out once a framed host's session cookie is SameSite=None. Sec-Fetch-Site decides where the
 * browser sends it (a page of the same site, as SameSite=Lax allows, passes); otherwise an Origin that is
 * not this host (or the opaque `null`) is cross-site. A request with neither header comes from no
 * browser page (a script, a server) and carries no one's cookies by accident.
 */
export function isCrossSiteRequest({ secFetchSite, origin, host }: RequestSiteHeaders): boolean {
  if (secFetchSite) return secFetchSite.toLowerCase() === 'cross-site';
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host.toLowerCase() !== (host ?? '').toLowerCase();
  } catch {
    return true;
  }
}
