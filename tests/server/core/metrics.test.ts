import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../server/core/metrics';

const sources = {
  outbox: async () => ({ queued: 0, oldestCreatedAt: null }),
  openQueue: async () => ({ queued: 0, due: 0, oldestDueAt: null }),
  pool: () => null,
  now: () => 0,
};

/** The request metrics' lines of an exposition. */
const requestLines = (text: string) =>
  text.split('\n').filter((line) => line.includes('portal_http_request'));

describe('recordRequest', () => {
  it("exposes the same lines as prom-client's counter and histogram fed each answer, per route, method and status", async () => {
    const metrics = createMetrics(sources);
    const expected = new Registry();
    const counter = new Counter({
      name: 'portal_http_requests_total',
      help: (await metrics.requests.get()).help,
      labelNames: ['method', 'route', 'status'] as const,
      registers: [expected],
    });
    const histogram = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: (await metrics.requestSeconds.get()).help,
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [expected],
    });
    const current = {};
    const login = {};
    const answers: Array<[object, string, string, number, number]> = [
      [current, 'GET', '/api/account/current', 200, 0.002],
      [login, 'POST', '/api/account/loginV2', 401, 0.3],
      [current, 'GET', '/api/account/current', 200, 0.02],
      [current, 'HEAD', '/api/account/current', 200, 0.001],
      [current, 'GET', '/api/account/current', 401, 0.004],
      [login, 'POST', '/api/account/loginV2', 200, 12],
    ];
    for (const [key, method, route, status, seconds] of answers) {
      metrics.recordRequest(key, method, route, status, seconds);
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    }
    const ours = requestLines(await metrics.registry.metrics());
    expect(ours).toEqual(requestLines(await expected.metrics()));
    expect(ours).toContain(
      'portal_http_requests_total{method="GET",route="/api/account/current",status="200"} 2',
    );

    // Counted again after a read: the counter goes on from where it was.
    metrics.recordRequest(current, 'GET', '/api/account/current', 200, 0.003);
    expect(requestLines(await metrics.registry.metrics())).toContain(
      'portal_http_requests_total{method="GET",route="/api/account/current",status="200"} 3',
    );
  });
});
