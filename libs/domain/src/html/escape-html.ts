// The only way user content reaches a hosted page or an email's HTML part. Escaping all six characters
// makes one function safe in text and in double-quoted attributes alike, so no call site has to pick a context.
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Old IE treated a backtick as an attribute quote; escaping it costs nothing.
  '`': '&#96;',
};

/**
 * Escapes `& < > " ' \`` so a value can go into HTML text or a double-quoted attribute.
 *
 * @example escapeHtml('<b title="x">') // '&lt;b title=&quot;x&quot;&gt;'
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ENTITIES[char] ?? char);
}
