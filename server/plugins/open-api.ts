import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../core/errors';
import { addRoutePreValidation } from '../core/route-config';
import type { Repositories } from '../repositories';
import { authenticateAccessToken, type OpenApp } from '../services/app-credential-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A call of the open API, made by an organisation's own systems rather than the portal's pages:
     * `token` is authorised by `Authorization: Bearer <access token>` (request.openApp), `issue` is the
     * token call itself (public). Neither needs the pages' request signing: a bearer token is no ambient
     * credential a foreign page could ride on, and a retried call is made safe by its Idempotency-Key.
     */
    openApi?: 'token' | 'issue';
  }
  interface FastifyRequest {
    /** The app an open call comes from, set on `openApi: 'token'` routes. */
    openApp: OpenApp | null;
  }
}

export interface OpenApiPluginOptions {
  repos: Repositories;
  now: () => number;
}

/** The app of an open call; only on `openApi: 'token'` routes, where the hook has set it. */
export function requireOpenApp(request: FastifyRequest): OpenApp {
  if (!request.openApp) throw new ApiError(401, 'errors.openApi.badToken');
  return request.openApp;
}

/** Authenticates every `openApi: 'token'` route by its access token before its body is validated. */
export const openApiPlugin = fp<OpenApiPluginOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('openApp', null);
  const authenticate = async (request: FastifyRequest) => {
    request.openApp = await authenticateAccessToken(
      options.repos,
      request.headers.authorization,
      options.now(),
    );
  };
  // On the open routes only (they come after every hook added with addHook): other requests skip it unasked.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.openApi === 'token') addRoutePreValidation(route, authenticate);
  });
});
