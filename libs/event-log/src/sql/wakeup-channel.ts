import { Client } from 'pg';
import { type Log } from '@qr/domain';
import { type SignalListener, ThreadSignal } from '../thread-signal';

/**
 * Tells idle consumers that something was appended, so they need not poll fast. A wake-up names the
 * topics appended when it knows them: a consumer wakes only for its own topics (a redirect replica's
 * code-change consumer sleeps through its own scan commits). Without topics, every consumer wakes.
 */
export interface WakeupChannel {
  onWake(listener: SignalListener): () => void;
  /** Wakes this process's consumers of `topics` (all of them without): something was appended, or the channel reconnected. */
  notifyLocal(topics?: readonly string[]): void;
  /** Called after an append of `topics` has committed: wakes the consumers here at once and, on PostgreSQL, those of other processes soon after. */
  notifyAppended(topics: readonly string[]): void;
  /**
   * A group's members or leases changed (a member joined, or released partitions): members look at the
   * assignment again now instead of at their next heartbeat. On PostgreSQL the change's transaction also
   * sends `REBALANCE` on the channel, which reaches the other processes.
   */
  onRebalance(listener: () => void): () => void;
  notifyRebalance(): void;
  close(): Promise<void>;
}

/** The NOTIFY payload of a rebalance hint (appends send the topics appended, comma-separated). */
export const REBALANCE = 'rebalance';

/** Past this, a NOTIFY names no topics (PostgreSQL's payload limit is 8000 bytes): every consumer wakes. */
const MAX_TOPICS_PAYLOAD = 4000;

/** In-process wake-ups: all consumers of an SQLite log live in the appending process (on any of its threads). */
export class LocalWakeupChannel implements WakeupChannel {
  private readonly signal = new ThreadSignal('event-log');
  private readonly rebalance = new ThreadSignal('event-log-rebalance');

  onWake(listener: SignalListener): () => void {
    return this.signal.on(listener);
  }

  notifyLocal(topics?: readonly string[]): void {
    this.signal.notify(topics);
  }

  notifyAppended(_topics: readonly string[]): void {
    // Every consumer wakes: on SQLite the append pacer holds appends back until each consumer it follows
    // has read near the head, and one left asleep (none of its topics appended) would report only at its
    // next poll.
    this.notifyLocal();
  }

  onRebalance(listener: () => void): () => void {
    return this.rebalance.on(listener);
  }

  notifyRebalance(): void {
    this.rebalance.notify();
  }

  async close(): Promise<void> {
    this.signal.close();
    this.rebalance.close();
  }
}

/** The least time between two NOTIFYs of one process's appends. */
const NOTIFY_SPACING_MS = 5;

/**
 * PostgreSQL LISTEN on one dedicated connection, which also sends this process's NOTIFYs once its
 * appends have committed, so consumers everywhere wake. The NOTIFYs are coalesced, one per 5 ms at
 * most, the last always sent: a busy redirect replica commits a batch of scans every millisecond or
 * two, and a NOTIFY in each of those transactions made every commit take PostgreSQL's notify-queue
 * lock and wake every listening process. A consumer that is reading anyway (any load) needs no
 * wake-up; an idle one is woken within 5 ms of the commit. Reconnects with backoff; consumers keep a
 * slow poll as the safety net while it is down (appends of this process then wake other processes
 * only by that poll).
 */
export class PgWakeupChannel extends LocalWakeupChannel {
  private client: Client | null = null;
  private closed = false;
  /** A NOTIFY is being sent or waits for its spacing; `unsent`: the topics appended since the last one. */
  private notifying = false;
  private readonly unsent = new Set<string>();

  constructor(
    private readonly url: string,
    readonly channel: string,
    private readonly log: Log,
  ) {
    super();
    void this.connect(0);
  }

  private async connect(attempt: number): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.url });
    let retried = false;
    const retry = () => {
      if (retried || this.closed) return;
      retried = true;
      if (this.client === client) this.client = null;
      setTimeout(() => void this.connect(attempt + 1), Math.min(5000, 200 * 2 ** attempt)).unref();
    };
    // An empty payload (a process of the previous version, or too many topics) wakes every consumer.
    client.on('notification', (n) => (n.payload === REBALANCE ? this.notifyRebalance() : this.notifyLocal(n.payload ? n.payload.split(',') : undefined)));
    client.on('error', retry);
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.client = client;
      if (attempt > 0) this.log.event('info', 'event log wake-up channel reconnected', { channel: this.channel });
      this.notifyLocal();
    } catch {
      retry();
      await client.end().catch(() => undefined);
    }
  }

  override notifyAppended(topics: readonly string[]): void {
    this.notifyLocal(topics);
    for (const topic of topics) this.unsent.add(topic);
    if (this.notifying) return;
    this.notifying = true;
    void this.sendNotify();
  }

  private async sendNotify(): Promise<void> {
    do {
      const topics = [...this.unsent];
      this.unsent.clear();
      const payload = topics.join(',');
      const named = payload.length <= MAX_TOPICS_PAYLOAD && !topics.some((t) => t.includes(',') || t === REBALANCE);
      const started = Date.now();
      await this.client?.query('SELECT pg_notify($1, $2)', [this.channel, named ? payload : '']).catch(() => undefined);
      const left = NOTIFY_SPACING_MS - (Date.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left).unref());
    } while (this.unsent.size > 0 && !this.closed);
    this.notifying = false;
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}
