import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { type Subscription } from '@qr/event-log';
import { HttpRequestMetrics } from './http-request-metrics';

/** The process's Prometheus registry and the platform-wide instruments. Services add their own. */
export class Metrics {
  readonly registry = new Registry();
  /** `qr_http_requests_total` and `qr_http_request_duration_seconds`. */
  readonly http: HttpRequestMetrics;
  readonly consumerLag: Gauge<'group'>;
  readonly outboxPending: Gauge<'store'>;
  readonly walCheckpoints: Counter<'store'>;
  readonly walUncopied: Gauge<'store'>;
  private readonly consumers = new Set<Pick<Subscription, 'group' | 'lag'>>();
  private readonly outboxes = new Map<string, () => Promise<number>>();
  private readonly sources: Array<() => Promise<MetricsSnapshot>> = [];

  /** `processMetrics: false` for a second thread of a process: CPU, memory and the like are the process's, counted once. */
  constructor(defaultLabels: Record<string, string> = {}, o: { processMetrics?: boolean } = {}) {
    this.registry.setDefaultLabels(defaultLabels);
    if (o.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.http = new HttpRequestMetrics(this.registry);
    this.consumerLag = this.sampledGauge(
      'qr_event_consumer_lag',
      'Events appended to a consumer group’s topics and not yet committed by it (sampled at scrape)',
      'group',
      () => [...this.consumers].map((c) => [c.group, () => c.lag()]),
    );
    this.walCheckpoints = new Counter({
      name: 'qr_sqlite_wal_checkpoints_total',
      help: 'Checkpoints that copied write-ahead log pages into a SQLite file, by store (all-in-one: the front’s files, on their checkpoint thread)',
      labelNames: ['store'],
      registers: [this.registry],
    });
    this.walUncopied = new Gauge({
      name: 'qr_sqlite_wal_uncopied_pages',
      help: 'Write-ahead log pages the last checkpoint could not copy into the SQLite file yet (a reader still needed the older file), by store',
      labelNames: ['store'],
      registers: [this.registry],
    });
    this.outboxPending = this.sampledGauge(
      'qr_outbox_pending',
      'Events committed to a service’s outbox and not yet relayed to the event log (sampled at scrape, where the relay runs)',
      'store',
      () => this.outboxes.entries(),
    );
  }

  /** A gauge read at scrape time, one series per label value; a failed read shows as -1. */
  private sampledGauge<L extends string>(name: string, help: string, label: L, samples: () => Iterable<[string, () => Promise<number>]>): Gauge<L> {
    return new Gauge({
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

  /** Exports this subscription's lag as `qr_event_consumer_lag{group}` until it is untracked. */
  trackConsumer(subscription: Pick<Subscription, 'group' | 'lag'>): () => void {
    this.consumers.add(subscription);
    return () => this.consumers.delete(subscription);
  }
}

export type MetricsSnapshot = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
