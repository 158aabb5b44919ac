import { Errors } from '@qr/domain';
import { declaredFields, type JsonSchema } from './declare';
import { fault, type Fault } from './fault';
import { Field, schemaOf } from './fields';
import { check, type Checked, type Declaration } from './validate';

/*
 * Query strings: every value arrives as text (a repeated parameter as an array, which no field
 * accepts), every problem points at its parameter (`/limit`) with the code `invalid`, and a parameter
 * the declaration does not have is `unknown_parameter`.
 */

const UNKNOWN_PARAMETER = (allowed: string) => fault('unknown_parameter', `Unknown query parameter; allowed: ${allowed}.`);

/** A query checked against its declaration: pointers name the parameter (`/limit`). */
export function checkQuery<T extends object>(declaration: Declaration<T>, query: Record<string, unknown>): Checked<T> {
  return check(declaration, query, '', UNKNOWN_PARAMETER);
}

/** A query read through its declaration, or one 422 `validation_failed` naming every problem. */
export function readQueryDeclared<T extends object>(declaration: Declaration<T>, query: Record<string, unknown>): T {
  const checked = checkQuery(declaration, query);
  if (!checked.ok) throw Errors.validationFailed(checked.errors, 'The query parameters are not valid.');
  return checked.value;
}

/** The OpenAPI parameters of a query declaration: each field optional, its description on the parameter. */
export function queryParameters(declaration: Declaration<object>) {
  return [...declaredFields(declaration)].map(([name, field]) => {
    const { description, ...schema } = field.schema;
    return { name, in: 'query', required: false, schema, ...(typeof description === 'string' ? { description } : {}) };
  });
}

/** A parameter rule that names its parameter in the detail, as the API always has. */
function Parameter(check: (value: unknown, key: string) => readonly Fault[], schema: JsonSchema): PropertyDecorator {
  return (prototype, key) => Field((value) => check(value, String(key)), schemaOf(schema, {}))(prototype, key);
}

/** One non-empty value; `also` judges it further. */
export function QueryText(schema: JsonSchema = { type: 'string' }, also: (value: string, key: string) => readonly Fault[] = () => []): PropertyDecorator {
  return Parameter(
    (value, key) => (typeof value === 'string' && value !== '' ? also(value, key) : [fault('invalid', `${key} must be a single value.`)]),
    schema,
  );
}

/** A whole number within `[min, max]`. */
export function QueryInt(min: number, max: number, doc: JsonSchema = {}): PropertyDecorator {
  return Parameter(
    (value, key) => {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isInteger(n) && n >= min && n <= max ? [] : [fault('invalid', `${key} must be an integer from ${min} to ${max}.`)];
    },
    { type: 'integer', minimum: min, maximum: max, ...doc },
  );
}

/** One of `values`, compared exactly. */
export function QueryChoice(values: readonly string[], doc: JsonSchema = {}): PropertyDecorator {
  return Parameter(
    (value, key) => (typeof value === 'string' && values.includes(value) ? [] : [fault('invalid', `${key} must be one of ${values.join(', ')}.`)]),
    { enum: [...values], ...doc },
  );
}

/** The number a whole-number parameter holds, or `fallback` when it was left out. */
export function intOr<F extends number | null>(value: string | undefined, fallback: F): number | F {
  return value === undefined ? fallback : Number(value);
}
