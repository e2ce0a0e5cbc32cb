import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { type HostFakes, startHostFakes } from '../helpers/host-fakes';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import type { SharedServer } from './shared-server';
import { copyOfTemplate, makeServerTemplate, type ServerTemplate } from './test-server';

let servers: ServerProcess[] = [];
let hostFakes: HostFakes[] = [];
let template: ServerTemplate | null = null;

/** One server, with its own host fakes, for a worker (shared-server.ts picks it by the worker's id). */
async function startShared(from: ServerTemplate): Promise<SharedServer> {
  // The chat hosts' platform APIs are loopback fakes: nothing leaves the machine.
  const fakes = await startHostFakes();
  hostFakes.push(fakes);
  // The directory tests' slapd listens on loopback: allowed as an operator allows a directory on the same
  // machine (any other loopback address stays refused, as the directory screen's test shows).
  const server = await startServerProcess({
    dataDir: copyOfTemplate(from),
    env: { ...fakes.env, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    // Two servers start at once, beside other work on a busy machine: give them time.
    timeoutMs: 120_000,
  });
  servers.push(server);
  return {
    url: server.url,
    admin: from.admin,
    members: from.members,
    dataDir: server.dataDir,
    hostFakes: fakes.urls,
  };
}

export async function setup(project: TestProject): Promise<void> {
  template = await makeServerTemplate();
  project.provide('e2eTemplate', template);
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const from = template;
  project.provide('e2eServers', await Promise.all(Array.from({ length: workers }, () => startShared(from))));
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(hostFakes.map((fakes) => fakes.close()));
  if (template) fs.rmSync(template.dataDir, { recursive: true, force: true });
  servers = [];
  hostFakes = [];
  template = null;
}
