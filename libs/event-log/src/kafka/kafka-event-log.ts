import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import { EVENT_CATALOG } from '@qr/contracts';
import { type Log } from '@qr/domain';
import type { ConsumedRecord, EventLog, LogRecord, SubscribeOptions, Subscription } from '../event-log.port';
import { decodePayload } from './decode-message';

export interface KafkaEventLogOptions {
  brokers: string[];
  clientId: string;
  log: Log;
  /** Partitions for topics this transport creates; keys (qr_id) spread over them. */
  partitions?: number;
}

/**
 * Kafka transport. kafkajs is used directly rather than through a Nest ClientKafka because the
 * port needs manual offset commits after a batch is handled, replay from the earliest offset, and an
 * explicit partition key on every message. The producer is idempotent (acks=all, one in flight).
 */
export class KafkaEventLog implements EventLog {
  readonly transport = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private readonly consumers = new Set<Consumer>();

  constructor(private readonly o: KafkaEventLogOptions) {
    this.kafka = new Kafka({ clientId: o.clientId, brokers: o.brokers, logLevel: logLevel.WARN, retry: { retries: 8 } });
  }

  /** Creates every catalogued topic that does not exist yet. */
  async ensureTopics(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = EVENT_CATALOG.map((d) => d.topic).filter((t) => !existing.has(t));
      if (missing.length) {
        await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: this.o.partitions ?? 12 })) });
      }
    } finally {
      await admin.disconnect();
    }
  }

  async append(records: readonly LogRecord[]): Promise<void> {
    if (records.length === 0) return;
    const producer = await this.getProducer();
    const byTopic = new Map<string, LogRecord[]>();
    for (const r of records) byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), r]);
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, rs]) => ({
        topic,
        messages: rs.map((r) => ({ key: r.key, value: JSON.stringify(r.event), headers: { 'event-id': r.event.id, 'event-type': r.event.type } })),
      })),
    });
  }

  subscribe(options: SubscribeOptions): Subscription {
    const consumer = this.kafka.consumer({ groupId: options.group, allowAutoTopicCreation: false });
    this.consumers.add(consumer);
    const batchSize = options.batchSize ?? 500;
    // Kafka's own group protocol assigns the partitions; this only reports them (partition numbers held in any subscribed topic).
    let partitions: number[] = [];
    let handled = 0;
    consumer.on(consumer.events.GROUP_JOIN, (e) => {
      partitions = [...new Set(Object.values(e.payload.memberAssignment).flat())].sort((a, b) => a - b);
    });
    const ready = (async () => {
      await consumer.connect();
      await consumer.subscribe({ topics: [...options.topics], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
          for (let i = 0; i < batch.messages.length; i += batchSize) {
            if (!isRunning() || isStale()) return;
            const slice = batch.messages.slice(i, i + batchSize);
            const records: ConsumedRecord[] = [];
            for (const m of slice) {
              const event = decodePayload(m.value, this.o.log, batch.topic, m.offset);
              if (event) records.push({ topic: batch.topic, key: m.key?.toString() ?? '', position: `${batch.partition}:${m.offset}`, event });
            }
            if (records.length) await options.handler(records);
            resolveOffset(slice[slice.length - 1].offset);
            await commitOffsetsIfNecessary();
            handled += slice.length;
            await heartbeat();
          }
        },
      });
    })();
    ready.catch((err) => this.o.log.event('error', 'kafka consumer failed to start', { group: options.group, error: String(err) }));
    return {
      group: options.group,
      stop: async () => {
        await ready.catch(() => undefined);
        await consumer.disconnect();
        this.consumers.delete(consumer);
      },
      lag: () => this.lag(options.group, options.topics),
      assignment: () => ({ partitions, handled }),
    };
  }

  async resetGroup(group: string, topics: readonly string[]): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      for (const topic of topics) await admin.resetOffsets({ groupId: group, topic, earliest: true });
    } finally {
      await admin.disconnect();
    }
  }

  async ping(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await admin.describeCluster();
    } finally {
      await admin.disconnect();
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.disconnect()));
    await this.producer?.disconnect();
  }

  private async lag(group: string, topics: readonly string[]): Promise<number> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      let lag = 0;
      for (const topic of topics) {
        const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
        const latest = await admin.fetchTopicOffsets(topic);
        for (const p of latest) {
          const c = committed?.partitions.find((x) => x.partition === p.partition);
          const done = c && Number(c.offset) >= 0 ? Number(c.offset) : Number(p.low);
          lag += Math.max(0, Number(p.high) - done);
        }
      }
      return lag;
    } finally {
      await admin.disconnect();
    }
  }

  private async getProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }
}
