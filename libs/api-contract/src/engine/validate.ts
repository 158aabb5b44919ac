import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { childPointer, type FieldError, isPlainObject } from '@qr/domain';
import { declaredFields, takeFaults } from './declare';
import { type Fault, fault, under } from './fault';

export type Declaration<T> = new () => T;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: false,
  skipUndefinedProperties: true,
  validationError: { target: true, value: true },
};

// class-transformer drops these keys (they would reach the prototype); a client that sends one still hears about it.
const DROPPED_KEYS = ['__proto__', 'constructor'];

/**
 * `value` checked against a declaration: a JSON object turned into the declaration's class
 * (class-transformer, nested parts and the content union included) and validated by class-validator.
 * Every problem comes back as a FieldError under `pointer`, with the codes the API documents.
 *
 * @example check(FolderInput, { name: '' }) // { ok: false, errors: [{ pointer: '/name', code: 'required', … }] }
 */
export function check<T extends object>(declaration: Declaration<T>, value: unknown, pointer = '', unknown: UnknownKey = UNKNOWN_FIELD): Checked<T> {
  if (value === undefined) return { ok: false, errors: [toFieldError(fault('required', 'This field is required.'), pointer)] };
  if (!isPlainObject(value)) return { ok: false, errors: [toFieldError(fault('invalid_type', 'Must be a JSON object.'), pointer)] };
  const dropped = droppedKeyFaults(value);
  const instance = plainToInstance(declaration, dropped.length ? withoutDroppedKeys(value) : value);
  const faults = [...dropped, ...instanceFaults(instance, unknown)];
  if (faults.length) return { ok: false, errors: faults.map((f) => toFieldError(f, pointer)) };
  return { ok: true, value: instance };
}

/** How a key the declaration does not have is refused: `unknown_field` in a body, `unknown_parameter` in a query. */
export type UnknownKey = (allowed: string) => Fault;

const UNKNOWN_FIELD: UnknownKey = (allowed) => fault('unknown_field', `Unknown field; allowed: ${allowed}.`);

/** The faults of an instance class-transformer made (a nested part arrives as one). */
export function instanceFaults(instance: object, unknown: UnknownKey = UNKNOWN_FIELD): Fault[] {
  const faults: Fault[] = [];
  for (const error of validateSync(instance, OPTIONS)) {
    if (error.constraints?.whitelistValidation) {
      // An in-process caller's `undefined` is an absent field, as it would be after JSON.stringify.
      if (error.value === undefined) continue;
      const allowed = [...declaredFields(instance.constructor as Declaration<object>).keys()].join(', ');
      faults.push(...under(error.property, [unknown(allowed)]));
      continue;
    }
    faults.push(...under(error.property, takeFaults(error.target as object, error.property)));
  }
  return faults;
}

export function toFieldError(f: Fault, pointer: string): FieldError {
  return { pointer: (f.at ?? []).reduce<string>((p, key) => childPointer(p, key), pointer), code: f.code, detail: f.detail };
}

function droppedKeyFaults(value: unknown, at: Array<string | number> = []): Fault[] {
  if (value === null || typeof value !== 'object') return [];
  const faults: Fault[] = [];
  for (const key of Object.keys(value)) {
    if (!Array.isArray(value) && DROPPED_KEYS.includes(key)) faults.push(fault('unknown_field', 'Unknown field.', [...at, key]));
    else faults.push(...droppedKeyFaults((value as Record<string, unknown>)[key], [...at, Array.isArray(value) ? Number(key) : key]));
  }
  return faults;
}

function withoutDroppedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutDroppedKeys);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !DROPPED_KEYS.includes(key))
      .map(([key, v]) => [key, withoutDroppedKeys(v)]),
  );
}

/**
 * The errors of one declared field's value, under `pointer`: for a part of a body that arrives on its
 * own (a bulk's items handed to the service, destinations checked apart).
 */
export function fieldErrors<T extends object>(declaration: Declaration<T>, key: keyof T & string, value: unknown, pointer: string): FieldError[] {
  const owner = plainToInstance(declaration, { [key]: value }) as Record<string, unknown>;
  const field = declaredFields(declaration).get(key);
  if (!field) throw new Error(`${declaration.name} declares no ${key}`);
  return field.check(owner[key], owner).map((f) => toFieldError(f, pointer));
}
