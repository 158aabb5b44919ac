import { Client } from 'pg';
import { type Log } from '@qr/domain';
import { ThreadSignal } from '../thread-signal';

/** Tells idle consumers that something was appended, so they need not poll fast. */
export interface WakeupChannel {
  onWake(listener: () => void): () => void;
  /** Called after a local append has committed. */
  notifyLocal(): void;
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

/**
 * PostgreSQL LISTEN on one dedicated connection: appends in any process NOTIFY in their
 * transaction, so consumers everywhere wake on commit. Reconnects with backoff; consumers keep
 * a slow poll as the safety net while it is down.
 */
export class PgWakeupChannel extends LocalWakeupChannel {
  private client: Client | null = null;
  private closed = false;

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

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}
