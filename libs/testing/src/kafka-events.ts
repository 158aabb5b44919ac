import { randomBytes } from 'node:crypto';
import { type Admin, type Consumer, Kafka, logLevel } from 'kafkajs';
import { EVENT_CATALOG } from '@qr/contracts';
import { type StoredEvent } from './stored-event';

/**
 * Every event on a cluster's Kafka topics, read by a consumer group of its own from the beginning, kept in
 * memory by partition key (`qr_id`). `upToDate()` waits until it has read up to the topics' ends as they
 * are when it is called: what a test asks then includes everything appended before.
 */
export class KafkaEvents {
  private readonly byKey = new Map<string, Map<string, StoredEvent>>();
  private readonly read = new Map<string, bigint>();
  private constructor(
    private readonly consumer: Consumer,
    private readonly admin: Admin,
    private readonly topics: readonly string[],
  ) {}

  /** For a cluster: its KAFKA_BROKERS and KAFKA_PREFIX (`cluster.env`). */
  static async start(env: Record<string, string>): Promise<KafkaEvents> {
    const brokers = env.KAFKA_BROKERS;
    const kafka = new Kafka({ clientId: 'test-reader', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
    // The broker's shortest session: after a broker restart the group waits out the old member's session
    // before the reader reads again (kafkajs' default, 30 s, outlasted a test's wait).
    const consumer = kafka.consumer({
      groupId: `test-reader-${randomBytes(6).toString('hex')}`,
      maxWaitTimeInMs: 200,
      sessionTimeout: 6000,
      heartbeatInterval: 1000,
    });
    const admin = kafka.admin();
    await Promise.all([consumer.connect(), admin.connect()]);
    const topics = [...new Set(EVENT_CATALOG.map((d) => `${env.KAFKA_PREFIX ?? ''}${d.topic}`))];
    const reader = new KafkaEvents(consumer, admin, topics);
    // The cluster's services create the topics in the background as they start.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const existing = new Set(await admin.listTopics());
      if (topics.every((t) => existing.has(t))) break;
      if (Date.now() > deadline) throw new Error(`KafkaEvents: the topics ${topics.join(', ')} were not created in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const key = message.key?.toString() ?? '';
        let events = reader.byKey.get(key);
        if (!events) reader.byKey.set(key, (events = new Map()));
        // One event, or several of one code, one per line.
        for (const line of message.value!.toString('utf8').split('\n')) {
          const event = JSON.parse(line) as StoredEvent;
          events.set(event.id, event);
        }
        reader.read.set(`${topic}:${partition}`, BigInt(message.offset) + 1n);
      },
    });
    return reader;
  }

  /** Waits until every message on the topics now has been read. */
  async upToDate(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const ends = await this.ends(deadline);
    while (ends.some(([tp, end]) => (this.read.get(tp) ?? 0n) < end)) {
      if (Date.now() > deadline) throw new Error('KafkaEvents: not up to date with the topics in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Each partition's end offset. Right after a broker restart its metadata may still name an old leader
   * ("not the leader for that topic-partition"): such retriable answers are asked again until the deadline.
   */
  private async ends(deadline: number): Promise<Array<[string, bigint]>> {
    for (;;) {
      try {
        const ends: Array<[string, bigint]> = [];
        for (const topic of this.topics) {
          for (const p of await this.admin.fetchTopicOffsets(topic)) if (BigInt(p.high) > BigInt(p.low)) ends.push([`${topic}:${p.partition}`, BigInt(p.high)]);
        }
        return ends;
      } catch (err) {
        if (!(err as { retriable?: boolean }).retriable || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 200));
        // A fresh connection asks the broker for the partitions' leaders again.
        await this.admin.disconnect().catch(() => undefined);
        await this.admin.connect().catch(() => undefined);
      }
    }
  }

  /** One code's events read so far, once per event id. */
  of(key: string): StoredEvent[] {
    return [...(this.byKey.get(key)?.values() ?? [])];
  }

  /** Every event read so far, once per event id. */
  all(): StoredEvent[] {
    return [...this.byKey.values()].flatMap((events) => [...events.values()]);
  }

  async close(): Promise<void> {
    await Promise.all([this.consumer.disconnect(), this.admin.disconnect()]);
  }
}
