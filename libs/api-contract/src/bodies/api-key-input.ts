import { Transform } from 'class-transformer';
import { parseRfc3339, ROLES, type Role } from '@qr/domain';
import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Choice, Field, stringFaults, Text } from '../engine/fields';

/** POST /api-keys. `role` and `expires_at` may be sent as null, meaning "not given" (the caller's role, no expiry). */
@Declaration()
export class ApiKeyInput {
  @Text({ required: true, max: 200 })
  name!: string;

  @NullIsAbsent()
  @Choice(ROLES, {}, { description: 'Defaults to the calling key’s role; never above it' })
  role?: Role | null;

  @NullIsAbsent()
  @Field(
    (value) => {
      const faults = stringFaults(value, { max: 64, singleLine: true });
      if (faults.length) return faults;
      return parseRfc3339(value as string) ? [] : [fault('invalid', 'Must be an RFC 3339 timestamp with an offset, e.g. 2026-01-01T10:00:00Z.')];
    },
    { type: 'string', format: 'date-time', description: 'RFC 3339 with an offset' },
  )
  expires_at?: string | null;
}

/** The instant `expires_at` names, once the body is valid. */
export function expiryOf(input: ApiKeyInput): Date | undefined {
  return typeof input.expires_at === 'string' ? (parseRfc3339(input.expires_at) ?? undefined) : undefined;
}

/** A null sent for this field is read as the field left out (class-transformer, before validation). */
function NullIsAbsent(): PropertyDecorator {
  return Transform(({ value }) => (value === null ? undefined : value), { toClassOnly: true });
}
