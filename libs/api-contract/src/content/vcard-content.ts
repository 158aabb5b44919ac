import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault } from '../engine/fault';
import { Field, stringFaults, Text } from '../engine/fields';
import { Email, HttpUrl } from './content-fields';

/*
 * vCard rules: `phone` in free notation (digits, spaces, `( ) . / -`, an optional leading `+`, at
 * least 3 digits) because business cards print numbers the way people write them. Line breaks are
 * allowed in every text field and are escaped in the vCard. An optional field sent as '' counts as
 * absent (contact forms send empty inputs so; it is left out of the vCard) rather than failing its format rule.
 */
const VCARD_PHONE = /^\+?[0-9(][0-9 ()./-]*$/;

function vcardPhoneFaults(value: unknown) {
  if (value === '') return [];
  const faults = stringFaults(value, { max: L.vcardPhone, singleLine: true });
  if (faults.length) return faults;
  const phone = value as string;
  if (VCARD_PHONE.test(phone) && (phone.match(/\d/g) ?? []).length >= 3) return [];
  return [fault('invalid', 'Must be a phone number: digits, spaces, ( ) . / - and an optional leading +.')];
}

/** `vcard`: a contact card (static: vCard 3.0 in the pattern; dynamic: hosted page with .vcf). */
@Declaration()
export class VcardContent {
  @Text({ required: true, max: L.name })
  first_name!: string;

  @Text({ max: L.name })
  last_name?: string;

  @Text({ max: L.name })
  organization?: string;

  @Text({ max: L.name })
  title?: string;

  @Field(vcardPhoneFaults, { type: 'string', maxLength: L.vcardPhone, description: 'Digits, spaces, ( ) . / -, an optional leading +' })
  phone?: string;

  @Email({ emptyIsAbsent: true })
  email?: string;

  @HttpUrl({ emptyIsAbsent: true }, { type: 'string', maxLength: L.url, description: 'Absolute http(s) URL' })
  url?: string;

  @Text({ max: L.address }, { description: 'Free text; line breaks allowed' })
  address?: string;

  @Text({ max: L.description })
  note?: string;
}
