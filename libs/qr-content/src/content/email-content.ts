/** `email`: a prefilled email — recipient, optional subject and body. */
export interface EmailContent {
  to: string;
  subject?: string;
  body?: string;
}

// RFC 6068 `addr-spec` in a mailto URI: unreserved characters and `some-delims` stay, anything else
// (`%`, `/`, `?`, `#`, `&`, `=`, non-ASCII …) is percent-encoded as UTF-8.
const ADDRESS_SAFE = /[A-Za-z0-9\-._~!$'()*+,;:@]/;

function encodeAddress(address: string): string {
  let out = '';
  for (const char of address) out += ADDRESS_SAFE.test(char) ? char : encodeURIComponent(char);
  return out;
}

/**
 * The `mailto:` URI of an email code (RFC 6068), used both in a static pattern and as a dynamic
 * redirect. Empty subject and body are left out; body line breaks become `%0D%0A`: RFC 6068 asks
 * for CRLF, and clients then show the same lines whatever the sender's platform used. Subject and
 * body are percent-encoded as UTF-8 with a space as `%20`, never `+` (RFC 6068 requires it).
 *
 * @example mailtoUri({ to: 'a@b.co', subject: 'Hi & bye' }) // 'mailto:a@b.co?subject=Hi%20%26%20bye'
 */
export function mailtoUri(content: EmailContent): string {
  const fields: string[] = [];
  if (content.subject) fields.push(`subject=${encodeURIComponent(content.subject)}`);
  if (content.body) fields.push(`body=${encodeURIComponent(content.body.replace(/\r\n|\r|\n/g, '\r\n'))}`);
  return `mailto:${encodeAddress(content.to)}${fields.length ? `?${fields.join('&')}` : ''}`;
}
