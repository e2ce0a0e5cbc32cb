import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SUCCESS_CODE } from '../../domain/constants';
import { type Language, LANGUAGES } from '../../domain/constants';
import { type ErrorKey, type MessageParams, resolveLanguage } from '../../domain/i18n';
import { isMessageKey, translate } from '../core/translate';
import { isKnownTimeZone } from '../../domain/rules/date-time';
import { ApiError } from '../core/errors';
import { isDatabaseUnavailable } from '../core/database-unavailable';
import { routeConfigOf } from '../core/route-config';

/** The header the client names its reader's time zone in (the browser's, e.g. Asia/Shanghai). */
export const TIME_ZONE_HEADER = 'x-time-zone';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in: the client's Accept-Language, zh-CN when absent. */
    language: Language;
    /**
     * The reader's IANA time zone for times the server writes into texts (exports, mails, log texts): the
     * client's X-Time-Zone when the runtime knows it, else the configured DEFAULT_TIME_ZONE.
     */
    timeZone: string;
    /** Whether this is a routed API request, worked out once (see isRoutedApiRequest). */
    routedApi: boolean | null;
  }
}

export { routeConfigOf };

/** Whether a request is for the API (paths are case-insensitive) rather than the client's files. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.toLowerCase().startsWith('/api/');
}

/**
 * Routed API requests: the ones signing and access rules apply to. Unknown API paths (unrouted, or caught
 * only by the client's wildcard file route) fall through to the JSON 404, signed in or not.
 */
export function isRoutedApiRequest(request: FastifyRequest): boolean {
  if (request.routedApi === null) {
    const route = routeConfigOf(request).url as string | undefined;
    request.routedApi =
      route !== undefined && route.toLowerCase().startsWith('/api/') && isApiRequest(request);
  }
  return request.routedApi;
}

/** Accept-Language values already resolved: a browser sends the same one with every request. */
const headerLanguages = new Map<string, Language>();
const HEADER_LANGUAGES_KEPT = 256;

function languageOfHeader(header: string): Language {
  let language = headerLanguages.get(header);
  if (language === undefined) {
    language = resolveLanguage(header);
    // Bounded against made-up headers: the few real ones come back at once.
    if (headerLanguages.size >= HEADER_LANGUAGES_KEPT) headerLanguages.clear();
    headerLanguages.set(header, language);
  }
  return language;
}

/** Wraps a result in the success envelope `{ code: 100, message, data }`. */
export function ok<T>(data: T, message = '') {
  return { code: SUCCESS_CODE, message, data };
}

/** Sends a failure envelope with a localised message; its key goes into the request's log line. */
export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: ErrorKey,
  params?: MessageParams,
) {
  request.failureKey = key;
  return reply.status(status).send({
    code: status,
    message: translate(request.language, key, params),
    error: params ? { key, params } : { key },
  });
}

/** A schema's message that names one of our error keys (present in the catalogue), else null. */
function asErrorKey(message: string | undefined): ErrorKey | null {
  if (!message || !/^errors\.[\w.]+$/.test(message)) return null;
  return isMessageKey(message) ? (message as ErrorKey) : null;
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/**
 * Whether a schema issue is text (or anything else) where a number belongs, in a body, a query or a path:
 * every numeric field answers SPEC §5's 'Only input number' for it, unless its schema names its own key.
 */
function isNotANumber(issue: ValidationIssue): boolean {
  const expected = (issue.params as { expected?: unknown }).expected;
  return issue.keyword === 'invalid_type' && expected === 'number';
}

/**
 * The failure of a request that broke its schema. A schema message that is one of our keys is passed
 * through with what it may need to name the problem: the field (its path in the request, so the client
 * can mark the input) and the limit that was crossed (`max`, `min`). Anything else is a generic key.
 */
function validationFailure(error: FastifyError): { key: ErrorKey; params?: MessageParams } {
  const issue = error.validation?.[0];
  const key =
    asErrorKey(issue?.message) ?? (issue && isNotANumber(issue) ? 'errors.validation.onlyNumber' : null);
  if (!issue || !key) return { key: 'errors.request.invalid' };
  const params: MessageParams = {};
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  if (field) params.field = field;
  const limits = { max: issue.params.maximum, min: issue.params.minimum };
  for (const [name, value] of Object.entries(limits)) {
    if (typeof value === 'number' || typeof value === 'bigint') params[name] = Number(value);
  }
  return Object.keys(params).length > 0 ? { key, params } : { key };
}

/**
 * Failure statuses an API route may answer whatever it does (bad input or signature, the unexpected; 401
 * unless it is public; 403 while the session must change its password, unless the route stays open then)
 * that it has not declared.
 */
function missingFailures(route: RouteOptions): number[] {
  const declared = Object.keys(route.schema?.response ?? {});
  const required =
    route.config?.access === 'public'
      ? [400, 500]
      : route.config?.allowDuringPasswordChange && route.config.allowWhileLocked && route.config.allowForTrial
        ? [400, 401, 500]
        : [400, 401, 403, 500];
  return required.filter((status) => !declared.includes(String(status)));
}

/**
 * Language negotiation, the failure envelope for every error, and the JSON 404 under /api. An API route
 * that does not declare its failure answers (STYLE: every endpoint declares its error statuses) stops
 * start-up, so no route slips through undeclared.
 */
export const envelopePlugin = fp(
  async (app: FastifyInstance, { defaultTimeZone = 'UTC' }: { defaultTimeZone?: string }) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.toLowerCase().startsWith('/api/')) return;
      const missing = missingFailures(route);
      if (missing.length > 0) {
        throw new Error(
          `${String(route.method)} ${route.url} must declare the failure envelope for ${missing.join(', ')}: ` +
            'wrap its response schemas in withFailures() of domain/schemas/common',
        );
      }
    });
    app.decorateRequest('language', 'zh-CN');
    app.decorateRequest('timeZone', 'UTC');
    app.decorateRequest('routeConfig', null);
    app.decorateRequest('routedApi', null);
    // A callback hook, not an async one: no promise for the work every request does without waiting.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers['accept-language'];
      request.language = header ? languageOfHeader(header) : LANGUAGES[0];
      const zone = request.headers[TIME_ZONE_HEADER];
      request.timeZone =
        typeof zone === 'string' && zone.length <= 64 && isKnownTimeZone(zone) ? zone : defaultTimeZone;
      done();
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiError)
        return sendFailure(request, reply, error.statusCode, error.key, error.params);
      if (error.validation) {
        const { key, params } = validationFailure(error);
        return sendFailure(request, reply, 400, key, params);
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return sendFailure(request, reply, 413, 'errors.request.tooLarge');
      if (status === 415) return sendFailure(request, reply, 415, 'errors.request.invalid');
      if (status >= 400 && status < 500) return sendFailure(request, reply, status, 'errors.request.invalid');
      if (isDatabaseUnavailable(error)) {
        // Not a fault of this request or this instance: the same request succeeds once the database is back.
        request.log.warn({ err: error }, 'database unavailable');
        return sendFailure(request, reply, 503, 'errors.health.databaseDown');
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendFailure(request, reply, 500, 'errors.request.internal');
    });
  },
);
