/**
 * Percent-encodes text for a URI query value (RFC 3986): everything but the unreserved characters
 * and `!'()*`, as UTF-8. Spaces become `%20`, never `+`: RFC 6068 (mailto) requires it, and
 * `geo:`/`sms:` readers do not all decode `+`.
 *
 * @example percentEncode('Hi there & bye') // 'Hi%20there%20%26%20bye'
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value);
}

/**
 * Text with every line break as CRLF: RFC 6068 asks for `%0D%0A` line breaks in a mailto body,
 * and clients then show the same lines whatever the sender's platform used.
 */
export function crlfLines(value: string): string {
  return value.replace(/\r\n|\r|\n/g, '\r\n');
}
