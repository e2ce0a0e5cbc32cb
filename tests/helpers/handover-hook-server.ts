import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call a product's handover hook received. */
export interface HookCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as signed. */
  raw: string;
  body: { organization: { id: number; name: string }; accounts: Array<{ id: number; name: string }> };
}

/**
 * Loopback stand-ins for products' handover hooks, one path per behaviour:
 * `/findings/<n>`: answers findings for every account asked about ('owns <n> projects', and a second one
 * for the first account), plus one for an account it was not asked about;
 * `/clean`: nothing to hand over; `/error`: 500; `/redirect`: 302 to `/findings/9`;
 * `/hang`: never answers; `/huge`: a 100KB answer; `/garbage`: not JSON.
 */
export interface HandoverHookServer {
  base: string;
  calls: HookCall[];
  close(): Promise<void>;
}

/** Starts the fake hooks on 127.0.0.1 and a free port. */
export async function startHandoverHookServer(): Promise<HandoverHookServer> {
  const calls: HookCall[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const body = JSON.parse(raw || '{}') as HookCall['body'];
      calls.push({ path, headers: request.headers, raw, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const findings = /^\/findings\/(\d+)$/.exec(path);
      if (findings) {
        const accounts = (body.accounts ?? []).map((account, index) => ({
          id: account.id,
          findings: [`owns ${findings[1]} projects`, ...(index === 0 ? ['  2 approvals pending  '] : []), ''],
        }));
        return json(200, { accounts: [...accounts, { id: 999_999, findings: ['not asked'] }], extra: 1 });
      }
      if (path === '/clean') return json(200, { accounts: [] });
      if (path === '/error') return json(500, { message: 'boom' });
      if (path === '/redirect') return response.writeHead(302, { location: '/findings/9' }).end();
      if (path === '/hang') return void hanging.add(response);
      if (path === '/huge') return json(200, { accounts: [], padding: 'x'.repeat(100 * 1024) });
      if (path === '/garbage') return response.writeHead(200).end('<html>not json</html>');
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
