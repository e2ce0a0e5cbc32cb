import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test webhook received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  contentType: string;
  body: unknown;
}

/** A loopback HTTP server standing in for an SMS provider's webhook: it records every JSON POST. */
export interface WebhookTestServer {
  url: string;
  requests: ReceivedRequest[];
  /** Resolves with the first request after `since` requests, waiting up to `timeoutMs`. */
  waitForRequest(since?: number, timeoutMs?: number): Promise<ReceivedRequest>;
  /** The status it answers from now on (200 unless set). */
  setStatus(status: number): void;
  close(): Promise<void>;
}

/** Starts the test webhook on 127.0.0.1 and a free port. */
export async function startWebhookTestServer(): Promise<WebhookTestServer> {
  const requests: ReceivedRequest[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body,
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms/send`,
    requests,
    async waitForRequest(since = 0, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (requests.length > since) return requests[since];
        if (Date.now() > deadline) throw new Error(`no webhook request within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    setStatus(next) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
