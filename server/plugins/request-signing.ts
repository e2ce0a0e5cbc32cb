import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NONCE_TTL_MS } from '../../domain/constants';
import {
  checkSignatureHeaders,
  isStateChanging,
  SIGNING_HEADERS,
  signingPayload,
} from '../../domain/rules/request-signing';
import { ApiError } from '../core/errors';
import { isRoutedApiRequest, routeConfigOf } from './envelope';
import { callbackHook } from '../core/route-config';
import type { NoncesRepository } from '../repositories/nonces-repository';
import { hmacSha256Checker } from '../security/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Require signing headers even on a GET that changes state (SPEC's GET Account/SetUIVersion). */
    signed?: boolean;
    /**
     * A call another server makes with no page behind it (a CAS server's single-logout POST): it carries no
     * signing headers; the route checks what it is sent.
     */
    backChannel?: boolean;
  }
}

export interface RequestSigningOptions {
  signingKey: string;
  nonces: NoncesRepository;
  now: () => number;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Replay and tamper guard of DESIGN §4: state-changing API requests must carry a fresh timestamp, a
 * never-seen nonce and their HMAC. Signed reads are checked the same way, but their nonces are not kept:
 * a replayed read changes nothing, and a read must not cost a database write. Nonces live in the database.
 */
export const requestSigningPlugin = fp<RequestSigningOptions>(async (app: FastifyInstance, options) => {
  // The same key bytes as the client's crypto-js (the string's UTF-8), prepared once.
  const signatureMatches = hmacSha256Checker(Buffer.from(options.signingKey, 'utf8'));
  const remember = async (nonce: string, timestamp: string) => {
    const fresh = await options.nonces.remember(nonce, Number(timestamp) + NONCE_TTL_MS);
    if (!fresh) throw new ApiError(409, 'errors.request.replayed');
  };
  // A callback hook: a signed read waits for nothing, so it costs no promise.
  app.addHook(
    'preValidation',
    callbackHook((request) => {
      if (!isRoutedApiRequest(request)) return;
      const config = routeConfigOf(request);
      // Open-API calls come from organisations' servers with a bearer token or their app secret.
      if (config.openApi) return;
      if (config.backChannel) return;
      const headers = {
        nonce: header(request.headers[SIGNING_HEADERS.nonce]),
        timestamp: header(request.headers[SIGNING_HEADERS.timestamp]),
        signature: header(request.headers[SIGNING_HEADERS.signature])?.toLowerCase(),
      };
      const mustSign = isStateChanging(request.method) || config.signed === true;
      const problem = checkSignatureHeaders(headers, options.now());
      if (problem === 'missing') {
        if (mustSign) throw new ApiError(400, 'errors.request.unsigned');
        return;
      }
      if (problem === 'malformed') throw new ApiError(400, 'errors.request.malformed');
      if (problem === 'skewed') throw new ApiError(400, 'errors.request.skewed');
      const payload = signingPayload(headers.timestamp!, headers.nonce!);
      if (!signatureMatches(payload, headers.signature!))
        throw new ApiError(400, 'errors.request.badSignature');
      if (!mustSign) return;
      return remember(headers.nonce!, headers.timestamp!);
    }),
  );
});
