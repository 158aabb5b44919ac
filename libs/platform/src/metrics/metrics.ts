import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The process's Prometheus registry and the platform-wide instruments. Services add their own. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'deployable' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'deployable' | 'route'>;
  readonly consumerLag: Gauge<'group'>;

  constructor(defaultLabels: Record<string, string> = {}) {
    this.registry.setDefaultLabels(defaultLabels);
    collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: 'qr_http_requests_total',
      help: 'HTTP requests answered, by deployable, route class and status code',
      labelNames: ['deployable', 'route', 'status'],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: 'qr_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['deployable', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.consumerLag = new Gauge({
      name: 'qr_event_consumer_lag',
      help: 'Events appended to a consumer group’s topics and not yet committed by it',
      labelNames: ['group'],
      registers: [this.registry],
    });
  }
}
