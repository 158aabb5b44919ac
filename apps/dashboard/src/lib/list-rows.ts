/** A list a form edits row by row (menu sections, form fields, rules, links): change, drop or append one. */
export function listRows<T>(list: readonly T[], onList: (next: T[]) => void) {
  return {
    set: (i: number, patch: Partial<T>) => onList(list.map((row, j) => (j === i ? { ...row, ...patch } : row))),
    remove: (i: number) => onList(list.filter((_, j) => j !== i)),
    add: (row: T) => onList([...list, row]),
  };
}

/** A ticked list (days, event kinds, selected codes) after `values` were ticked (`on`) or unticked. */
export function toggled<T>(list: readonly T[], on: boolean, ...values: T[]): T[] {
  return on ? [...list, ...values.filter((v) => !list.includes(v))] : list.filter((x) => !values.includes(x));
}
