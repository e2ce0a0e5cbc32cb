import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy } from '../security/content-security-policy';
import { isApiRequest } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether the user reached the portal over TLS: PUBLIC_URL is https, or the connection (or a trusted
     * proxy's X-Forwarded-Proto, which request.protocol honours only with TRUST_PROXY) says https.
     */
    overTls: boolean;
  }
}

export interface SecurityHeadersOptions {
  publicUrl: string | null;
  feishuSdkUrl: string;
}

/** HSTS for a year, subdomains included (OWASP ASVS 5.0 §3.4.1). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Response headers of OWASP ASVS 5.0 chapters 3 and 14: no sniffing, a strict referrer, HSTS behind TLS,
 * `Cache-Control: no-store` on every API answer (they depend on the session or carry the signing key),
 * and the Content-Security-Policy on HTML. Static assets keep the caching the client plugin gives them.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    const publicUrlIsTls = options.publicUrl?.startsWith('https:') ?? false;
    const policy = contentSecurityPolicy({ feishuSdkUrl: options.feishuSdkUrl });

    app.decorateRequest('overTls', {
      getter(this: FastifyRequest) {
        return publicUrlIsTls || this.protocol === 'https';
      },
    });

    app.addHook('onSend', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      if (request.overTls) reply.header('strict-transport-security', HSTS);
      if (isApiRequest(request)) {
        reply.header('cache-control', 'no-store');
        return;
      }
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        reply.header('content-security-policy', policy);
      }
    });
  },
  { name: 'security-headers' },
);
