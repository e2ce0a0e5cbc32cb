import { inject } from 'vitest';

/** A server shared by the browser test files of one worker, as global-setup.ts started it. */
export interface SharedServer {
  /** Base URL of the server under test. */
  url: string;
  /** The demo credentials it printed. */
  admin: { account: string; password: string };
  members: Array<{ account: string; password: string }>;
  /** The server's data directory, for operator commands (npm run cli) against its database. */
  dataDir: string;
  /** The loopback fakes of DingTalk, Feishu, WeCom, WeChat and its OAuth page the server talks to. */
  hostFakes: import('../helpers/host-fakes').HostFakeUrls;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per worker (E2E_WORKERS in vitest.e2e.config.ts: files that run at once). */
    e2eServers: SharedServer[];
  }
}

/**
 * The shared server of the worker this file runs in. Each worker has its own server, database and host
 * fakes, so files running at once never see each other's organisations, sign-in failure counts or
 * fake platform users; within a worker, files run one after another as before.
 */
export function sharedServer(): SharedServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length];
}
