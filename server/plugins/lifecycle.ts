import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where this instance is in its life: serving, or stopping (a SIGTERM came; it finishes what it has). */
export interface Lifecycle {
  stopping: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Holds whether the instance is stopping. Set when a shutdown begins (before the listener closes, so a
 * load balancer reads 503 on /api/ready) and, at the latest, when the application starts closing.
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('lifecycle', { stopping: false });
    app.addHook('preClose', async () => {
      app.lifecycle.stopping = true;
    });
  },
  { name: 'lifecycle' },
);
