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
