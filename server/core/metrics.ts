import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { createSeriesHistogram, type HistogramSeries, type SeriesHistogram } from './request-histogram';

/** What a scrape reads from the database and its pool at that moment. */
export interface MetricsSources {
  /** Messages queued in the push outbox and the enqueue time (ms) of the oldest, or null when none. */
  outbox(): Promise<{ queued: number; oldestCreatedAt: number | null }>;
  /**
   * The open API's delay queue: calls waiting (due or not), those already due, and the due time (ms) of the
   * longest-overdue one, or null when none is due.
   */
  openQueue(): Promise<{ queued: number; due: number; oldestDueAt: number | null }>;
  /** The PostgreSQL pool's connections, or null on SQLite (one connection, no pool). */
  pool(): { total: number; idle: number; waiting: number; max: number } | null;
  now(): number;
}

/** The instance's Prometheus metrics, in a registry of its own (tests build many apps in one process). */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: SeriesHistogram<RequestLabels>;
  /**
   * Counts one answered request and its latency. `routeKey` is an object that stands for the route (its
   * config, the same for each of its requests): its series are found without building label strings.
   */
  recordRequest(routeKey: object, method: string, route: string, status: number, seconds: number): void;
  signIns: Counter<'route' | 'result'>;
  /**
   * This instance's passes over each background job: `ran` (it claimed the job; summed over instances, once
   * per period), `skipped` (not due, or another instance has it) or `failed`.
   */
  scheduledJobPasses: Counter<'job' | 'outcome'>;
  /** Queued open calls this instance took off the delay queue and applied (or failed). */
  openCallsDequeued: Counter;
}

/**
 * One series of the request metrics: its labels, the requests counted into the counter only when it is read
 * (a number to add to, instead of prom-client hashing the labels at every answer), and its histogram child.
 */
interface RequestSeries {
  labels: RequestLabels;
  uncounted: number;
  latency: HistogramSeries<RequestLabels>;
}

type RequestLabels = { method: string; route: string; status: string };

/** Latency buckets in seconds: a read in milliseconds up to an argon2id sign-in under load. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  // Process and runtime: CPU, memory, handles, GC, and the event loop's lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const series: RequestSeries[] = [];
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route (its pattern, not the path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    // What recordRequest counted since the last read is added when the counter is read.
    collect() {
      for (const one of series) {
        if (one.uncounted === 0) continue;
        this.inc(one.labels, one.uncounted);
        one.uncounted = 0;
      }
    },
  });
  const requestSeconds = createSeriesHistogram<RequestLabels>({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route and status',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const seriesByRoute = new WeakMap<object, Map<number, Map<string, RequestSeries>>>();
  const recordRequest: Metrics['recordRequest'] = (routeKey, method, route, status, seconds) => {
    let byStatus = seriesByRoute.get(routeKey);
    if (!byStatus) seriesByRoute.set(routeKey, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map()));
    let one = byMethod.get(method);
    if (!one) {
      const labels = { method, route, status: String(status) };
      one = { labels, uncounted: 0, latency: requestSeconds.series(labels) };
      byMethod.set(method, one);
      series.push(one);
    }
    one.uncounted += 1;
    requestSeconds.observe(one.latency, seconds);
  };
  const signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-in attempts by route and result: success (a session), challenge (a code is asked for) or the failure key',
    labelNames: ['route', 'result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_push_outbox_queued',
    help: 'Push messages queued in the outbox (all instances), waiting to be sent',
    registers: [registry],
    async collect() {
      this.set((await sources.outbox()).queued);
    },
  });
  new Gauge({
    name: 'portal_push_outbox_oldest_age_seconds',
    help: 'Age of the oldest queued push message (0 when none)',
    registers: [registry],
    async collect() {
      const { oldestCreatedAt } = await sources.outbox();
      this.set(oldestCreatedAt === null ? 0 : Math.max(0, (sources.now() - oldestCreatedAt) / 1000));
    },
  });
  new Gauge({
    name: 'portal_open_queue_queued',
    help: 'Open-API calls waiting in the delay queue (all instances), due or not',
    registers: [registry],
    async collect() {
      this.set((await sources.openQueue()).queued);
    },
  });
  new Gauge({
    name: 'portal_open_queue_due',
    help: 'Open-API calls whose delay has passed and that are not applied yet',
    registers: [registry],
    async collect() {
      this.set((await sources.openQueue()).due);
    },
  });
  new Gauge({
    name: 'portal_open_queue_oldest_due_age_seconds',
    help: 'How long the longest-overdue queued open-API call has been due (0 when none is)',
    registers: [registry],
    async collect() {
      const { oldestDueAt } = await sources.openQueue();
      this.set(oldestDueAt === null ? 0 : Math.max(0, (sources.now() - oldestDueAt) / 1000));
    },
  });
  const scheduledJobPasses = new Counter({
    name: 'portal_scheduled_job_passes_total',
    help: 'Passes over each background job by outcome: ran (claimed here; one instance per period), skipped or failed',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const openCallsDequeued = new Counter({
    name: 'portal_open_calls_dequeued_total',
    help: 'Queued open-API calls this instance claimed and applied (or failed) once their delay passed',
    registers: [registry],
  });
  const poolGauge = (
    name: string,
    help: string,
    read: (pool: NonNullable<ReturnType<MetricsSources['pool']>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const pool = sources.pool();
        if (pool) this.set(read(pool));
      },
    });
  if (sources.pool()) {
    poolGauge(
      'portal_db_pool_connections',
      'PostgreSQL connections this instance holds open',
      (p) => p.total,
    );
    poolGauge('portal_db_pool_idle', 'PostgreSQL connections open and idle', (p) => p.idle);
    poolGauge(
      'portal_db_pool_in_use',
      'PostgreSQL connections running a query or transaction',
      (p) => p.total - p.idle,
    );
    poolGauge('portal_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', (p) => p.waiting);
    poolGauge('portal_db_pool_max', 'PG_POOL_SIZE: the most connections this instance opens', (p) => p.max);
  }
  return {
    registry,
    requests,
    requestSeconds,
    recordRequest,
    signIns,
    scheduledJobPasses,
    openCallsDequeued,
  };
}
