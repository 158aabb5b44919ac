/**
 * A statement split at its `$n` placeholders: `text[0] $order[0] text[1] $order[1] … text[n]`.
 * Placeholders inside quoted strings, quoted identifiers and comments are not placeholders.
 */
export interface PlaceholderForm {
  text: string[];
  order: number[];
}

// Statements are a small, fixed set (they are constants in the repositories), so each is split once.
// Bounded anyway, in case a caller builds SQL with varying shapes.
const forms = new Map<string, PlaceholderForm | null>();

/**
 * The statement's placeholders, or null when it holds text this reader cannot follow for sure: a
 * dollar-quoted string, an escape string (E'…', where \' does not end the string) or a nested block
 * comment. A caller that would put values in the SQL text must then not do it. Strings are read as
 * standard-conforming (a backslash is an ordinary character), PostgreSQL's default since 9.1.
 */
export function placeholderForm(sql: string): PlaceholderForm | null {
  let form = forms.get(sql);
  if (form === undefined) {
    form = split(sql);
    if (forms.size > 5000) forms.clear();
    forms.set(sql, form);
  }
  return form;
}

function split(sql: string): PlaceholderForm | null {
  const text: string[] = [];
  const order: number[] = [];
  let from = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      if (c === "'" && /[eE]/.test(sql[i - 1] ?? '') && !/[\w$]/.test(sql[i - 2] ?? '')) return null;
      // A doubled quote inside is the quote itself; either way the string ends at the next lone one.
      const end = sql.indexOf(c, i + 1);
      if (end < 0) return null;
      i = end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      // PostgreSQL's block comments nest: one inside another is not followed here.
      if (end < 0 || sql.slice(i + 2, end).includes('/*')) return null;
      i = end + 2;
    } else if (c === '$') {
      const digits = /^\d+/.exec(sql.slice(i + 1, i + 12));
      // `$tag$` or `$$` opens a dollar-quoted string; `$` inside an identifier (a$b) is part of it.
      if (!digits) {
        if (/[\w$]/.test(sql[i - 1] ?? '')) {
          i++;
          continue;
        }
        return null;
      }
      text.push(sql.slice(from, i));
      order.push(Number(digits[0]));
      i += 1 + digits[0].length;
      from = i;
    } else i++;
  }
  text.push(sql.slice(from));
  return { text, order };
}
