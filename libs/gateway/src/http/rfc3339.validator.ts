import { registerDecorator, type ValidationOptions } from 'class-validator';
import { parseRfc3339 } from '@qr/domain';

/** RFC 3339 with an explicit offset; `2026-01-01T10:00:00` (no offset) is refused. */
export function IsRfc3339WithOffset(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isRfc3339WithOffset',
      target: target.constructor,
      propertyName,
      options: { message: `${propertyName} must be an RFC 3339 timestamp with an offset, e.g. 2026-01-01T10:00:00Z`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && parseRfc3339(value) !== null },
    });
}
