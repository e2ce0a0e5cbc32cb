import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The portal's origin (`https://portal.example`) as its users reach it: PUBLIC_URL's when it is set,
     * whatever the request says; otherwise the scheme and Host this request arrived with (X-Forwarded-Proto
     * and -Host count only from a TRUST_PROXY proxy, as Fastify reads them). Null for a Host that names no
     * host. Redirects back to the portal, links and the cross-site check take the origin from here only.
     */
    portalOrigin: string | null;
    /** Whether the portal is reached over TLS: its origin is https (cookie names and Secure, HSTS). */
    overTls: boolean;
  }
}

/** Origins already worked out from `scheme://host` (a handful per deployment; bounded against made-up Hosts). */
const arrivalOrigins = new Map<string, string | null>();
const ARRIVAL_ORIGINS_KEPT = 256;

/** The origin of the request as it arrived, or null when its Host is no host. */
function arrivalOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  const arrival = `${request.protocol}://${request.host}`;
  const known = arrivalOrigins.get(arrival);
  if (known !== undefined) return known;
  let origin: string | null;
  try {
    const parsed = new URL(arrival).origin;
    origin = parsed === 'null' ? null : parsed;
  } catch {
    origin = null;
  }
  if (arrivalOrigins.size >= ARRIVAL_ORIGINS_KEPT) arrivalOrigins.clear();
  arrivalOrigins.set(arrival, origin);
  return origin;
}

const originHosts = new Map<string, string>();

/** The host of an origin this module worked out (or PUBLIC_URL's), e.g. for the cross-site check. */
export function hostOfOrigin(origin: string): string {
  let host = originHosts.get(origin);
  if (host === undefined) {
    host = new URL(origin).host;
    if (originHosts.size >= ARRIVAL_ORIGINS_KEPT) originHosts.clear();
    originHosts.set(origin, host);
  }
  return host;
}

/**
 * The one place that says what the portal's origin is (see FastifyRequest.portalOrigin). With PUBLIC_URL
 * set nothing of the request (Host, X-Forwarded-Host, Origin) can change it.
 */
export const portalOriginPlugin = fp<{ publicUrl: string | null }>(
  async (app: FastifyInstance, options) => {
    const fixed = options.publicUrl ? new URL(options.publicUrl).origin : null;
    app.decorateRequest('portalOrigin', {
      getter(this: FastifyRequest) {
        return fixed ?? arrivalOrigin(this);
      },
    });
    app.decorateRequest('overTls', {
      getter(this: FastifyRequest) {
        return fixed ? fixed.startsWith('https:') : this.protocol === 'https';
      },
    });
  },
  { name: 'portal-origin' },
);
