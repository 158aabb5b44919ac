import { type LogRecord, payloadOf } from '../event-log.port';

/**
 * The most characters a request's messages hold: at most 3 bytes each in UTF-8, so well under the
 * broker's default limit of 1 MB for a partition's batch.
 */
export const MAX_REQUEST_CHARS = 256 * 1024;

export interface Message {
  topic: string;
  key: string;
  value: string;
}

/** A record as messages: one, or, past MAX_REQUEST_CHARS, its lines (events) in order over several. */
export function messagesOf(r: LogRecord): Message[] {
  const value = payloadOf(r);
  if (value.length <= MAX_REQUEST_CHARS) return [{ topic: r.topic, key: r.key, value }];
  const messages: Message[] = [];
  let lines: string[] = [];
  let size = 0;
  for (const line of value.split('\n')) {
    if (lines.length && size + line.length > MAX_REQUEST_CHARS) {
      messages.push({ topic: r.topic, key: r.key, value: lines.join('\n') });
      lines = [];
      size = 0;
    }
    lines.push(line);
    size += line.length + 1;
  }
  messages.push({ topic: r.topic, key: r.key, value: lines.join('\n') });
  return messages;
}

/** Messages in order, in requests of at most MAX_REQUEST_CHARS (a bigger message alone). */
export function requestsOf(messages: readonly Message[]): Message[][] {
  const requests: Message[][] = [];
  let current: Message[] = [];
  let size = 0;
  for (const m of messages) {
    if (current.length && size + m.value.length > MAX_REQUEST_CHARS) {
      requests.push(current);
      current = [];
      size = 0;
    }
    current.push(m);
    size += m.value.length;
  }
  if (current.length) requests.push(current);
  return requests;
}
