import type { FormContent } from '@qr/api-contract';
import { HONEYPOT_FIELD } from './honeypot-field';
import { validateLeadSubmission } from './validate-lead-submission';

const FORM: FormContent = {
  title: 'Contact',
  fields: [
    { name: 'full_name', label: 'Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'phone', label: 'Phone', type: 'phone' },
    { name: 'message', label: 'Message', type: 'textarea' },
  ],
};
const VALID = { full_name: 'Ana Lima', email: 'ana@example.com' };

describe('validateLeadSubmission', () => {
  it('accepts a valid submission, trimmed, leaving out blank optional fields', () => {
    const result = validateLeadSubmission(FORM, { full_name: '  Ana Lima ', email: 'ana@example.com', phone: '', message: '   ' });
    expect(result).toEqual({ ok: true, fields: { full_name: 'Ana Lima', email: 'ana@example.com' } });
  });

  it('drops unknown fields, the honeypot left empty included', () => {
    const result = validateLeadSubmission(FORM, { ...VALID, utm_source: 'flyer', is_admin: 'true', [HONEYPOT_FIELD]: '' });
    expect(result).toEqual({ ok: true, fields: VALID });
  });

  it.each([
    ['missing', {}],
    ['empty', { full_name: '' }],
    ['blank', { full_name: ' \t\n ' }],
  ])('requires a required field (%s)', (_case, body) => {
    expect(validateLeadSubmission(FORM, { email: VALID.email, ...body })).toEqual({ ok: false, errors: { full_name: 'This field is required.' } });
  });

  it('reports every failing field at once', () => {
    const result = validateLeadSubmission(FORM, { email: 'nope', phone: 'call me' });
    expect(result).toEqual({
      ok: false,
      errors: {
        full_name: 'This field is required.',
        email: 'Enter an email address like name@example.com.',
        phone: 'Enter a phone number: digits, spaces, ( ) . / - and an optional leading +.',
      },
    });
  });

  it.each(['ana@example.com', 'a.b+tag@mail.example.co.uk', 'zoë@exämple.de'])('accepts the email %s', (email) => {
    expect(validateLeadSubmission(FORM, { ...VALID, email })).toMatchObject({ ok: true });
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'a@b@example.com', '"ana"@example.com'])('refuses the email %j', (email) => {
    expect(validateLeadSubmission(FORM, { ...VALID, email })).toEqual({ ok: false, errors: { email: 'Enter an email address like name@example.com.' } });
  });

  it.each(['+49 30 1234567', '030/123 456', '(030) 123-45.67', '+4930123456'])('accepts the phone %j', (phone) => {
    expect(validateLeadSubmission(FORM, { ...VALID, phone })).toEqual({ ok: true, fields: { ...VALID, phone } });
  });

  it.each(['1234', 'call me', '+49 30 12a45', '++4930123456', '1'.repeat(21), '-123456'])('refuses the phone %j', (phone) => {
    expect(validateLeadSubmission(FORM, { ...VALID, phone })).toMatchObject({ ok: false, errors: { phone: expect.stringContaining('phone number') } });
  });

  it('allows 200 characters in a single-line field and 2000 in a textarea, counting characters not UTF-16 units', () => {
    const result = validateLeadSubmission(FORM, { ...VALID, full_name: '😀'.repeat(200), message: 'é'.repeat(2000) });
    expect(result).toMatchObject({ ok: true });
  });

  it('refuses longer values', () => {
    const result = validateLeadSubmission(FORM, { ...VALID, full_name: 'a'.repeat(201), message: 'a'.repeat(2001) });
    expect(result).toEqual({ ok: false, errors: { full_name: 'At most 200 characters.', message: 'At most 2000 characters.' } });
  });

  it('counts a textarea line break once, as the browser does, and stores it as \\n', () => {
    const message = `${'a'.repeat(999)}\r\n${'b'.repeat(1000)}`;
    expect(validateLeadSubmission(FORM, { ...VALID, message })).toEqual({ ok: true, fields: { ...VALID, message: message.replace('\r\n', '\n') } });
  });

  it('refuses line breaks in single-line fields and control characters anywhere', () => {
    const result = validateLeadSubmission(FORM, { ...VALID, full_name: 'Ana\nBcc: x@y.z', message: 'hi\u0000there' });
    expect(result).toEqual({ ok: false, errors: { full_name: 'Must be on one line.', message: 'Contains characters that are not allowed.' } });
  });

  it('refuses several values for one field', () => {
    const result = validateLeadSubmission(FORM, { ...VALID, email: ['ana@example.com', 'eve@example.com'], phone: ['+4930123456'] });
    expect(result).toEqual({ ok: false, errors: { email: 'Send one value for this field.', phone: 'Send one value for this field.' } });
  });

  it('refuses a nested object, as an extended query parser could produce', () => {
    const body = { ...VALID, message: { a: 'b' } } as unknown as Record<string, string>;
    expect(validateLeadSubmission(FORM, body)).toEqual({ ok: false, errors: { message: 'Send one value for this field.' } });
  });

  it.each([
    ['filled', 'https://spam.example'],
    ['an array', ['']],
    ['filled on an invalid submission', 'x'],
  ])('calls a honeypot %s spam', (_case, honeypot) => {
    const body = _case.includes('invalid') ? { [HONEYPOT_FIELD]: honeypot } : { ...VALID, [HONEYPOT_FIELD]: honeypot };
    expect(validateLeadSubmission(FORM, body)).toEqual({ spam: true });
  });

  it('reads only own keys of the body', () => {
    const form: FormContent = {
      title: 'T',
      fields: [
        { name: 'constructor', label: 'C', type: 'text', required: true },
        { name: 'to_string', label: 'S', type: 'text' },
      ],
    };
    expect(validateLeadSubmission(form, {})).toEqual({ ok: false, errors: { constructor: 'This field is required.' } });
    expect(validateLeadSubmission(form, { constructor: 'x' })).toEqual({ ok: true, fields: { constructor: 'x' } });
  });
});
