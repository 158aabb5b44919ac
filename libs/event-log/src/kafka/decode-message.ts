import { type EventEnvelope, validateEvent } from '@qr/contracts';
import { type Log } from '@qr/domain';

/** A message that is not a valid event is reported and skipped, never applied. */
export function decodePayload(value: Buffer | null, log: Log, topic: string, offset: string): EventEnvelope | null {
  let parsed: unknown;
  try {
    parsed = value ? JSON.parse(value.toString('utf8')) : undefined;
  } catch {
    parsed = undefined;
  }
  const checked = validateEvent(parsed);
  if (checked.ok) return checked.event;
  log.event('error', 'kafka message failed validation; skipped', { topic, offset, reason: checked.reason });
  return null;
}
