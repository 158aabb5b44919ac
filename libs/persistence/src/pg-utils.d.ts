/** node-postgres's own conversion of a parameter to the text it sends (pg/lib/utils, untyped upstream). */
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): unknown;
}
