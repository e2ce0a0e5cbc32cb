// `npm run cli`: the operator commands run from the server bundle (dist-server/cli.mjs), which starts in a
// fraction of the time a TypeScript loader takes (npm run cli -- org:list: 6-12 s through tsx before). The
// bundle is made on the first call after an install or a source change (see ensureServerBundle), so a
// fresh clone works after `npm install` and a changed source never runs stale.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBundle } from './bundle-server.mjs';

let bundleDir;
try {
  bundleDir = await ensureServerBundle({
    // stderr, so that what a command prints on stdout stays what scripts read.
    onBundle: () => console.error('bundling the server and the CLI (first run after a change)…'),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(path.join(bundleDir, 'cli.mjs')).href);
