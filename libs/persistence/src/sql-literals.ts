import { prepareValue } from 'pg/lib/utils';
import { placeholderForm } from './sql-placeholders';

/**
 * The statement with its parameters written in as quoted literals, for PostgreSQL's simple query
 * protocol, which runs several statements in one round trip but takes no parameters. Each value is
 * the text node-postgres would have sent for it (prepareValue), quoted and escaped as pg's escapeLiteral does
 * it: an untyped quoted literal takes its type from its context exactly as an untyped parameter does,
 * so the statement means the same. Null when it cannot be done for sure (a statement the placeholder
 * reader refuses, a binary value, a NUL character, parameters that do not match the placeholders):
 * the caller then sends it with its parameters.
 */
export function withLiterals(sql: string, params: readonly unknown[]): string | null {
  const form = placeholderForm(sql);
  if (!form) return null;
  if (form.order.length === 0) return params.length === 0 ? sql : null;
  // The extended protocol refuses a count that does not match; so does this, by leaving it to it.
  if (Math.max(...form.order) !== params.length) return null;
  let out = form.text[0];
  for (let k = 0; k < form.order.length; k++) {
    const literal = literalOf(params[form.order[k] - 1]);
    if (literal === null) return null;
    out += literal + form.text[k + 1];
  }
  return out;
}

function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  // pg sends binary values as binary parameters, which have no quoted-literal twin here.
  if (ArrayBuffer.isView(value)) return null;
  const text = prepareValue(value);
  // A simple query is a NUL-terminated string: a NUL would cut the statement short.
  if (typeof text !== 'string' || text.includes('\0')) return null;
  return quoted(text);
}

/**
 * pg's escapeLiteral, with the scan done by the regular-expression engine instead of a loop over the
 * characters: a group commit's append writes tens of kilobytes of event JSON per transaction.
 */
function quoted(text: string): string {
  return text.includes('\\') ? ` E'${text.replace(/['\\]/g, '$&$&')}'` : `'${text.replace(/'/g, "''")}'`;
}
