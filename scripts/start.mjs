// `npm start`: build the client when it is missing or older than its sources and bundle the server when its
// sources changed (ensureServerBundle), then run the server bundle (plain JavaScript starts in a fraction of
// the time a TypeScript loader takes).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle } from './bundle-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'index.html');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function newestOf(paths) {
  return Math.max(
    0,
    ...paths
      .map((p) => path.join(root, p))
      .filter((p) => fs.existsSync(p))
      .map((p) => (fs.statSync(p).isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs)),
  );
}

function isStale(output, sources) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newestOf(sources);
}

if (isStale(built, ['src', 'domain', 'index.html', 'vite.config.ts'])) {
  console.log('building the client…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverDir = await ensureServerBundle({ onBundle: () => console.log('bundling the server…') });
const serverBundle = path.join(serverDir, 'main.mjs');

// One libuv thread per core: password hashing runs there, and more hashes in flight than cores only
// thrash the cache (bench:login). libuv reads this once, before the server's code runs, so it is set here.
const env = {
  ...process.env,
  UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? String(os.availableParallelism()),
};
const server = spawn(process.execPath, [serverBundle], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
