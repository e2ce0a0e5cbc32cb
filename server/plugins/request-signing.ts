import type { FastifyInstance, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { NONCE_TTL_MS } from '../../domain/constants';
import {
  checkSignatureHeaders,
  isStateChanging,
  SIGNING_HEADERS,
  signingPayload,
} from '../../domain/rules/request-signing';
import { ApiError, replayedRequest } from '../core/errors';
import { isRoutedApiRequest, routeConfigOf } from './envelope';
import { callbackHook } from '../core/route-config';
import type { NoncesRepository, PendingNonce } from '../repositories/nonces-repository';
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
    /**
     * The route records the request's nonce in the commit of its own writes (a sign-in's session), so the
     * request makes one commit, not two: the nonce is checked unused before the route runs, handed to it as
     * `request.pendingNonce`, and the route calls withRequestNonce (see there).
     */
    nonceWithWrites?: boolean;
  }
  interface FastifyRequest {
    /** The nonce a `nonceWithWrites` route records with its writes; null on every other request. */
    pendingNonce: SettledNonce | null;
  }
}

/** A pending nonce with the way to record it on its own when the route's writes did not. */
interface SettledNonce extends PendingNonce {
  settle(): Promise<void>;
}

const replayed = replayedRequest;

/**
 * Runs a `nonceWithWrites` route's work with the request's pending nonce, which the work records in its
 * own commit if it can (a session's transaction); whatever ends otherwise (a refusal, an error) records it
 * afterwards. Either way a nonce found already used (a copy of the request that another instance took
 * first) is answered 409 errors.request.replayed instead, as before the route ran.
 */
export async function withRequestNonce<T>(
  request: FastifyRequest,
  work: (nonce: PendingNonce | undefined) => Promise<T>,
): Promise<T> {
  const pending = request.pendingNonce ?? undefined;
  let result: T;
  try {
    result = await work(pending);
  } catch (error) {
    await pending?.settle();
    throw error;
  }
  await pending?.settle();
  return result;
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
    if (!fresh) throw replayed();
  };
  // Nonces of this instance's `nonceWithWrites` requests still running: a copy sent at the same time is
  // refused before it runs, as the insert refused it before. (A copy sent to another instance at the same
  // moment is refused when its commit finds the nonce taken.)
  const inFlight = new Set<string>();
  const settleWith = (pending: PendingNonce) => async () => {
    // Out of the in-flight set once the nonce is in the database, even if the answer is never sent in
    // full (a connection closed early skips the response hooks).
    if (pending.recorded) {
      inFlight.delete(pending.nonce);
      return;
    }
    pending.recorded = true;
    let fresh: boolean;
    try {
      fresh = await options.nonces.remember(pending.nonce, pending.expiresAt);
    } finally {
      inFlight.delete(pending.nonce);
    }
    if (!fresh) throw replayed();
  };
  const hold = (request: FastifyRequest, nonce: string, timestamp: string) => {
    inFlight.add(nonce);
    const pending = { nonce, expiresAt: Number(timestamp) + NONCE_TTL_MS, recorded: false };
    request.pendingNonce = Object.assign(pending, { settle: settleWith(pending) });
  };
  const deferred = (request: FastifyRequest, nonce: string, timestamp: string) => {
    if (inFlight.has(nonce)) throw replayed();
    const seen = options.nonces.seenNow(nonce);
    if (seen === undefined) {
      return options.nonces.seen(nonce).then((used) => {
        if (used || inFlight.has(nonce)) throw replayed();
        hold(request, nonce, timestamp);
      });
    }
    if (seen) throw replayed();
    hold(request, nonce, timestamp);
    return undefined;
  };
  // Whatever a `nonceWithWrites` route did, its nonce is forgotten from the in-flight set and stored.
  const afterDeferred: onResponseHookHandler = async (request) => {
    const pending = request.pendingNonce;
    if (!pending) return;
    inFlight.delete(pending.nonce);
    if (!pending.recorded) await pending.settle().catch(() => undefined);
  };
  app.decorateRequest('pendingNonce', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.nonceWithWrites) return;
    const own = route.onResponse;
    const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
    route.onResponse = [...hooks, afterDeferred] as RouteOptions['onResponse'];
  });
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
      if (config.nonceWithWrites) return deferred(request, headers.nonce!, headers.timestamp!);
      return remember(headers.nonce!, headers.timestamp!);
    }),
  );
});
