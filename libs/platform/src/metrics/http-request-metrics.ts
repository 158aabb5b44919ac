import { getOrCreate } from '@qr/domain';
import { type Registry } from 'prom-client';

export const HTTP_DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

interface Series {
  /** Observations per bucket, not cumulative; the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

type Labels = Record<string, string | number>;
type Value = { labels: Labels; sharedLabels?: Labels; value: number; metricName?: string };
type MetricData = { name: string; help: string; type: 'counter' | 'histogram'; values: Value[]; aggregator: 'sum' };

/**
 * `qr_http_requests_total{deployable,route,status}` and `qr_http_request_duration_seconds{deployable,route}`,
 * counted in plain maps and turned into prom-client's form only when scraped. Every request is
 * recorded, redirects included: prom-client's own Counter and Histogram check and hash the label
 * object on each call, which cost more per redirect than the rest of the metrics put together.
 * The exposition is prom-client's (the registry formats it), byte for byte what its Histogram gives.
 */
export class HttpRequestMetrics {
  private readonly requests = new Map<string, Map<string, Map<number, number>>>();
  private readonly durations = new Map<string, Map<string, Series>>();

  constructor(registry: Registry) {
    registry.registerMetric(
      metric(
        'qr_http_requests_total',
        'HTTP requests answered, by deployable, route class and status code',
        'counter',
        () => this.requestValues(),
        () => this.requests.clear(),
      ) as never,
    );
    registry.registerMetric(
      metric(
        'qr_http_request_duration_seconds',
        'HTTP request duration',
        'histogram',
        (shared) => this.durationValues(shared),
        () => this.durations.clear(),
      ) as never,
    );
  }

  record(deployable: string, route: string, status: number, seconds: number): void {
    const byStatus = getOrCreate(
      getOrCreate(this.requests, deployable, () => new Map()),
      route,
      () => new Map<number, number>(),
    );
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const series = getOrCreate(
      getOrCreate(this.durations, deployable, () => new Map()),
      route,
      () => ({ buckets: new Array<number>(HTTP_DURATION_BUCKETS.length + 1).fill(0), sum: 0, count: 0 }),
    );
    let i = 0;
    while (i < HTTP_DURATION_BUCKETS.length && seconds > HTTP_DURATION_BUCKETS[i]) i++;
    series.buckets[i] += 1;
    series.sum += seconds;
    series.count += 1;
  }

  private requestValues(): Value[] {
    const values: Value[] = [];
    for (const [deployable, routes] of this.requests) {
      for (const [route, statuses] of routes)
        for (const [status, n] of statuses) values.push({ labels: { deployable, route, status: String(status) }, value: n });
    }
    return values;
  }

  /**
   * As prom-client's Histogram gives them: for the text exposition the series' labels are "shared"
   * (printed after `le` and the registry's default labels), for JSON they are merged into `labels`.
   */
  private durationValues(shared: boolean): Value[] {
    const values: Value[] = [];
    const name = 'qr_http_request_duration_seconds';
    const value = (own: Labels, series: Labels, v: number, metricName: string): Value =>
      shared ? { labels: own, sharedLabels: series, value: v, metricName } : { labels: { ...own, ...series }, value: v, metricName };
    for (const [deployable, routes] of this.durations) {
      for (const [route, s] of routes) {
        let cumulative = 0;
        s.buckets.forEach((n, i) => {
          cumulative += n;
          values.push(value({ le: i < HTTP_DURATION_BUCKETS.length ? HTTP_DURATION_BUCKETS[i] : '+Inf' }, { deployable, route }, cumulative, `${name}_bucket`));
        });
        values.push(value({}, { deployable, route }, s.sum, `${name}_sum`));
        values.push(value({}, { deployable, route }, s.count, `${name}_count`));
      }
    }
    return values;
  }
}

/** What a prom-client Registry asks of a metric: `get` (JSON, and text unless `getForPromString` is there), and `reset` (`resetMetrics`). */
function metric(name: string, help: string, type: MetricData['type'], values: (shared: boolean) => Value[], reset: () => void) {
  const data = (shared: boolean): MetricData => ({ name, help, type, values: values(shared), aggregator: 'sum' });
  return { name, help, type, aggregator: 'sum' as const, get: async () => data(false), getForPromString: async () => data(true), reset };
}
