import { type FieldError } from '@qr/domain';

/** One problem a declared field finds in its value; `at` leads from the field to a nested value. */
export interface Fault {
  code: string;
  detail: string;
  at?: ReadonlyArray<string | number>;
}

export function fault(code: string, detail: string, at?: ReadonlyArray<string | number>): Fault {
  return at ? { code, detail, at } : { code, detail };
}

/** `faults` moved one level down, under `key`. */
export function under(key: string | number, faults: readonly Fault[]): Fault[] {
  return faults.map((f) => ({ ...f, at: [key, ...(f.at ?? [])] }));
}

/** FieldErrors of a rule outside the engine (pointers relative to the field) as faults of the field. */
export function faultsOf(errors: readonly FieldError[]): Fault[] {
  return errors.map((e) => fault(e.code, e.detail, e.pointer === '' ? undefined : pointerKeys(e.pointer)));
}

function pointerKeys(pointer: string): Array<string | number> {
  return pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
}
