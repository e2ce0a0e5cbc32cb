import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, gzip when present.
 * Dot-paths (the build's .vite/manifest.json) and anything under /api are never files: they fall through
 * to the 404 answer.
 */
export async function registerClient(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/', { config: { access: 'public' } }, async (_request, reply) =>
      reply.type('text/plain').send('The client is not built yet: run `npm run build`, then reload.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    preCompressed: true,
    index: ['index.html'],
    wildcard: true,
    dotfiles: 'ignore',
    allowedPath: (pathname) => !pathname.toLowerCase().startsWith('/api/'),
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
