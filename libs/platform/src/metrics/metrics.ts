import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { type Subscription } from '@qr/event-log';
import { HttpRequestMetrics } from './http-request-metrics';

/** The process's Prometheus registry and the platform-wide instruments. Services add their own. */
export class Metrics {
  readonly registry = new Registry();
  /** `qr_http_requests_total` and `qr_http_request_duration_seconds`. */
  readonly http: HttpRequestMetrics;
  private readonly consumers = new Set<TrackedConsumer>();
  /** Records each tracked subscription had handled at the last scrape (the counter moves by the difference). */
  private readonly handledAtScrape = new Map<TrackedConsumer, number>();
  private readonly outboxes = new Map<string, () => Promise<number>>();
  private readonly sources: Array<() => Promise<MetricsSnapshot>> = [];

  /** `processMetrics: false` for a second thread of a process: CPU, memory and the like are the process's, counted once. */
  constructor(defaultLabels: Record<string, string> = {}, o: { processMetrics?: boolean } = {}) {
    this.registry.setDefaultLabels(defaultLabels);
    if (o.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.http = new HttpRequestMetrics(this.registry);
    this.sampledGauge('qr_event_consumer_lag', 'Events appended to a consumer group’s topics and not yet committed by it (sampled at scrape)', 'group', () =>
      [...this.consumers].map((c) => [c.group, () => c.lag()]),
    );
    const consumers = () => [...this.consumers];
    new Gauge({
      name: 'qr_event_consumer_partitions',
      help: 'Partitions of a consumer group this process holds now (SQL log: by lease; Kafka: by its group protocol)',
      labelNames: ['group'],
      registers: [this.registry],
      collect() {
        // Only groups tracked now: a stopped member's partitions are held elsewhere.
        this.reset();
        const held = new Map<string, number>();
        for (const c of consumers()) held.set(c.group, (held.get(c.group) ?? 0) + c.assignment().partitions.length);
        for (const [group, n] of held) this.set({ group }, n);
      },
    });
    const handledAtScrape = this.handledAtScrape;
    new Counter({
      name: 'qr_event_consumer_records_total',
      help: 'Events a consumer group’s members in this process have handled and committed (each replica’s share of the group’s work)',
      labelNames: ['group'],
      registers: [this.registry],
      collect() {
        for (const c of consumers()) {
          const handled = c.assignment().handled;
          const delta = handled - (handledAtScrape.get(c) ?? 0);
          handledAtScrape.set(c, handled);
          this.inc({ group: c.group }, Math.max(0, delta));
        }
      },
    });
    this.sampledGauge(
      'qr_outbox_pending',
      'Events committed to a service’s outbox and not yet relayed to the event log (sampled at scrape, where the relay runs)',
      'store',
      () => this.outboxes.entries(),
    );
  }

  /** A gauge read at scrape time, one series per label value; a failed read shows as -1. */
  private sampledGauge<L extends string>(name: string, help: string, label: L, samples: () => Iterable<[string, () => Promise<number>]>): void {
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      async collect() {
        for (const [value, sample] of samples()) this.set({ [label]: value } as Record<L, string>, await sample().catch(() => -1));
      },
    });
  }

  /** Exports an outbox's backlog as `qr_outbox_pending{store}` until it is untracked. */
  trackOutbox(store: string, pending: () => Promise<number>): () => void {
    this.outboxes.set(store, pending);
    return () => this.outboxes.delete(store);
  }

  /** Metrics kept elsewhere in this process (all-in-one's background thread), served with this registry's. */
  addSource(source: () => Promise<MetricsSnapshot>): void {
    this.sources.push(source);
  }

  /** This registry's metrics as plain data, for another thread to serve. */
  snapshot(): Promise<MetricsSnapshot> {
    return this.registry.getMetricsAsJSON();
  }

  /** The Prometheus text exposition of this registry and every added source. */
  async exposition(): Promise<string> {
    if (!this.sources.length) return this.registry.metrics();
    const parts = await Promise.all([this.snapshot(), ...this.sources.map((s) => s().catch(() => [] as MetricsSnapshot))]);
    // The sources' series differ by their default labels (thread="background"), so "sum" only ever puts
    // series side by side. Without it prom-client drops metrics marked "omit" (process_start_time_seconds).
    return AggregatorRegistry.aggregate(parts.map((part) => part.map((metric) => ({ ...metric, aggregator: 'sum' as const })))).metrics();
  }

  /** Exports this subscription's lag, partitions and handled records (`qr_event_consumer_*{group}`) until it is untracked. */
  trackConsumer(subscription: TrackedConsumer): () => void {
    this.consumers.add(subscription);
    return () => {
      this.consumers.delete(subscription);
      this.handledAtScrape.delete(subscription);
    };
  }
}

type TrackedConsumer = Pick<Subscription, 'group' | 'lag' | 'assignment'>;

export type MetricsSnapshot = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
