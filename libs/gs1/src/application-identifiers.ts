import { childPointer, type FieldError } from '@qr/domain';

/*
 * Where each GS1 Application Identifier may appear around a GTIN, from the GS1 Barcode Syntax
 * Dictionary (the `dlpkey` and `?` flags, `req=` and `ex=` attributes):
 *
 * - path: `01` first, then the key qualifiers 22 (consumer product variant), 10 (lot), 21 (serial),
 *   each optional, in that order (`01 … dlpkey=22,10,21`);
 * - query string: data attributes. The ones a code may carry (and a request is checked for) are
 *   the dates 11, 13, 15, 16, 17 (N6 YYMMDD, DD may be 00 for "day unknown"), 7003 (expiry date and
 *   time, N10), 30 (variable count, N..8) and the measures 310n–369n (N6, n = decimal places 0–5)
 *   whose `req=` names 01. Only one measure per three-digit group (`ex=310n`): 3102 and 3103 would
 *   be the same weight twice.
 *
 * The other data attributes (240, 8008, prices…) are not offered on codes; in a request they are
 * passed on to the target unchecked, as any other query parameter.
 */

/** The key qualifiers of a GTIN, in the only order they may appear in a path. */
export const KEY_QUALIFIERS = ['22', '10', '21'] as const;
export type KeyQualifier = (typeof KEY_QUALIFIERS)[number];

/** The content field each qualifier is stored in. */
export const QUALIFIER_FIELDS = { '22': 'cpv', '10': 'lot', '21': 'serial' } as const satisfies Record<KeyQualifier, string>;

const QUALIFIER_NAMES: Record<KeyQualifier, string> = { '22': 'consumer product variant (22)', '10': 'lot (10)', '21': 'serial number (21)' };

/** The qualifiers' longest value (X..20). */
export const QUALIFIER_MAX_LENGTH = 20;

/**
 * GS1 primary keys a Digital Link URI may start with (GS1 Digital Link URI syntax §4). Only `01`
 * is resolved here; the others are recognised so a request for one gets a clear answer.
 */
export const PRIMARY_KEYS = ['00', '01', '253', '255', '401', '402', '414', '417', '8003', '8004', '8006', '8010', '8013', '8017', '8018'] as const;

/** Qualifiers of other primary keys (254 of a GLN, 235 of a GTIN's third-party control, …). */
const OTHER_QUALIFIERS = ['235', '254', '7040', '8011', '8019'];

// GS1 AI encodable character set 82: ! " % & ' ( ) * + , - . / 0–9 : ; < = > ? A–Z _ a–z.
const CSET_82 = /^[\x21\x22\x25-\x3F\x41-\x5A\x5F\x61-\x7A]+$/;

const DATE_AIS = ['11', '13', '15', '16', '17'] as const;
// Three-digit groups of the measures whose Syntax Dictionary entry allows a GTIN (`req=01…`).
const MEASURE_GROUPS = [...range(310, 316), ...range(320, 329), ...range(330, 337), ...range(340, 349), ...range(350, 357), ...range(360, 369)].map(String);

const DATA_ATTRIBUTE_TITLES: Readonly<Record<string, string>> = {
  '11': 'production date',
  '13': 'packaging date',
  '15': 'best before date',
  '16': 'sell by date',
  '17': 'expiry date',
  '30': 'variable count',
  '7003': 'expiry date and time',
};

/** How an AI in a request or a code's data may be used next to a GTIN. */
export type AiRole = 'gtin' | 'qualifier' | 'data_attribute' | 'other_key' | 'other';

/**
 * The role of `ai` next to a GTIN: the GTIN itself, one of its path qualifiers, a data attribute
 * this library checks, another GS1 key or qualifier (never in a GTIN's URI), or anything else.
 *
 * @example aiRole('10') // 'qualifier'
 * @example aiRole('3103') // 'data_attribute'
 * @example aiRole('414') // 'other_key'
 */
export function aiRole(ai: string): AiRole {
  if (ai === '01') return 'gtin';
  if ((KEY_QUALIFIERS as readonly string[]).includes(ai)) return 'qualifier';
  if (isDataAttributeAi(ai)) return 'data_attribute';
  if ((PRIMARY_KEYS as readonly string[]).includes(ai) || OTHER_QUALIFIERS.includes(ai)) return 'other_key';
  return 'other';
}

/** True for the data attributes a code may carry in its query string (see the header comment). */
export function isDataAttributeAi(ai: string): boolean {
  if (ai in DATA_ATTRIBUTE_TITLES) return true;
  return /^3\d{3}$/.test(ai) && MEASURE_GROUPS.includes(ai.slice(0, 3)) && ai[3] <= '5';
}

/** A short English name of a data attribute, for messages and the dashboard. */
export function dataAttributeTitle(ai: string): string {
  return DATA_ATTRIBUTE_TITLES[ai] ?? `measure ${ai.slice(0, 3)}n with ${ai[3]} decimal places`;
}

/**
 * Problems with `value` as the value of key qualifier `ai` (CPV, lot or serial): 1 to 20 characters
 * of GS1 character set 82, which has no space, `#`, `$`, `@`, `[`, `\`, `]`, `^`, backtick, `{`–`~`
 * and nothing outside ASCII. Empty when valid.
 *
 * @example qualifierErrors('10', 'AB C', '/content/lot') // [{ …, code: 'invalid_characters', … }]
 */
export function qualifierErrors(ai: KeyQualifier, value: unknown, pointer: string): FieldError[] {
  const name = QUALIFIER_NAMES[ai];
  if (typeof value !== 'string') return [{ pointer, code: 'invalid_type', detail: `The ${name} must be a string.` }];
  if (value === '') return [{ pointer, code: 'required', detail: `The ${name} must not be empty; leave it out instead.` }];
  if (value.length > QUALIFIER_MAX_LENGTH) return [{ pointer, code: 'too_long', detail: `The ${name} has at most ${QUALIFIER_MAX_LENGTH} characters.` }];
  if (!CSET_82.test(value)) {
    return [
      {
        pointer,
        code: 'invalid_characters',
        detail: `The ${name} may hold only A–Z, a–z, 0–9 and ! " % & ' ( ) * + , - . / : ; < = > ? _ (GS1 character set 82).`,
      },
    ];
  }
  return [];
}

/**
 * Problems with `value` as the value of data attribute `ai`; an AI this library does not offer as a
 * data attribute is `not_allowed` (with a detail that says where a qualifier or key goes instead).
 * Empty when valid.
 *
 * @example dataAttributeErrors('17', '271399', '/content/data/17') // [{ …, code: 'invalid_date', … }]
 */
export function dataAttributeErrors(ai: string, value: unknown, pointer: string): FieldError[] {
  const role = aiRole(ai);
  if (role !== 'data_attribute') return [{ pointer, code: 'not_allowed', detail: notAllowedDetail(ai, role) }];
  const title = dataAttributeTitle(ai);
  if (typeof value !== 'string') return [{ pointer, code: 'invalid_type', detail: `The ${title} (${ai}) must be a string of digits.` }];
  if ((DATE_AIS as readonly string[]).includes(ai)) {
    if (!/^\d{6}$/.test(value)) return [{ pointer, code: 'invalid_format', detail: `The ${title} (${ai}) is 6 digits, YYMMDD.` }];
    return isDate(value, true)
      ? []
      : [{ pointer, code: 'invalid_date', detail: `The ${title} (${ai}) is not a date: YYMMDD, with DD 00 when the day is unknown.` }];
  }
  if (ai === '7003') {
    if (!/^\d{10}$/.test(value)) return [{ pointer, code: 'invalid_format', detail: `The ${title} (7003) is 10 digits, YYMMDDHHMM.` }];
    const valid = isDate(value.slice(0, 6), false) && Number(value.slice(6, 8)) <= 23 && Number(value.slice(8, 10)) <= 59;
    return valid ? [] : [{ pointer, code: 'invalid_date', detail: 'The expiry date and time (7003) is not a date and time: YYMMDDHHMM.' }];
  }
  if (ai === '30') return /^\d{1,8}$/.test(value) ? [] : [{ pointer, code: 'invalid_format', detail: 'The variable count (30) is 1 to 8 digits.' }];
  return /^\d{6}$/.test(value) ? [] : [{ pointer, code: 'invalid_format', detail: `The ${title} (${ai}) is 6 digits.` }];
}

/**
 * Problems with a code's data attributes, an object of AI → value with pointers under `pointer`:
 * each entry as `dataAttributeErrors` says, and two measures of one group (3102 and 3103) are
 * refused at the second. Empty when valid.
 *
 * @example dataAttributesErrors({ '17': '270101', '10': 'L1' }, '/content/data') // 10 → 'not_allowed'
 */
export function dataAttributesErrors(value: unknown, pointer: string): FieldError[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ pointer, code: 'invalid_type', detail: 'Must be an object of application identifier → value, like {"17": "270101"}.' }];
  }
  const errors: FieldError[] = [];
  const groups = new Map<string, string>();
  for (const [ai, entry] of Object.entries(value)) {
    const at = childPointer(pointer, ai);
    const problems = dataAttributeErrors(ai, entry, at);
    errors.push(...problems);
    if (problems.length > 0 || !/^3\d{3}$/.test(ai)) continue;
    const first = groups.get(ai.slice(0, 3));
    if (first) errors.push({ pointer: at, code: 'duplicate', detail: `${ai} and ${first} are the same measure; give it once.` });
    else groups.set(ai.slice(0, 3), ai);
  }
  return errors;
}

function notAllowedDetail(ai: string, role: AiRole): string {
  switch (role) {
    case 'gtin':
      return 'The GTIN (01) is the code itself, not a data attribute.';
    case 'qualifier':
      return `${ai} is a key qualifier: it goes in the path (cpv, lot or serial), not among the data attributes.`;
    case 'other_key':
      return `${ai} is another GS1 key or qualifier; it cannot go with a GTIN.`;
    default:
      return `${ai} is not a data attribute this platform supports: use 11, 13, 15, 16, 17, 7003, 30 or a measure 310n–369n.`;
  }
}

// YYMMDD. GS1 reads YY within a 100-year window around today, which in this century and the last
// makes every YY divisible by 4 a leap year (2000 was one), so no clock is needed.
function isDate(yymmdd: string, dayMayBeZero: boolean): boolean {
  const year = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return false;
  if (day === 0) return dayMayBeZero;
  const days = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
