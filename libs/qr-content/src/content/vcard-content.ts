/*
 * vCard rules: `first_name` required (≤ 200, not blank); `last_name`, `organization`, `title`
 * ≤ 200; `phone` ≤ 32 in free notation (digits, spaces, `( ) . / -`, an optional leading `+`, at
 * least 3 digits) because business cards print numbers the way people write them; `email` an email
 * address; `url` under the shared URL rules; `address` ≤ 500; `note` ≤ 1000. Line breaks are
 * allowed in every text field and are escaped in the vCard. An optional field sent as '' counts
 * as absent (it is left out of the vCard) rather than failing its format rule.
 */

/** `vcard`: a contact card (static: vCard 3.0 in the pattern; dynamic: hosted page with .vcf). */
export interface VcardContent {
  first_name: string;
  last_name?: string;
  organization?: string;
  title?: string;
  phone?: string;
  email?: string;
  url?: string;
  address?: string;
  note?: string;
}

/** Escapes a vCard text value (RFC 2426 §4 / RFC 6350 §3.4): `\` `,` `;` and line breaks. */
export function escapeVcardText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * The vCard 3.0 text of a contact: CRLF line endings, absent or empty fields left out, text values
 * escaped. `URL` is a URI value, not text, so it is written as is (the URL rules already exclude
 * backslashes and line breaks). Lines are not folded: folding is optional (SHOULD) and several
 * phone scanners mis-read folded lines, while none needs them.
 *
 * @example vcardPayload({ first_name: 'Ana', last_name: 'Lima' })
 * // 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lima;Ana;;;\r\nFN:Ana Lima\r\nEND:VCARD\r\n'
 */
export function vcardPayload(content: VcardContent): string {
  const text = (value: string | undefined): string | undefined => (value ? escapeVcardText(value) : undefined);
  const fullName = [content.first_name, content.last_name].filter((part) => part).join(' ');
  const lines: (string | false)[] = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${text(content.last_name) ?? ''};${escapeVcardText(content.first_name)};;;`,
    `FN:${escapeVcardText(fullName)}`,
    !!content.organization && `ORG:${text(content.organization)}`,
    !!content.title && `TITLE:${text(content.title)}`,
    !!content.phone && `TEL:${text(content.phone)}`,
    !!content.email && `EMAIL:${text(content.email)}`,
    !!content.url && `URL:${content.url}`,
    !!content.address && `ADR:;;${text(content.address)};;;;`,
    !!content.note && `NOTE:${text(content.note)}`,
    'END:VCARD',
  ];
  return `${lines.filter((line): line is string => line !== false).join('\r\n')}\r\n`;
}
