import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { adminQuery } from './database-templates';
import { type InstanceProcess, startInstance } from './instance-process';
import { nginxInstalled, type NginxProxy } from './nginx-proxy';
import { signedHeaders } from './signed-headers';
import { postgresAdminUrl } from './test-database';

/** Why the several-instances tests cannot run here, or '' when they can. */
export function clusterSkipReason(): string {
  if (!nginxInstalled())
    return 'nginx is not installed (/usr/sbin/nginx; .ci/run installs the Debian package)';
  if (!inject('postgresUrl')) return 'no PostgreSQL server (install postgresql or set TEST_POSTGRES_URL)';
  return '';
}

/** A new empty PostgreSQL database on the run's server, and its URL. */
export async function createClusterDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = await postgresAdminUrl();
  const name = `uc_cluster_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The demo administrator's sign-in a first start printed. */
export function demoAdminOf(instance: InstanceProcess): { account: string; password: string } {
  const match = instance.lines.map((line) => /^demo admin: (\S+) password: (\S+)$/.exec(line)).find(Boolean);
  if (!match) throw new Error(`no demo admin printed:\n${instance.lines.join('\n')}`);
  return { account: match[1], password: match[2] };
}

/**
 * Starts instances one after another on `databaseUrl` (the first migrates and seeds the demo; the others
 * find it), all with `env`.
 */
export async function startInstances(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<InstanceProcess[]> {
  const instances: InstanceProcess[] = [];
  for (let i = 0; i < count; i += 1) {
    instances.push(
      await startInstance({
        DATABASE_URL: databaseUrl,
        SEED_DEMO: i === 0 ? 'true' : 'false',
        TRUST_PROXY: '127.0.0.1',
        ...env,
      }),
    );
  }
  return instances;
}

export const upstreamOf = (instance: InstanceProcess) => `127.0.0.1:${instance.port}`;

export interface ProxyAnswer {
  status: number;
  /** The instance nginx passed the request to (`127.0.0.1:port`). */
  upstream: string;
  json: { data?: unknown; code?: number; error?: { key: string; params?: unknown } } & Record<
    string,
    unknown
  >;
  /** The `name=value` pairs of the answer's Set-Cookie headers. */
  cookie: string;
}

/** One API request through nginx as the client sends it: signed (unless told not), JSON, the cookies given. */
export async function throughProxy(
  proxy: NginxProxy,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  {
    body,
    cookie,
    headers = {},
    signed = true,
  }: { body?: unknown; cookie?: string; headers?: Record<string, string>; signed?: boolean } = {},
): Promise<ProxyAnswer> {
  const response = await fetch(`${proxy.url}${path}`, {
    method,
    headers: {
      ...(signed ? signedHeaders(DEFAULT_SIGNING_KEY, Date.now()) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: ProxyAnswer['json'] = {};
  try {
    json = text ? (JSON.parse(text) as ProxyAnswer['json']) : {};
  } catch {
    json = { text };
  }
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream') ?? '',
    json,
    cookie: response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
  };
}

/** One sample of a Prometheus text scrape: the value of `name` with every label in `labels`, summed. */
export function metricValue(scrape: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of scrape.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => pairs[key] === value)) total += Number(match[3]);
  }
  return total;
}

/** An instance's own /metrics (straight to the instance: the deployment keeps /metrics off the proxy). */
export async function scrape(instance: InstanceProcess): Promise<string> {
  const response = await fetch(`${instance.url}/metrics`);
  return response.text();
}
