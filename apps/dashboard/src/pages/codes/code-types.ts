import { type QrType } from '../../api/types';
import { emptyGs1Content } from './gs1-form';

/** How the form shows one content field of a type; the rules themselves are the server's. */
export interface ContentFieldSpec {
  key: string;
  label: string;
  kind: 'text' | 'url' | 'email' | 'tel' | 'textarea' | 'number' | 'select' | 'checkbox';
  required?: boolean;
  hint?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Shown only when the content's other fields say so (the WiFi password with encryption nopass). */
  when?: (content: Record<string, unknown>) => boolean;
}

/** Categories each type allows, dynamic first where it may be either: the server's own table. */
export { allowedCategories } from '@qr/qr-content/browser';

export const TYPE_HINTS: Record<QrType, string> = {
  website: 'Opens a web page. Dynamic: the destination can change after printing, with rules by device, country…',
  menu: 'A hosted menu page with sections, items and prices.',
  form: 'A hosted form; each submission is a lead (lead.created webhook).',
  vcard: 'A contact card. Dynamic: a hosted page with a .vcf download; static: the card in the pattern.',
  text: 'Plain text in the pattern.',
  wifi: 'Joins a Wi-Fi network when scanned.',
  email: 'Starts an email.',
  phone: 'Calls a number.',
  sms: 'Starts a text message.',
  location: 'Opens a place on a map.',
  gs1: 'A product QR code: the GS1 Digital Link URI that checkouts read, resolved to the page for the product, lot or serial in the phone’s language.',
};

const textarea = (key: string, label: string, hint?: string): ContentFieldSpec => ({ key, label, kind: 'textarea', hint });

/** The flat types' fields; menu, form and gs1 have editors of their own. */
export const CONTENT_FIELDS: Partial<Record<QrType, readonly ContentFieldSpec[]>> = {
  website: [{ key: 'url', label: 'Destination URL', kind: 'url', required: true, hint: 'An absolute http or https address.' }],
  text: [{ key: 'text', label: 'Text', kind: 'textarea', required: true }],
  email: [{ key: 'to', label: 'To', kind: 'email', required: true }, { key: 'subject', label: 'Subject', kind: 'text' }, textarea('body', 'Message')],
  phone: [{ key: 'number', label: 'Phone number', kind: 'tel', required: true, hint: 'International format without spaces, e.g. +4930123456.' }],
  sms: [
    { key: 'number', label: 'Phone number', kind: 'tel', required: true, hint: 'International format without spaces, e.g. +4930123456.' },
    textarea('message', 'Message'),
  ],
  location: [
    { key: 'latitude', label: 'Latitude', kind: 'number', required: true, hint: '−90 to 90, e.g. 52.5200' },
    { key: 'longitude', label: 'Longitude', kind: 'number', required: true, hint: '−180 to 180, e.g. 13.4050' },
    { key: 'query', label: 'Label or search text', kind: 'text' },
  ],
  wifi: [
    { key: 'ssid', label: 'Network name (SSID)', kind: 'text', required: true },
    {
      key: 'encryption',
      label: 'Security',
      kind: 'select',
      required: true,
      options: [
        { value: 'WPA', label: 'WPA/WPA2/WPA3' },
        { value: 'WEP', label: 'WEP' },
        { value: 'nopass', label: 'None (open network)' },
      ],
    },
    { key: 'password', label: 'Password', kind: 'text', required: true, when: (c) => c.encryption !== 'nopass' },
    { key: 'hidden', label: 'Hidden network', kind: 'checkbox' },
  ],
  vcard: [
    { key: 'first_name', label: 'First name', kind: 'text', required: true },
    { key: 'last_name', label: 'Last name', kind: 'text' },
    { key: 'organization', label: 'Organisation', kind: 'text' },
    { key: 'title', label: 'Job title', kind: 'text' },
    { key: 'phone', label: 'Phone', kind: 'tel' },
    { key: 'email', label: 'Email', kind: 'email' },
    { key: 'url', label: 'Website', kind: 'url' },
    textarea('address', 'Address'),
    textarea('note', 'Note'),
  ],
};

/** A fresh content object for a type: what the editors start from. */
export function emptyContent(type: QrType): Record<string, unknown> {
  if (type === 'menu') return { title: '', currency: '', sections: [{ name: '', items: [{ name: '', description: '', price: '', tags: '' }] }], footer: '' };
  if (type === 'form') return { title: '', fields: [{ name: 'email', label: 'Email', type: 'email', required: true }], submit_label: '', success_message: '' };
  if (type === 'wifi') return { ssid: '', encryption: 'WPA', password: '', hidden: false };
  if (type === 'gs1') return { ...emptyGs1Content() };
  return Object.fromEntries((CONTENT_FIELDS[type] ?? []).map((f) => [f.key, f.kind === 'checkbox' ? false : '']));
}
