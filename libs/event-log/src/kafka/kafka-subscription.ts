import { setTimeout as sleep } from 'node:timers/promises';
import { type Consumer, type EachBatchPayload, type Kafka } from 'kafkajs';
import { errorText, type Log } from '@qr/domain';
import type { ConsumedRecord, SubscribeOptions, Subscription } from '../event-log.port';
import { backoffMs, Waker } from '../wait-for';
import { decodeEvents } from '../decode-events';
import { RangeAssigner } from './range-assigner';

export interface KafkaSubscriptionDeps {
  /** The group's and the topics' names on the broker (KafkaEventLogOptions.prefix). */
  groupId: string;
  topicName(topic: string): string;
  log: Log;
  sessionTimeoutMs: number;
  topicsReady: Promise<void>;
  lag(): Promise<number>;
  onStop(): void;
}

/**
 * One member of a Kafka consumer group. Kafka's group protocol spreads the topics' partitions over the
 * members (RangeAssigner); a member that stops leaves at once, one that dies is dropped after the session
 * timeout, and its partitions go to the others from their committed offsets.
 *
 * A batch is committed only after its handler succeeded. A handler that throws gets the same batch again,
 * after a backoff, for as long as this member holds the partition (heartbeats go on meanwhile); after a
 * rebalance the new holder starts at the committed offset, so it is never skipped. If the consumer itself
 * fails (the broker went away), it is rebuilt and rejoins the group after a backoff, for as long as the
 * subscription runs: a process started before its broker simply joins once the broker answers.
 */
export class KafkaSubscription implements Subscription {
  readonly group: string;
  private consumer: Consumer | null = null;
  private stopped = false;
  private readonly waker = new Waker();
  private stopRequested: () => void = () => undefined;
  private readonly stopping = new Promise<null>((resolve) => (this.stopRequested = () => resolve(null)));
  private loop: Promise<void> = Promise.resolve();
  private partitions: number[] = [];
  private handled = 0;
  private readonly batchSize: number;
  /** The catalog's topic of each broker topic name. */
  private readonly topicOf: Map<string, string>;

  constructor(
    private readonly kafka: Kafka,
    private readonly o: SubscribeOptions,
    private readonly deps: KafkaSubscriptionDeps,
  ) {
    this.group = o.group;
    this.batchSize = o.batchSize ?? 500;
    this.topicOf = new Map(o.topics.map((t) => [deps.topicName(t), t]));
  }

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopRequested();
    this.waker.wake();
    // Disconnecting waits for the batch in hand to finish and commit, then leaves the group.
    await this.consumer?.disconnect().catch(() => undefined);
    await this.loop;
    this.deps.onStop();
  }

  lag(): Promise<number> {
    return this.deps.lag();
  }

  assignment(): { partitions: number[]; handled: number } {
    return { partitions: this.partitions, handled: this.handled };
  }

  private async run(): Promise<void> {
    await Promise.race([this.deps.topicsReady, this.stopping]);
    for (let failures = 0; !this.stopped; failures++) {
      const consumer = this.kafka.consumer({
        groupId: this.deps.groupId,
        partitionAssigners: [RangeAssigner],
        sessionTimeout: this.deps.sessionTimeoutMs,
        heartbeatInterval: Math.max(500, Math.floor(this.deps.sessionTimeoutMs / 5)),
        // A fetch with nothing to read returns after this long: a stop or a rebalance never waits longer.
        maxWaitTimeInMs: 1000,
        allowAutoTopicCreation: false,
        // Restarts are this loop's: a crashed consumer is replaced by a new one.
        retry: { retries: 3, restartOnFailure: async () => false },
      });
      this.consumer = consumer;
      const crashed = new Promise<unknown>((resolve) => consumer.on(consumer.events.CRASH, (e) => resolve(e.payload.error)));
      consumer.on(consumer.events.GROUP_JOIN, (e) => {
        this.partitions = [...new Set(Object.values(e.payload.memberAssignment).flat())].sort((a, b) => a - b);
        failures = 0;
      });
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: this.o.topics.map(this.deps.topicName), fromBeginning: true });
        await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: (payload) => this.handleBatch(payload) });
        const error = await Promise.race([crashed, this.stopping]);
        if (error) this.deps.log.event('warn', 'kafka consumer stopped; rejoining', { group: this.o.group, error: errorText(error) });
      } catch (err) {
        if (!this.stopped && (failures === 0 || failures % 10 === 0))
          this.deps.log.event('warn', 'kafka consumer could not join its group; retrying', {
            group: this.o.group,
            failures: failures + 1,
            error: errorText(err),
          });
      }
      this.partitions = [];
      await consumer.disconnect().catch(() => undefined);
      if (!this.stopped) await this.waker.wait(backoffMs(failures, 250, 5000));
    }
  }

  /**
   * Hands the batch's messages to the handler in slices of about `batchSize` events (whole messages: a
   * message may hold several events of one code), committing each slice's offset after its handler
   * succeeded.
   */
  private async handleBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const gone = () => this.stopped || !isRunning() || isStale();
    const topic = this.topicOf.get(batch.topic) ?? batch.topic;
    let i = 0;
    while (i < batch.messages.length) {
      if (gone()) return;
      const records: ConsumedRecord[] = [];
      let last = batch.messages[i].offset;
      for (; i < batch.messages.length && records.length < this.batchSize; i++) {
        const m = batch.messages[i];
        const key = m.key?.toString() ?? '';
        const position = `${batch.partition}:${m.offset}`;
        const skipped = (reason: string) =>
          this.deps.log.event('error', 'kafka message failed validation; skipped', { topic: batch.topic, offset: m.offset, reason });
        for (const event of decodeEvents(m.value?.toString('utf8') ?? '', skipped)) records.push({ topic, key, position, event });
        last = m.offset;
      }
      for (let failures = 0; records.length > 0; failures++) {
        try {
          await this.o.handler(records);
          break;
        } catch (err) {
          this.deps.log.event('warn', 'event consumer batch failed; will retry', {
            group: this.o.group,
            topic: batch.topic,
            partition: batch.partition,
            failures: failures + 1,
            error: errorText(err),
          });
          // Not resolved: if this member loses the partition meanwhile, its next holder reads the batch again.
          await this.pause(backoffMs(failures), heartbeat);
          if (gone()) return;
        }
      }
      resolveOffset(last);
      await commitOffsetsIfNecessary({
        topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: (BigInt(last) + 1n).toString() }] }],
      });
      this.handled += records.length;
      await heartbeat();
    }
  }

  /** Waits `ms`, heartbeating so the group keeps this member while it retries. */
  private async pause(ms: number, heartbeat: () => Promise<void>): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopped && Date.now() < until) {
      await sleep(Math.min(500, until - Date.now()));
      await heartbeat();
    }
  }
}
