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

/** The origin of the request as it arrived, or null when its Host is no host. */
function arrivalOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
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
