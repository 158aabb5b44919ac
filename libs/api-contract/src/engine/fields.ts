import { Type } from 'class-transformer';
import { declareField, type FieldCheck, type JsonSchema } from './declare';
import { type Fault, fault, under } from './fault';
import { lengthFaults, type TextRule, textFaults } from './text-faults';
import { instanceFaults } from './validate';

/*
 * The typed field decorators every declaration is written with. Each one is a class-validator
 * constraint whose faults carry the API's error codes (a built-in would answer `isString` where
 * clients branch on `invalid_type`), and each one states its JSON schema for the OpenAPI document.
 * An absent field is `required` when the declaration says so; a field sent with another JSON type,
 * `null` included, is `invalid_type`: optional fields are omitted, not nulled, so stored data has one shape.
 */

type Presence = { required?: boolean };
type ClassRef = () => new () => object;

const REQUIRED: readonly Fault[] = [fault('required', 'This field is required.')];
const NOT_AN_OBJECT: readonly Fault[] = [fault('invalid_type', 'Must be a JSON object.')];

/** A JSON schema without the keys a caller set to undefined (to leave a derived one out). */
export function schemaOf(derived: JsonSchema, doc: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries({ ...derived, ...doc }).filter(([, v]) => v !== undefined));
}

/** `check` for a present value; absence is judged by `required`. */
function presence(required: boolean | undefined, check: FieldCheck): FieldCheck {
  return (value, owner) => (value === undefined ? (required ? REQUIRED : []) : check(value, owner));
}

/**
 * Any rule of one field; the typed decorators below are made with it. `seesAbsence`: the rule judges
 * an absent value itself (a field required or refused depending on a sibling).
 */
export function Field(check: FieldCheck, schema: JsonSchema, presenceRule: Presence & { seesAbsence?: boolean } = {}): PropertyDecorator {
  return declareField({
    check: presenceRule.seesAbsence ? check : presence(presenceRule.required, check),
    schema,
    required: presenceRule.required,
    judgesAbsence: presenceRule.required || presenceRule.seesAbsence,
  });
}

/** The faults of a string under `rule` (and `pattern`, whose `detail` says what was expected). */
export function stringFaults(value: unknown, rule: TextRule, pattern?: readonly [RegExp, string]): readonly Fault[] {
  if (typeof value !== 'string') return [fault('invalid_type', 'Must be a string.')];
  const faults = textFaults(value, rule);
  if (!faults.length && pattern && !pattern[0].test(value)) return [fault('invalid', pattern[1])];
  return faults;
}

/** A string; see `textFaults` for the rules. */
export function Text(rule: TextRule & { pattern?: readonly [RegExp, string] }, doc: JsonSchema = {}): PropertyDecorator {
  const derived = { type: 'string', minLength: rule.required ? 1 : undefined, maxLength: rule.max, pattern: rule.pattern?.[0].source };
  return Field((value) => stringFaults(value, rule, rule.pattern), schemaOf(derived, doc), rule);
}

/** One of a fixed set of strings, compared exactly (case matters). */
export function Choice(values: readonly string[], rule: Presence = {}, doc: JsonSchema = {}): PropertyDecorator {
  const check: FieldCheck = (value) => {
    if (typeof value !== 'string') return [fault('invalid_type', 'Must be a string.')];
    return values.includes(value) ? [] : [fault('invalid', `Must be one of: ${values.join(', ')}.`)];
  };
  return Field(check, schemaOf({ enum: [...values] }, doc), rule);
}

/** A JSON boolean. */
export function Bool(rule: Presence = {}, doc: JsonSchema = {}): PropertyDecorator {
  return Field((value) => (typeof value === 'boolean' ? [] : [fault('invalid_type', 'Must be true or false.')]), schemaOf({ type: 'boolean' }, doc), rule);
}

/** The faults of a finite JSON number within `[min, max]`. */
export function numberFaults(value: unknown, min: number, max: number): readonly Fault[] {
  if (typeof value !== 'number') return [fault('invalid_type', 'Must be a number.')];
  if (!Number.isFinite(value)) return [fault('invalid', 'Must be a finite number.')];
  if (value < min || value > max) return [fault('out_of_range', `Must be between ${min} and ${max}.`)];
  return [];
}

/** A finite JSON number within `[min, max]`; `also` adds a rule for a number in range (decimals). */
export function Num(rule: Presence & { min: number; max: number; also?: FieldCheck }, doc: JsonSchema = {}): PropertyDecorator {
  const check: FieldCheck = (value, owner) => {
    const faults = numberFaults(value, rule.min, rule.max);
    return faults.length || !rule.also ? faults : rule.also(value, owner);
  };
  return Field(check, schemaOf({ type: 'number', minimum: rule.min, maximum: rule.max }, doc), rule);
}

/** The faults of a nested part made by class-transformer: anything but an object of the declaration is `invalid_type`. */
function partFaults(declaration: ClassRef, value: unknown): readonly Fault[] {
  return value instanceof declaration() ? instanceFaults(value) : NOT_AN_OBJECT;
}

/** The OpenAPI reference to a declaration's schema. */
export const ref = (declaration: ClassRef) => ({ $ref: `#/components/schemas/${declaration().name}` });

/** An array of `min..max` entries, each an object of `item` (a declaration) or checked by `item` (a rule). */
export function List(
  item: { of: ClassRef } | { each: FieldCheck; schema: JsonSchema },
  rule: Presence & { min: number; max: number; nullable?: boolean; also?: (entries: readonly unknown[]) => readonly Fault[] },
  doc: JsonSchema = {},
): PropertyDecorator {
  const entryFaults =
    'of' in item ? (entry: unknown) => partFaults(item.of, entry) : (entry: unknown, owner: Record<string, unknown>) => item.each(entry, owner);
  const check: FieldCheck = (value, owner) => {
    if (value === null && rule.nullable) return [];
    if (!Array.isArray(value)) return [fault('invalid_type', 'Must be an array.')];
    const counted = lengthFaults(value, rule.min, rule.max);
    if (counted.length) return counted;
    const faults = value.flatMap((entry, index) => under(index, entryFaults(entry, owner)));
    return rule.also ? [...faults, ...rule.also(value)] : faults;
  };
  const items = 'of' in item ? ref(item.of) : item.schema;
  const derived = { type: rule.nullable ? ['array', 'null'] : 'array', minItems: rule.min || undefined, maxItems: rule.max, items };
  const field = Field(check, schemaOf(derived, doc), rule);
  if (!('of' in item)) return field;
  const typed = Type(item.of);
  return (prototype, key) => {
    typed(prototype, key);
    field(prototype, key);
  };
}

/**
 * A required string taken as sent (a password, a token, an email the use case looks up): only its type
 * and length are the declaration's, the rest is the use case's to judge.
 */
export function Opaque(max: number): PropertyDecorator {
  const check: FieldCheck = (value) => {
    if (typeof value !== 'string') return [fault('invalid_type', 'Must be a string.')];
    return value.length > max ? [fault('too_long', `At most ${max} characters.`)] : [];
  };
  return Field(check, { type: 'string', maxLength: max }, { required: true });
}

/**
 * A field of an answer (a response body): documented, never validated (the server writes it). Every
 * answer field is present, null when unset, so generated client types need no optional chaining.
 * Also the fields of a part a rule of its owner checks whole (a gs1 link: `Gs1Content.links`).
 */
export function Out(schema: JsonSchema, rule: { optional?: boolean } = {}): PropertyDecorator {
  return declareField({ check: () => [], schema, required: !rule.optional, answer: true });
}
