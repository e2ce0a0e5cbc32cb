import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEFAULT_SIGNING_KEY } from '../server/config';
import { signedHeaders as signedHeadersWithKey } from '../tests/helpers/signed-headers';

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Signing headers as the client sends them, with the default key. */
export function signedHeaders(now = Date.now()): Record<string, string> {
  return signedHeadersWithKey(DEFAULT_SIGNING_KEY, now);
}

/** Prints the result as JSON and keeps a copy under bench/results. */
export function report(name: string, result: Record<string, unknown>): void {
  const json = JSON.stringify({ bench: name, at: new Date().toISOString(), ...result }, null, 2);
  console.log(json);
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${json}\n`);
}

/** Runs `task` `total` times with at most `concurrency` in flight; returns each call's latency in ms. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  task: () => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      const begin = performance.now();
      await task();
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

/**
 * A light JSON client over keep-alive node:http. The load generator shares the machine's two cores with
 * the server, so it must cost as little as possible; fetch costs about three times as much per request.
 */
export function createJsonClient(baseUrl: string) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return {
    post(
      path: string,
      body: unknown,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; body: string }> {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
