/** Writes dist-server/main.mjs and dist-server/cli.mjs (into SERVER_BUNDLE_DIR when set). */
export function bundleServer(): Promise<void>;

/** Bundles the server unless the bundle in place was made from the current sources; answers its directory. */
export function ensureServerBundle(options?: { onBundle?: () => void }): Promise<string>;

/** A hash of the names and contents of the files under `sources`, relative to `base` (the project). */
export function sourcesKey(base?: string, sources?: string[]): string;
