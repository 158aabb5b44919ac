import { setTimeout as sleep } from 'node:timers/promises';
import { type Admin, Kafka, type logCreator, logLevel, type Producer } from 'kafkajs';
import { EVENT_CATALOG } from '@qr/contracts';
import { errorText, getOrCreate, type Log } from '@qr/domain';
import type { EventLog, LogRecord, SubscribeOptions, Subscription } from '../event-log.port';
import { backoffMs } from '../wait-for';
import { KafkaSubscription } from './kafka-subscription';
import { messagesOf, requestsOf } from './message-requests';

export interface KafkaEventLogOptions {
  brokers: string[];
  clientId: string;
  log: Log;
  /** Partitions for topics this transport creates; keys (qr_id) spread over them. */
  partitions?: number;
  /** How long a consumer group waits for a silent member before giving its partitions to the others. */
  sessionTimeoutMs?: number;
  /**
   * Put before every topic and consumer group name (`KAFKA_PREFIX`), so several deployments (or test
   * clusters) can share brokers. Records keep the catalog's topic names; only the broker sees the prefix.
   */
  prefix?: string;
}

/** A member that has not heartbeated for this long is out of its group (Kafka's `session.timeout.ms`). */
export const KAFKA_SESSION_TIMEOUT_MS = 10_000;

/** How long an append waits for the topics to be created before it fails (its caller retries). */
const TOPICS_WAIT_MS = 5000;

/**
 * Kafka transport, on kafkajs directly. Nest's Kafka transport (@nestjs/microservices) hands a handler one
 * message at a time and commits on its own; the port needs a batch per handler call, a commit only after
 * the batch is applied, and replay from the earliest offset (docs/design/event-log.md).
 *
 * Nothing here needs the broker at start: topics are created, and consumers join their groups, in the
 * background, retried until the broker answers. A process without its broker starts degraded (readiness
 * says so), its producers keep their events in their outboxes, and everything catches up once it comes.
 */
export class KafkaEventLog implements EventLog {
  readonly transport = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Promise<Producer> | null = null;
  private admin: Promise<Admin> | null = null;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;
  private topicsExist = false;
  /** Resolves once every catalogued topic exists (retried in the background until it does). */
  readonly topicsReady: Promise<void>;

  constructor(private readonly o: KafkaEventLogOptions) {
    this.kafka = new Kafka({
      clientId: o.clientId,
      brokers: o.brokers,
      logCreator: kafkaLogTo(o.log),
      logLevel: logLevel.WARN,
      connectionTimeout: 3000,
      // Each call fails after a few seconds; the callers (relay, consumers, readiness) retry on their own terms.
      retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
    });
    this.topicsReady = this.ensureTopicsInBackground();
  }

  /** Creates every catalogued topic that does not exist yet (a topic that exists keeps its own partitions). */
  async ensureTopics(): Promise<void> {
    await this.createMissingTopics(await this.adminClient());
  }

  private async createMissingTopics(admin: Admin): Promise<void> {
    const existing = new Set(await admin.listTopics());
    const missing = EVENT_CATALOG.map((d) => this.onBroker(d.topic)).filter((t) => !existing.has(t));
    if (missing.length) {
      // Kept without a time or size limit: the analytics projection is rebuilt by replaying the log.
      const configEntries = [{ name: 'retention.ms', value: '-1' }];
      await admin.createTopics({
        waitForLeaders: true,
        topics: [...new Set(missing)].map((topic) => ({ topic, numPartitions: this.o.partitions ?? 12, configEntries })),
      });
    }
  }

  /**
   * With an admin client of its own, disconnected once each attempt has ended: a request of this attempt
   * still in flight when close() disconnects the shared client would connect it again (kafkajs refreshes
   * metadata on its own), and the open socket would keep a process that has finished from exiting (seen:
   * the admin CLI's `migrate` against a new broker never exited).
   */
  private async ensureTopicsInBackground(): Promise<void> {
    for (let failures = 0; !this.closed; failures++) {
      const admin = this.kafka.admin();
      try {
        await admin.connect();
        await this.createMissingTopics(admin);
        this.topicsExist = true;
        return;
      } catch (err) {
        if (failures === 0 || failures % 10 === 0)
          this.o.log.event('warn', 'kafka: topics not created yet (broker unreachable?); retrying', {
            brokers: this.o.brokers,
            failures: failures + 1,
            error: errorText(err),
          });
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
      await sleep(backoffMs(failures, 250, 5000));
    }
  }

  /**
   * Sends the records with the idempotent producer and acks=all, keyed so that one key's records stay in
   * order in one partition (kafkajs's default partitioner: murmur2, as Java clients). A record of several
   * events (an outbox row: a transaction's events of one code) is one message, its value their JSON texts
   * one per line: a message costs the client and the broker about the same whatever it holds (measured:
   * 13.9 µs of client CPU per event one a message against 3.9 µs at 45 a message). Requests stay under
   * the broker's message size limit (1 MB by default), and so do messages, split by lines if need be.
   *
   * A failed send throws and drops the producer, so the next call starts a new one (after a broker restart
   * its producer id may be unknown); the outbox relay then sends the same rows again, and consumers dedupe
   * on the event id.
   */
  async append(records: readonly LogRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (!this.topicsExist)
      await Promise.race([
        this.topicsReady,
        sleep(TOPICS_WAIT_MS).then(() => Promise.reject(new Error(`kafka: the topics do not exist yet (broker ${this.o.brokers.join(',')} unreachable?)`))),
      ]);
    const producer = await this.producerClient();
    try {
      for (const request of requestsOf(records.flatMap(messagesOf))) {
        const byTopic = new Map<string, Array<{ key: string; value: string }>>();
        for (const m of request) getOrCreate(byTopic, this.onBroker(m.topic), () => []).push({ key: m.key, value: m.value });
        await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
      }
    } catch (err) {
      this.dropProducer(producer);
      throw err;
    }
  }

  subscribe(options: SubscribeOptions): Subscription {
    const sub = new KafkaSubscription(this.kafka, options, {
      groupId: this.onBroker(options.group),
      topicName: (topic) => this.onBroker(topic),
      log: this.o.log,
      sessionTimeoutMs: this.o.sessionTimeoutMs ?? KAFKA_SESSION_TIMEOUT_MS,
      topicsReady: this.topicsReady,
      lag: () => this.lag(options.group, options.topics),
      onStop: () => this.subscriptions.delete(sub),
    });
    this.subscriptions.add(sub);
    sub.start();
    return sub;
  }

  /** Rewinds a group to the earliest offsets. Kafka refuses while the group has running members: stop them first. */
  async resetGroup(group: string, topics: readonly string[]): Promise<void> {
    const admin = await this.adminClient();
    const [described] = (await admin.describeGroups([this.onBroker(group)])).groups;
    if (described && described.members.length > 0) {
      throw new Error(
        `consumer group ${this.onBroker(group)} has ${described.members.length} running member(s): Kafka rewinds a group only while none runs; stop its service's replicas, run this again, then start them (they replay from the start)`,
      );
    }
    for (const topic of topics) await admin.resetOffsets({ groupId: this.onBroker(group), topic: this.onBroker(topic), earliest: true });
  }

  async ping(): Promise<void> {
    try {
      const admin = await this.adminClient();
      await admin.describeCluster();
    } catch (err) {
      this.resetAdmin();
      throw new Error(`kafka unreachable (${this.o.brokers.join(',')}): ${errorText(err)}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const [producer, admin] = [this.producer, this.admin];
    this.producer = this.admin = null;
    await Promise.all([producer?.then((p) => p.disconnect()).catch(() => undefined), admin?.then((a) => a.disconnect()).catch(() => undefined)]);
  }

  /** Events in the group's topics after its committed offsets (from each partition's start when it has none). */
  private async lag(group: string, topics: readonly string[]): Promise<number> {
    const admin = await this.adminClient();
    try {
      const names = topics.map((t) => this.onBroker(t));
      const committed = await admin.fetchOffsets({ groupId: this.onBroker(group), topics: names });
      let lag = 0;
      for (const topic of names) {
        const latest = await admin.fetchTopicOffsets(topic);
        const mine = committed.find((c) => c.topic === topic);
        for (const p of latest) {
          const c = mine?.partitions.find((x) => x.partition === p.partition);
          const done = c && Number(c.offset) >= 0 ? Number(c.offset) : Number(p.low);
          lag += Math.max(0, Number(p.high) - done);
        }
      }
      return lag;
    } catch (err) {
      this.resetAdmin();
      throw err;
    }
  }

  /** A topic's or a consumer group's name on the broker. */
  private onBroker(name: string): string {
    return `${this.o.prefix ?? ''}${name}`;
  }

  private producerClient(): Promise<Producer> {
    return (this.producer ??= connected(
      this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false }),
      (failed) => this.producer === failed && (this.producer = null),
    ));
  }

  private dropProducer(producer: Producer): void {
    this.producer = null;
    void producer.disconnect().catch(() => undefined);
  }

  private adminClient(): Promise<Admin> {
    return (this.admin ??= connected(this.kafka.admin(), (failed) => this.admin === failed && (this.admin = null)));
  }

  private resetAdmin(): void {
    const admin = this.admin;
    this.admin = null;
    void admin?.then((a) => a.disconnect()).catch(() => undefined);
  }
}

/** `client` once connected; a failed connect is handed to `forget`, so that the next call connects again. */
function connected<T extends { connect(): Promise<void> }>(client: T, forget: (failed: Promise<T>) => void): Promise<T> {
  const connecting = client.connect().then(() => client);
  connecting.catch(() => forget(connecting));
  return connecting;
}

/**
 * kafkajs's own log lines, into the process's JSON log. Its errors are mostly a broker that is away,
 * which the callers report and retry themselves: they are logged as warnings.
 */
function kafkaLogTo(log: Log): logCreator {
  return () =>
    ({ level, log: entry }) => {
      const { message, ...fields } = entry;
      log.event(level <= logLevel.WARN ? 'warn' : 'info', `kafkajs: ${message}`, fields);
    };
}
