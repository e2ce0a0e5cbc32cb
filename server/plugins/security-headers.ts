import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy } from '../security/content-security-policy';
import { isApiRequest } from './envelope';

export interface SecurityHeadersOptions {
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
    const policy = contentSecurityPolicy({ feishuSdkUrl: options.feishuSdkUrl });

    // A callback hook: it never waits, so no promise per answer.
    app.addHook('onSend', (request, reply, _payload, done) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      if (request.overTls) reply.header('strict-transport-security', HSTS);
      if (isApiRequest(request)) {
        reply.header('cache-control', 'no-store');
      } else {
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('text/html')) {
          reply.header('content-security-policy', policy);
        }
      }
      done();
    });
  },
  // HSTS follows request.overTls: PUBLIC_URL's scheme, or the request's without it.
  { name: 'security-headers', dependencies: ['portal-origin'] },
);
