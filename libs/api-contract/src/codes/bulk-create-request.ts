import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field } from '../engine/fields';

export const MAX_BULK_ITEMS = 50;

/**
 * POST /qrcodes/bulk: up to 50 items, created all or none. Each item is a QrCodeInput, checked by the
 * creation at `/items/3/…` (its rules between fields need the whole batch: references, repeated client_refs).
 */
@Declaration()
export class BulkCreateRequest {
  @Field(
    (items) => {
      if (!Array.isArray(items) || items.length === 0) return [fault('invalid', 'items must be a non-empty array')];
      if (items.length > MAX_BULK_ITEMS) return [fault('too_many_items', `at most ${MAX_BULK_ITEMS} items per request`)];
      return [];
    },
    { type: 'array', minItems: 1, maxItems: MAX_BULK_ITEMS, items: { $ref: '#/components/schemas/QrCodeInput' } },
    { required: true, seesAbsence: true },
  )
  items!: unknown[];
}
