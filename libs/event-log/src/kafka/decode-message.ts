import { type EventEnvelope, validateEvent } from '@qr/contracts';
import { type Log } from '@qr/domain';

/**
 * A message's events: its value is one event's JSON, or several events of one code, one JSON text per
 * line (JSON.stringify writes no newline outside a string). An event that is not valid is reported and
 * skipped, never applied; the others of its message are kept.
 */
export function decodeMessage(value: Buffer | null, log: Log, topic: string, offset: string): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  for (const line of value ? value.toString('utf8').split('\n') : ['']) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const checked = validateEvent(parsed);
    if (checked.ok) events.push(checked.event);
    else log.event('error', 'kafka message failed validation; skipped', { topic, offset, reason: checked.reason });
  }
  return events;
}
