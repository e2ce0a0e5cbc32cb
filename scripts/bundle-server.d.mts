/** Writes dist-server/main.mjs and dist-server/cli.mjs. */
export function bundleServer(): Promise<void>;
