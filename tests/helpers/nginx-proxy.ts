import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { eventually, statusOf } from './instance-process';

/** Debian's nginx (`.ci/run` installs it). */
export const NGINX_BINARY = '/usr/sbin/nginx';

export function nginxInstalled(): boolean {
  return fs.existsSync(NGINX_BINARY);
}

/** A throwaway nginx on loopback in front of portal instances. */
export interface NginxProxy {
  url: string;
  port: number;
  child: ChildProcess;
  /** nginx's own error log (an upstream refusing a connection is written there). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * The deployment's nginx.conf (deploy/nginx.conf) on free loopback ports: round robin over `upstreams`
 * (`127.0.0.1:port`), no sticky sessions, the next instance on a refused connection or a 502/503, and each
 * answer says which instance gave it in `X-Upstream` (tests count where requests landed).
 */
function nginxConfig(dir: string, port: number, upstreams: readonly string[]): string {
  const servers = upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`);
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    '  upstream portal {',
    ...servers,
    '    keepalive 32;',
    '  }',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    '    client_max_body_size 20m;',
    '    location / {',
    '      proxy_pass http://portal;',
    '      proxy_http_version 1.1;',
    "      proxy_set_header Connection '';",
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_set_header X-Request-Id $request_id;',
    '      proxy_next_upstream error timeout http_502 http_503;',
    '      add_header X-Upstream $upstream_addr always;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Starts nginx in the foreground as a child process and resolves once it answers on its port. */
export async function startNginx(upstreams: readonly string[]): Promise<NginxProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-nginx-'));
  // Its worker may run as another user than the master: it must be able to write its temp files.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig(dir, port, upstreams));
  const lines: string[] = [];
  const child = spawn(NGINX_BINARY, ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => lines.push(chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${lines.join('')}${errorLog()}`);
      return typeof (await statusOf(`${url}/api/health`)) === 'number';
    }, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    port,
    child,
    errorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
