import { type Clock, type Log, newId, systemClock } from '@qr/domain';
import { ThreadSignal } from '@qr/event-log';
import { type Database, type Tx } from '@qr/persistence';
import { type AddressPolicy, classifyAttempt, nextAttemptAt, shouldDisableEndpoint, webhookHeaders } from '@qr/webhook-rules';
import { type EndpointRecord } from '../endpoints/endpoint-record';
import { type EndpointsRepository } from '../endpoints/endpoints.repository';
import { type SecretBox } from '../secrets/secret-box';
import { guardedPost, type PostResult } from '../sending/guarded-post';
import { type HostResolver } from '../sending/host-resolver';
import { type DeliveryRecord, deliveryFromRow } from './delivery-record';

export interface WorkerOptions {
  schedule: readonly number[];
  timeoutMs?: number;
  /** Deliveries in flight at once, overall and per endpoint: a slow endpoint uses up only its own share. */
  concurrency?: number;
  perEndpoint?: number;
  leaseMs?: number;
  pollMs?: number;
  /** All-in-one: this process is the only worker, so claims left by a crashed predecessor can be taken back at once. */
  reclaimOnStart?: boolean;
  clock?: Clock;
  random?: () => number;
  log: Log;
}

/**
 * Sends due deliveries. A delivery is claimed under a lease (a crashed worker's claims come back when
 * the lease expires, and are sent again with the same webhook-id), sent, and its outcome recorded:
 * delivered, retried on the schedule with jitter (Retry-After honoured), or failed for good; a 410 or
 * five days of failures disable the endpoint.
 */
export class DeliveryWorker {
  private readonly inflight = new Map<string, number>();
  private total = 0;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private readonly clock = this.o.clock ?? systemClock;
  private readonly random = this.o.random ?? Math.random;
  private running = new Set<Promise<void>>();
  /** Endpoints with their opened secrets, for a second: a burst to one endpoint reads and decrypts once. */
  private readonly endpointCache = new Map<string, { at: number; endpoint: EndpointRecord; secrets: string[] }>();
  /** New or re-queued deliveries; the running worker may be on another thread (all-in-one's background). */
  private readonly due = new ThreadSignal('webhook-deliveries');
  private stopListening: () => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly endpoints: EndpointsRepository,
    private readonly box: SecretBox,
    private readonly resolve: HostResolver,
    private readonly policy: AddressPolicy,
    private readonly o: WorkerOptions,
  ) {}

  async start(): Promise<void> {
    if (this.o.reclaimOnStart) await this.db.execute(`UPDATE webhook_deliveries SET lease_until = NULL WHERE status = 'delivering'`);
    this.stopped = false;
    this.stopListening = this.due.on(this.wake);
    this.wake();
  }

  /** Deliveries were committed as due: whichever thread runs the worker claims them now. */
  deliveriesDue = (): void => this.due.notify();

  /** Stops claiming; waits for deliveries in flight (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening();
    this.due.close();
    if (this.timer) clearTimeout(this.timer);
    await Promise.all([...this.running]);
  }

  private pumpQueued = false;

  /** Wake-ups in one turn of the event loop (many deliveries finishing together) share one claim pass. */
  wake = (): void => {
    if (this.stopped || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump().catch((err) => this.o.log.event('warn', 'webhook worker pass failed', { error: String(err) }));
    });
  };

  /** Claims what capacity allows and waits for those deliveries (tests drive this with a fixed clock). */
  async tick(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((d) => this.track(d)));
    return claimed.length;
  }

  private async pump(): Promise<void> {
    const claimed = await this.claim();
    for (const d of claimed) void this.track(d).then(this.wake);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.wake, this.o.pollMs ?? 1000);
    this.timer.unref();
  }

  private track(d: DeliveryRecord): Promise<void> {
    this.inflight.set(d.endpoint_id, (this.inflight.get(d.endpoint_id) ?? 0) + 1);
    this.total += 1;
    const p = this.deliver(d)
      .catch((err) => this.o.log.event('error', 'webhook delivery crashed', { delivery: d.id, error: String(err) }))
      .finally(() => {
        this.inflight.set(d.endpoint_id, (this.inflight.get(d.endpoint_id) ?? 1) - 1);
        this.total -= 1;
        this.running.delete(p);
      });
    this.running.add(p);
    return p;
  }

  private async claim(): Promise<DeliveryRecord[]> {
    const room = (this.o.concurrency ?? 128) - this.total;
    if (room <= 0) return [];
    const now = this.clock().getTime();
    const full = [...this.inflight].filter(([, n]) => n >= (this.o.perEndpoint ?? 16)).map(([id]) => id);
    const exclude = full.length ? ` AND endpoint_id NOT IN (${full.map((_, i) => `$${i + 4}`).join(', ')})` : '';
    const free = `status IN ('pending', 'delivering') AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until < $1)`;
    const lock = this.db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    const { rows } = await this.db.execute(
      `UPDATE webhook_deliveries SET status = 'delivering', lease_until = $2, updated_at = $1
       WHERE id IN (SELECT id FROM webhook_deliveries WHERE ${free}${exclude} ORDER BY next_attempt_at LIMIT $3${lock}) AND (lease_until IS NULL OR lease_until < $1)
       RETURNING *`,
      [now, now + (this.o.leaseMs ?? 60_000), room, ...full],
    );
    return rows.map((r) => deliveryFromRow(r as Record<string, unknown>));
  }

  private async cachedEndpoint(id: string): Promise<EndpointRecord | null> {
    const hit = this.endpointCache.get(id);
    if (hit && Date.now() - hit.at < 1000) return hit.endpoint;
    const endpoint = await this.endpoints.findById(id);
    if (endpoint) this.endpointCache.set(id, { at: Date.now(), endpoint, secrets: [] });
    else this.endpointCache.delete(id);
    return endpoint;
  }

  private secretsOf(endpoint: EndpointRecord, now: Date): string[] {
    const cached = this.endpointCache.get(endpoint.id);
    const valid = endpoint.previous_secret_sealed && (endpoint.previous_secret_expires_at ?? 0) > now.getTime();
    if (cached?.endpoint === endpoint && cached.secrets.length === (valid ? 2 : 1)) return cached.secrets;
    const secrets = [this.box.open(endpoint.secret_sealed), ...(valid ? [this.box.open(endpoint.previous_secret_sealed!)] : [])];
    if (cached?.endpoint === endpoint) cached.secrets = secrets;
    return secrets;
  }

  private async deliver(d: DeliveryRecord): Promise<void> {
    const endpoint = await this.cachedEndpoint(d.endpoint_id);
    if (!endpoint || endpoint.status !== 'enabled' || endpoint.deleted_at !== null) {
      await this.db.execute(`UPDATE webhook_deliveries SET status = 'cancelled', lease_until = NULL, updated_at = $1 WHERE id = $2`, [
        this.clock().getTime(),
        d.id,
      ]);
      return;
    }
    const result = await this.send(endpoint, d);
    await this.recordLater(endpoint, d, result);
  }

  private pendingRecords: Array<{ endpoint: EndpointRecord; d: DeliveryRecord; result: PostResult; done: () => void; fail: (e: unknown) => void }> = [];
  private recordQueued = false;

  /** Outcomes finishing in the same turn share one transaction: one commit for many deliveries under load. */
  private recordLater(endpoint: EndpointRecord, d: DeliveryRecord, result: PostResult): Promise<void> {
    return new Promise((done, fail) => {
      this.pendingRecords.push({ endpoint, d, result, done, fail });
      if (this.recordQueued) return;
      this.recordQueued = true;
      setImmediate(() => {
        this.recordQueued = false;
        const batch = this.pendingRecords.splice(0);
        this.db
          .transaction(async (tx) => {
            for (const r of batch) await this.record(tx, r.endpoint, r.d, r.result);
          })
          .then(
            () => batch.forEach((r) => r.done()),
            (err) => batch.forEach((r) => r.fail(err)),
          );
      });
    });
  }

  /**
   * "Send a test event": one attempt now, written to the delivery log like any other (so the log
   * shows it, and "retry now" can send it again), but never retried on its own and never counted
   * toward disabling the endpoint: a test says how the endpoint answers, it is not a real event.
   */
  async sendTest(endpoint: EndpointRecord, payload: { id: string; type: string; body: string }): Promise<{ deliveryId: string; result: PostResult }> {
    const now = this.clock().getTime();
    const id = newId('wd', this.clock);
    // No next attempt: the worker never claims it on its own, not even after a crash mid-send (only "retry now" does).
    const [row] = (
      await this.db.execute(
        `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, body, status, attempts, next_attempt_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'delivering', 0, NULL, $7, $7) RETURNING *`,
        [id, endpoint.id, endpoint.workspace_id, payload.id, payload.type, payload.body, now],
      )
    ).rows;
    const d = deliveryFromRow(row as Record<string, unknown>);
    const result = await this.send(endpoint, d);
    await this.db.transaction((tx) => this.record(tx, endpoint, d, result, { test: true }));
    return { deliveryId: id, result };
  }

  /** One attempt: the worker's, and the test event's. */
  send(endpoint: EndpointRecord, d: Pick<DeliveryRecord, 'event_id' | 'body'>): Promise<PostResult> {
    const now = this.clock();
    const secrets = this.secretsOf(endpoint, now);
    return guardedPost({
      url: new URL(endpoint.url),
      headers: webhookHeaders({ secrets, msgId: d.event_id, now, body: d.body }),
      body: d.body,
      timeoutMs: this.o.timeoutMs ?? 15_000,
      resolve: this.resolve,
      policy: this.policy,
    });
  }

  private async record(tx: Tx, endpoint: EndpointRecord, d: DeliveryRecord, result: PostResult, o: { test?: boolean } = {}): Promise<void> {
    const now = this.clock();
    const attempt = d.attempts + 1;
    const outcome = classifyAttempt({ status: result.status, retryAfter: result.retryAfter, error: result.error, now });
    const next =
      outcome.kind === 'retry' && !o.test
        ? nextAttemptAt({ attempt, now, schedule: this.o.schedule, random: this.random, retryAfterMs: outcome.retryAfterMs })
        : null;
    const status = outcome.kind === 'delivered' ? 'delivered' : next ? 'pending' : 'failed';
    await tx.query(
      'INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
      [d.id, attempt, now.getTime(), result.status, result.error, Math.round(result.durationMs)],
    );
    await tx.query(
      `UPDATE webhook_deliveries SET status = $1, attempts = $2, next_attempt_at = $3, lease_until = NULL, last_attempt_at = $4, last_status_code = $5,
         last_error = $6, last_duration_ms = $7, updated_at = $4 WHERE id = $8`,
      [
        status,
        attempt,
        next?.getTime() ?? null,
        now.getTime(),
        result.status,
        outcome.kind === 'retry' ? outcome.reason : outcome.kind === 'disable' ? outcome.reason : null,
        Math.round(result.durationMs),
        d.id,
      ],
    );
    if (o.test) return;
    // The failure streak lives in the row (not the cached endpoint), so concurrent deliveries agree on it.
    const { rows } = await tx.query<{ failing_since: number | null }>(
      `UPDATE webhook_endpoints SET failing_since = CASE WHEN $1 = 1 THEN NULL ELSE COALESCE(failing_since, $2) END WHERE id = $3 RETURNING failing_since`,
      [outcome.kind === 'delivered' ? 1 : 0, now.getTime(), endpoint.id],
    );
    const failingSince = rows[0]?.failing_since === null || rows[0]?.failing_since === undefined ? null : new Date(Number(rows[0].failing_since));
    const disableReason = outcome.kind === 'disable' ? 'endpoint_gone_410' : shouldDisableEndpoint(failingSince, now) ? 'failing_for_5_days' : null;
    if (disableReason) {
      await tx.query(`UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $1, updated_at = $2 WHERE id = $3`, [
        disableReason,
        now.getTime(),
        endpoint.id,
      ]);
      await tx.query(`UPDATE webhook_deliveries SET status = 'cancelled', updated_at = $1 WHERE endpoint_id = $2 AND status = 'pending'`, [
        now.getTime(),
        endpoint.id,
      ]);
      this.endpointCache.delete(endpoint.id);
    }
  }
}
