import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's route config, read once (see routeConfigOf); decorated by the envelope plugin. */
    routeConfig: RouteConfig | null;
  }
}

/** A route's declared config with its url and method, as Fastify keeps it for the route. */
export type RouteConfig = FastifyRequest['routeOptions']['config'];

/**
 * The route config of a request. Fastify builds a new `routeOptions` object on every read of it, and the
 * hooks of one request ask for the config a dozen times, so it is read once and kept on the request.
 */
export function routeConfigOf(request: FastifyRequest): RouteConfig {
  return (request.routeConfig ??= request.routeOptions.config);
}

type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Adds a preValidation hook to one route, after the route's own and after every hook added with addHook:
 * for a check only some routes need (from an onRoute hook), which then costs the other routes nothing.
 */
export function addRoutePreValidation(route: RouteOptions, hook: RouteHook): void {
  const own = route.preValidation;
  const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
  route.preValidation = [...hooks, hook] as RouteOptions['preValidation'];
}

/**
 * A hook in Fastify's callback style, from one that answers a promise only when it has something to wait
 * for: a request that needs no check then goes on at once, without a promise and a turn of the microtask
 * queue per hook.
 */
export function callbackHook(
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined,
): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void {
  return (request, reply, done) => {
    let pending: Promise<void> | undefined;
    try {
      pending = hook(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending === undefined) done();
    else
      pending.then(
        () => done(),
        (error: Error) => done(error),
      );
  };
}
