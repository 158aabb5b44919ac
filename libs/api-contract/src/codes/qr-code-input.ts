import { Type, type TypeHelpOptions } from 'class-transformer';
import { WEEKDAYS } from '@qr/opening-rules';
import { BACK_HALF_MAX, isQrType, QR_TYPES, type QrCategory, type QrType, validateBackHalf } from '@qr/qr-content';
import { ref } from '../answers/answer-types';
import { Declaration, declaredFields, type FieldCheck, type JsonSchema } from '../engine/declare';
import { fault, type Fault, faultsOf } from '../engine/fault';
import { Field, List } from '../engine/fields';
import { nameFaults, textFaults } from '../engine/text-faults';
import { instanceFaults } from '../engine/validate';
import { urlFaults } from '../content/content-fields';
import { CONTENT_DECLARATIONS } from '../content/qr-content';
import { Destination, destinationOrderFaults, MAX_DESTINATIONS } from './destination';

/*
 * The body of POST /qrcodes, of each item of POST /qrcodes/bulk, of a CSV import row and of the
 * dashboard's live preview (a PATCH is merged onto the stored code and checked as this too). The
 * rules that are not one field's shape are plain functions the creation calls after this
 * declaration (parseQrCodeInput): which categories a type allows, content derived from destinations,
 * the opening rules (validateOpeningInput), a design merged onto the defaults (applyDesign) and the
 * static payload's size.
 */

const nullableText = (maxLength: number, doc: JsonSchema = {}) => ({ type: ['string', 'null'], minLength: 1, maxLength, ...doc });
const timestampIn = { type: ['string', 'null'], format: 'date-time', description: 'RFC 3339 with an explicit offset (`Z` or `+02:00`)' };
const hhmm = { type: ['string', 'null'], pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: '`HH:MM`, local time in `timezone`' };

/** An optional, nullable one-line value (a name, a reference, an id): null clears it on PATCH. */
function Name(max: number, schema: JsonSchema = nullableText(max)): PropertyDecorator {
  return Field((value) => (value === null ? [] : nameFaults(value, max)), schema);
}

/** A field whose rules are the opening rules' (validateOpeningInput), which depend on the category. */
function OpeningField(schema: JsonSchema): PropertyDecorator {
  return Field(() => [], schema);
}

function exactly(values: readonly string[], detail: string, nullable: boolean): FieldCheck {
  return (value) => ((nullable && value === null) || values.includes(value as string) ? [] : [fault('invalid', detail)]);
}

/** The content's declaration comes from the code's `type`: class-transformer makes the content that class in the one pass over the body. */
function contentClass(options?: TypeHelpOptions): new () => object {
  const type = (options?.object as Record<string, unknown> | undefined)?.type;
  return isQrType(type) ? CONTENT_DECLARATIONS[type] : Object;
}

const contentFaults: FieldCheck = (value, owner): readonly Fault[] => {
  // Without a known type there is no declaration to check against; `type` carries the error.
  if (!isQrType(owner.type)) return [];
  return value instanceof CONTENT_DECLARATIONS[owner.type] ? instanceFaults(value) : [fault('invalid_type', 'Must be a JSON object.')];
};

/**
 * A code's password is shared on the poster or told at the door, so it is shorter than a member's
 * (which guards an account): 4 characters at least. The slow hash and the scan throttle, not the length,
 * stop guessing. 256 at most, as members' passwords, so one check costs one bounded hash.
 */
export const CODE_PASSWORD_MIN = 4;
export const CODE_PASSWORD_MAX = 256;

const passwordFaults: FieldCheck = (value) =>
  value === null
    ? []
    : typeof value !== 'string'
      ? [fault('invalid_type', 'must be a string, or null to remove the password')]
      : textFaults(value, { max: CODE_PASSWORD_MAX, min: CODE_PASSWORD_MIN, singleLine: true });

const TYPE_DETAIL = `type must be one of ${QR_TYPES.join(', ')}`;
const PRESET_ID = /^dsp_[0-9A-Za-z]{24}$/;
const PRESET_DETAIL = 'the id of a brand preset of this workspace (GET /design-presets)';

@Declaration()
export class QrCodeInput {
  @Field((value) => (isQrType(value) ? [] : [fault(value === undefined ? 'required' : 'invalid', TYPE_DETAIL)]), ref('QrType'), {
    required: true,
    seesAbsence: true,
  })
  type!: QrType;

  @Field(exactly(['dynamic', 'static'], 'category must be dynamic or static', true), {
    enum: ['dynamic', 'static'],
    description: 'Defaults to dynamic where the type allows it',
  })
  category?: QrCategory | null;

  @Name(200)
  name?: string | null;

  @Field(exactly(['active', 'paused'], 'status must be active or paused', false), { enum: ['active', 'paused'] })
  status?: 'active' | 'paused';

  @Type(contentClass)
  @Field(contentFaults, ref('QrContent'))
  content?: object;

  @List(
    { of: () => Destination },
    { nullable: true, min: 1, max: MAX_DESTINATIONS, also: destinationOrderFaults },
    { description: 'Dynamic website codes only; the first entry is the default, later ones need a condition or a weight (A/B split)' },
  )
  destinations?: Destination[] | null;

  @Name(
    200,
    nullableText(200, {
      description: 'Your idempotency key, unique per workspace among live codes: a second create with it answers the existing code',
    }),
  )
  client_ref?: string | null;

  // The back-half rule (validateBackHalf) names its own problems; null draws a random code.
  @Field((value) => (value === null ? [] : faultsOf(validateBackHalf(value, ''))), {
    type: ['string', 'null'],
    minLength: 1,
    maxLength: BACK_HALF_MAX,
    pattern: '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$',
    description:
      'Dynamic codes: the path after the domain (the back-half), chosen instead of a random one. Case-sensitive, unique per domain; a PATCH may change it only while the code has never been scanned',
  })
  short_code?: string | null;

  @Name(200)
  utm_source?: string | null;

  @Name(200)
  utm_medium?: string | null;

  @Name(200)
  utm_campaign?: string | null;

  @Name(200)
  utm_term?: string | null;

  @Name(200)
  utm_content?: string | null;

  @OpeningField(timestampIn)
  start_at?: string | null;

  @OpeningField(timestampIn)
  end_at?: string | null;

  @OpeningField(hhmm)
  daily_start?: string | null;

  @OpeningField(hhmm)
  daily_end?: string | null;

  @OpeningField({ type: ['array', 'null'], items: { enum: [...WEEKDAYS] } })
  daily_days?: string[] | null;

  @OpeningField({ type: 'string', description: 'IANA time zone of the schedule and of analytics days; default UTC' })
  timezone?: string;

  @OpeningField({ type: ['integer', 'null'], minimum: 1, description: 'Opens allowed in total; exact under any concurrency' })
  scan_limit?: number | null;

  @Field((value) => (value === null ? [] : urlFaults(value)), {
    type: ['string', 'null'],
    format: 'uri',
    description: 'Where closed, expired or limit-reached scans go instead of the page that says so',
  })
  fallback_url?: string | null;

  @Name(64, { type: ['string', 'null'], maxLength: 64 })
  folder_id?: string | null;

  @Name(64, { type: ['string', 'null'], maxLength: 64, description: 'A verified domain of the workspace; the short link then uses it' })
  custom_domain_id?: string | null;

  // Checked merged onto the defaults or the preset (applyDesign), where a missing part's fields take their defaults.
  @Field(() => [], {
    anyOf: [ref('DesignInput'), { type: 'null' }],
    description: 'How the code looks; null: the default design. With design_preset_id: what this code sets differently from the preset',
  })
  design?: object | null;

  @Field(passwordFaults, {
    type: ['string', 'null'],
    minLength: CODE_PASSWORD_MIN,
    maxLength: CODE_PASSWORD_MAX,
    writeOnly: true,
    description:
      'Dynamic codes only. A scan must enter it before it opens; stored as a slow hash and never returned (see `password_protected`). null removes it',
  })
  password?: string | null;

  @Field((value) => (value === null || (typeof value === 'string' && PRESET_ID.test(value)) ? [] : [fault('invalid', PRESET_DETAIL)]), {
    type: ['string', 'null'],
    description: 'A brand preset of the workspace to follow; null leaves it, keeping the look as the code’s own design',
  })
  design_preset_id?: string | null;
}

/** What a PATCH cannot change: the code's kind, its idempotency key and its domain (its printed short link). */
export const QR_CODE_IMMUTABLE: readonly string[] = ['type', 'category', 'client_ref', 'custom_domain_id'];

/** The fields a PATCH may carry: every declared field but the immutable ones. */
export function patchableFields(): string[] {
  return [...declaredFields(QrCodeInput).keys()].filter((key) => !QR_CODE_IMMUTABLE.includes(key));
}
