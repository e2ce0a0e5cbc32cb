import type { MetricValueWithName, Registry } from 'prom-client';

/** One series of the histogram: its labels and what was observed into it. */
export interface HistogramSeries<Labels extends Record<string, string>> {
  labels: Labels;
  /** Observations per bucket (not cumulative), in the order of the buckets' upper bounds. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram whose series the caller holds and observes into directly: the request latency,
 * observed on every answer. prom-client's Histogram hashes the labels object into a string key at every
 * observation, the largest part of the cost of counting a request; here each route keeps its series
 * (see createMetrics), an observation adds to two numbers and a bucket. A registry prints it as it prints
 * prom-client's own histogram (tests/server/core/metrics.test.ts compares the two).
 */
export function createSeriesHistogram<Labels extends Record<string, string>>(config: {
  name: string;
  help: string;
  buckets: readonly number[];
  registers: Registry[];
}) {
  const { name, help, buckets } = config;
  const series: Array<HistogramSeries<Labels>> = [];
  /** The values as prom-client's histogram hands them to a registry: series labels kept apart. */
  const values = (): Array<MetricValueWithName<string> & { sharedLabels: Labels }> =>
    series.flatMap((one) => {
      let cumulative = 0;
      return [
        ...buckets.map((bound, index) => {
          cumulative += one.counts[index];
          const value = cumulative;
          return { labels: { le: bound }, sharedLabels: one.labels, value, metricName: `${name}_bucket` };
        }),
        { labels: { le: '+Inf' }, sharedLabels: one.labels, value: one.count, metricName: `${name}_bucket` },
        { labels: {}, sharedLabels: one.labels, value: one.sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: one.labels, value: one.count, metricName: `${name}_count` },
      ];
    });
  const metric = {
    name,
    help,
    type: 'histogram' as const,
    aggregator: 'sum' as const,
    /** A new series; observe into it with `observe`. */
    series(labels: Labels): HistogramSeries<Labels> {
      const one = { labels, counts: new Float64Array(buckets.length), sum: 0, count: 0 };
      series.push(one);
      return one;
    },
    observe(one: HistogramSeries<Labels>, seconds: number): void {
      one.sum += seconds;
      one.count += 1;
      for (let index = 0; index < buckets.length; index += 1) {
        if (seconds <= buckets[index]) {
          one.counts[index] += 1;
          return;
        }
      }
    },
    async getForPromString() {
      return { name, help, type: metric.type, aggregator: metric.aggregator, values: values() };
    },
    /** The values with each series' labels merged in, as prom-client's Histogram.get() answers them. */
    async get() {
      const merged = values().map(({ sharedLabels, labels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      }));
      return { name, help, type: metric.type, aggregator: metric.aggregator, values: merged };
    },
    reset(): void {
      for (const one of series) {
        one.counts.fill(0);
        one.sum = 0;
        one.count = 0;
      }
    },
  };
  for (const registry of config.registers) registry.registerMetric(metric as never);
  return metric;
}

export type SeriesHistogram<Labels extends Record<string, string>> = ReturnType<
  typeof createSeriesHistogram<Labels>
>;
