import type { TestProject } from 'vitest/node';
import { type HostFakes, type HostFakeUrls, startHostFakes } from '../helpers/host-fakes';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server under test and the demo credentials it printed. */
    e2e: {
      url: string;
      admin: { account: string; password: string };
      members: Array<{ account: string; password: string }>;
      /** The server's data directory, for operator commands (npm run cli) against its database. */
      dataDir: string;
      /** The loopback fakes of DingTalk, Feishu, WeCom, WeChat and its OAuth page the server talks to. */
      hostFakes: HostFakeUrls;
    };
  }
}

let server: ServerProcess | null = null;
let hostFakes: HostFakes | null = null;

export async function setup(project: TestProject): Promise<void> {
  // The chat hosts' platform APIs are loopback fakes: nothing leaves the machine.
  hostFakes = await startHostFakes();
  // The directory tests' slapd listens on loopback: allowed as an operator allows a directory on the same
  // machine (any other loopback address stays refused, as the directory screen's test shows).
  server = await startServerProcess({ env: { ...hostFakes.env, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  if (!server.admin.account)
    throw new Error(`the server did not print the demo admin:\n${server.output.join('\n')}`);
  project.provide('e2e', {
    url: server.url,
    admin: server.admin,
    members: server.members,
    dataDir: server.dataDir,
    hostFakes: hostFakes.urls,
  });
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await hostFakes?.close();
}
