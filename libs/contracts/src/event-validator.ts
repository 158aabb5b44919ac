import Ajv, { type ValidateFunction } from 'ajv';
import { ENVELOPE_SCHEMA, type EventEnvelope } from './envelope';
import { EVENT_CATALOG, findEventDefinition } from './event-catalog';

export type EventValidation = { ok: true; event: EventEnvelope } | { ok: false; reason: string };

const ajv = new Ajv({ allErrors: false, strict: false });
const validateEnvelope = ajv.compile(ENVELOPE_SCHEMA);
const dataValidators = new Map<string, ValidateFunction>(EVENT_CATALOG.map((d) => [`${d.type}@${d.version}`, ajv.compile(d.dataSchema)]));

/** Consumers call this on everything they read: a payload that fails is never applied. */
export function validateEvent(payload: unknown): EventValidation {
  if (!validateEnvelope(payload)) return { ok: false, reason: `envelope: ${ajv.errorsText(validateEnvelope.errors)}` };
  const event = payload as unknown as EventEnvelope;
  if (!findEventDefinition(event.type, event.version)) return { ok: false, reason: `unknown event ${event.type} v${event.version}` };
  const validateData = dataValidators.get(`${event.type}@${event.version}`)!;
  if (!validateData(event.data)) return { ok: false, reason: `data: ${ajv.errorsText(validateData.errors)}` };
  return { ok: true, event };
}
