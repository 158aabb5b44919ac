import { Client } from 'pg';
import { type Log } from '@qr/domain';
import { ThreadSignal } from '../thread-signal';

/** Tells idle consumers that something was appended, so they need not poll fast. */
export interface WakeupChannel {
  onWake(listener: () => void): () => void;
  /** Wakes this process's consumers (something was appended, or the channel reconnected). */
  notifyLocal(): void;
  /** Called after an append has committed: wakes the consumers here at once and, on PostgreSQL, those of other processes soon after. */
  notifyAppended(): void;
  /**
   * A group's members or leases changed (a member joined, or released partitions): members look at the
   * assignment again now instead of at their next heartbeat. On PostgreSQL the change's transaction also
   * sends `REBALANCE` on the channel, which reaches the other processes.
   */
  onRebalance(listener: () => void): () => void;
  notifyRebalance(): void;
  close(): Promise<void>;
}

/** The NOTIFY payload of a rebalance hint (appends send an empty one). */
export const REBALANCE = 'rebalance';

/** In-process wake-ups: all consumers of an SQLite log live in the appending process (on any of its threads). */
export class LocalWakeupChannel implements WakeupChannel {
  private readonly signal = new ThreadSignal('event-log');
  private readonly rebalance = new ThreadSignal('event-log-rebalance');

  onWake(listener: () => void): () => void {
    return this.signal.on(listener);
  }

  notifyLocal(): void {
    this.signal.notify();
  }

  notifyAppended(): void {
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
  /** A NOTIFY is being sent or waits for its spacing; `again`: another append committed meanwhile. */
  private notifying = false;
  private again = false;

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
    client.on('notification', (n) => (n.payload === REBALANCE ? this.notifyRebalance() : this.notifyLocal()));
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

  override notifyAppended(): void {
    this.notifyLocal();
    if (this.notifying) return void (this.again = true);
    this.notifying = true;
    void this.sendNotify();
  }

  private async sendNotify(): Promise<void> {
    do {
      this.again = false;
      const started = Date.now();
      await this.client?.query(`NOTIFY ${this.channel}`).catch(() => undefined);
      const left = NOTIFY_SPACING_MS - (Date.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left).unref());
    } while (this.again && !this.closed);
    this.notifying = false;
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}
