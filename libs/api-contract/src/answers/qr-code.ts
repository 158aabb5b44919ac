import { WEEKDAYS } from '@qr/opening-rules';
import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, constant, deletedAnswer, int, nullable, nullableTimestamp, Page, ref, str, timestamp } from './answer-types';

const nullableString = nullable('string');

/** A QR code as every route answers it. */
@Declaration({ answer: true })
export class QrCode {
  @Out({ type: 'string', example: 'qr_00VbbQ5mGtVbp9Yc' }) id!: string;
  @Out(constant('qr_code')) object!: 'qr_code';
  @Out(str) name!: string;
  @Out(ref('QrType')) type!: string;
  @Out({ enum: ['dynamic', 'static'] }) category!: string;
  @Out({ enum: ['active', 'paused'], description: 'What you set' }) status!: string;
  @Out({
    enum: ['active', 'paused', 'scheduled', 'expired', 'outside_hours', 'limit_reached'],
    description: 'What a scan meets now (static codes: their status)',
  })
  state!: string;
  @Out(ref('QrContent')) content!: object;
  @Out(arrayOf(ref('Destination'), { description: 'Empty for static and hosted (menu, form, dynamic vcard) codes' })) destinations!: object[];
  @Out(nullableString) client_ref!: string | null;
  @Out(nullable('string', { description: 'null for static codes' })) short_code!: string | null;
  @Out(nullable('string', { format: 'uri', description: 'The URL in a dynamic code’s pattern; null for static codes' })) short_url!: string | null;
  @Out({ type: 'string', format: 'uri', description: 'Public, unguessable SVG preview' }) preview_url!: string;
  @Out(nullableString) utm_source!: string | null;
  @Out(nullableString) utm_medium!: string | null;
  @Out(nullableString) utm_campaign!: string | null;
  @Out(nullableString) utm_term!: string | null;
  @Out(nullableString) utm_content!: string | null;
  @Out(nullableTimestamp) start_at!: string | null;
  @Out(nullableTimestamp) end_at!: string | null;
  @Out(nullableString) daily_start!: string | null;
  @Out(nullableString) daily_end!: string | null;
  @Out({ type: ['array', 'null'], items: { enum: [...WEEKDAYS] } }) daily_days!: string[] | null;
  @Out(str) timezone!: string;
  @Out(nullable('integer')) scan_limit!: number | null;
  @Out(int) scan_count!: number;
  @Out(nullableString) fallback_url!: string | null;
  @Out(nullableString) folder_id!: string | null;
  @Out(nullableString) custom_domain_id!: string | null;
  @Out(ref('Design')) design!: object;
  @Out(nullable('string', { description: 'The brand preset the code follows; `design` is the preset with the code’s own overrides' }))
  design_preset_id!: string | null;
  @Out({ type: 'boolean', description: 'A scan must enter the code’s password first. The password itself is never returned' })
  password_protected!: boolean;
  @Out({ enum: ['M', 'H'], description: 'The level the pattern is encoded at: H when the design has a logo, otherwise M' }) error_correction!: string;
  @Out(timestamp) created_at!: string;
  @Out(timestamp) updated_at!: string;
}

@Declaration({ answer: true })
export class QrCodeList extends Page {
  @Out(arrayOf(ref('QrCode'))) data!: QrCode[];
}

@Declaration({ answer: true })
export class BulkCreateItemResult {
  @Out(int) index!: number;
  @Out({ enum: ['created', 'existing'], description: 'existing: the client_ref was used before; the code is returned unchanged' }) result!: string;
  @Out(ref('QrCode')) qr_code!: QrCode;
}

@Declaration({ answer: true })
export class BulkCreateResult {
  @Out(constant('list')) object!: 'list';
  @Out(arrayOf(ref('BulkCreateItemResult'), { description: 'One entry per item, in order' })) data!: BulkCreateItemResult[];
  @Out(int) created!: number;
  @Out(int) existing!: number;
}

export const DeletedQrCode = deletedAnswer('DeletedQrCode', 'qr_code');

@Declaration({ answer: true })
export class MoveQrCodesResult {
  @Out(constant('qr_code_move')) object!: 'qr_code_move';
  @Out(nullableString) folder_id!: string | null;
  @Out({ ...int, description: 'Codes whose folder changed (each with a qr.code.updated event)' }) moved!: number;
  @Out({ ...int, description: 'Codes that were in that folder already' }) unchanged!: number;
}

@Declaration({ answer: true })
export class QrCodeFieldChange {
  @Out({ type: 'string', example: 'destinations' }) field!: string;
  @Out({ description: 'Any JSON value; null when unset' }) before!: unknown;
  @Out({ description: 'Any JSON value; null when unset' }) after!: unknown;
}

@Declaration({ answer: true })
export class QrCodeChangeActor {
  @Out({ enum: ['api_key', 'member', 'operator'] }) kind!: string;
  @Out(nullable('string', { description: 'The API key’s or member’s id' })) id!: string | null;
  @Out(nullable('string', { description: 'The key’s name or the member’s email, as they were at the time' })) name!: string | null;
}

@Declaration({ answer: true })
export class QrCodeChange {
  @Out({ type: 'string', example: 'chg_00VbbQ5mGtVbp9Yc…' }) id!: string;
  @Out(constant('qr_code_change')) object!: 'qr_code_change';
  @Out(str) qr_code_id!: string;
  @Out({ ...int, description: 'The code’s revision after this change; entries are ordered by it' }) revision!: number;
  @Out({ enum: ['created', 'updated', 'paused', 'resumed', 'deleted'], description: 'A change of status alone is `paused` or `resumed`' }) action!: string;
  @Out(timestamp) occurred_at!: string;
  @Out(
    arrayOf(ref('QrCodeFieldChange'), {
      description:
        'Each field that changed, with its value before and after, in the shape of a create request (times RFC 3339). A create lists the values it set; a delete lists none. A password is named, never shown: `password` goes from null to `set`, from `set` to `changed`, or from `set` to null.',
    }),
  )
  changes!: QrCodeFieldChange[];
  @Out(ref('QrCodeChangeActor')) actor!: QrCodeChangeActor;
  @Out({ enum: ['api', 'dashboard', 'import', 'cli'] }) via!: string;
  @Out(nullable('string', { description: 'The X-Request-Id of the request that made the change' })) request_id!: string | null;
  @Out({ type: 'string', description: 'The event this change was published as (qr.code.created, .updated or .deleted)' }) event_id!: string;
}

@Declaration({ answer: true })
export class QrCodeChangeList extends Page {
  @Out(arrayOf(ref('QrCodeChange'))) data!: QrCodeChange[];
}
