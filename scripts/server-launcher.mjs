// dist-server/<entry>.mjs: runs the CommonJS bundle beside it through V8's code cache. Node 20 has no
// module compile cache (module.enableCompileCache arrived in Node 22), and compiling the bundle was the
// largest single cost of a start (bench:start). The bundler copies this file once per entry and fills in
// the bundle's name and the hash of its contents; the cache file carries that hash in its name, because
// V8 checks only the source length before trusting cached code.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const BUNDLE_NAME = '__BUNDLE_NAME__';
const BUNDLE_HASH = '__BUNDLE_HASH__';
/** How long a first run goes on before it writes the cache, so the code of a first request is in it. */
const WRITE_CACHE_AFTER_MS = 10_000;

const directory = path.dirname(fileURLToPath(import.meta.url));
const bundlePath = path.join(directory, BUNDLE_NAME);
const cachePath = path.join(directory, `${path.parse(BUNDLE_NAME).name}-${BUNDLE_HASH}.v8cache`);

function readCache() {
  try {
    return fs.readFileSync(cachePath);
  } catch {
    return undefined;
  }
}

const cachedData = readCache();
const script = new vm.Script(Module.wrap(fs.readFileSync(bundlePath, 'utf8')), {
  filename: bundlePath,
  cachedData,
});

if (!cachedData || script.cachedDataRejected) {
  let written = false;
  // A read-only installation simply starts without the cache; the temporary name keeps two servers
  // starting at once from reading a half-written file.
  const writeCache = () => {
    if (written) return;
    written = true;
    const temporary = `${cachePath}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cachePath);
    } catch {
      fs.rmSync(temporary, { force: true });
    }
  };
  setTimeout(writeCache, WRITE_CACHE_AFTER_MS).unref();
  process.once('exit', writeCache);
}

const bundleModule = new Module(bundlePath);
bundleModule.filename = bundlePath;
const bundleRequire = createRequire(bundlePath);
script
  .runInThisContext()
  .call(bundleModule.exports, bundleModule.exports, bundleRequire, bundleModule, bundlePath, directory);
