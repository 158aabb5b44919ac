import type { FormContent } from '@qr/api-contract';
import { HONEYPOT_FIELD } from './honeypot-field';
import { renderFormPage } from './render-form-page';
import { renderFormThanksPage } from './render-form-thanks-page';
import { ParsedPage, attr, ownText } from './testing/parsed-page';

const FORM: FormContent = {
  title: 'Get a quote',
  fields: [
    { name: 'full_name', label: 'Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'phone', label: 'Phone', type: 'phone' },
    { name: 'message', label: 'Message', type: 'textarea' },
  ],
  submit_label: 'Request quote',
};
const OPTIONS = { action: '/abc123' };

function control(page: ParsedPage, name: string) {
  const found = [...page.all('input'), ...page.all('textarea')].find((element) => attr(element, 'name') === name);
  if (!found) throw new Error(`No control named ${name}.`);
  return found;
}

describe('renderFormPage', () => {
  const page = renderFormPage(FORM, OPTIONS);
  const parsed = new ParsedPage(page.html);

  it('answers 200 with a POST form to the action', () => {
    expect(page.status).toBe(200);
    expect(parsed.texts('h1')).toEqual(['Get a quote']);
    const form = parsed.one('form');
    expect([attr(form, 'method'), attr(form, 'action')]).toEqual(['post', '/abc123']);
  });

  it('renders each field as a label and a control of the matching type', () => {
    expect(parsed.all('label').slice(0, 4).map(ownText)).toEqual(['Name', 'Email', 'Phone ', 'Message ']);
    expect(['full_name', 'email', 'phone'].map((name) => attr(control(parsed, name), 'type'))).toEqual(['text', 'email', 'tel']);
    expect(control(parsed, 'message').tagName).toBe('textarea');
    for (const label of parsed.all('label')) {
      const id = attr(label, 'for');
      expect(parsed.elements.filter((element) => attr(element, 'id') === id)).toHaveLength(1);
    }
  });

  it('marks required fields required and optional ones as optional', () => {
    expect(FORM.fields.map((field) => attr(control(parsed, field.name), 'required') !== undefined)).toEqual([true, true, false, false]);
    expect(parsed.texts('span')).toEqual(['(optional)', '(optional)']);
  });

  it('limits lengths as the validator does', () => {
    expect(FORM.fields.map((field) => attr(control(parsed, field.name), 'maxlength'))).toEqual(['200', '200', '200', '2000']);
  });

  it('has a honeypot that is off-screen, not type=hidden, out of tab order and autofill', () => {
    const honeypot = control(parsed, HONEYPOT_FIELD);
    expect(attr(honeypot, 'type')).toBe('text');
    expect(attr(honeypot, 'autocomplete')).toBe('off');
    expect(attr(honeypot, 'tabindex')).toBe('-1');
    expect(attr(honeypot, 'value')).toBe('');
    const wrapper = honeypot.parentNode;
    expect(wrapper && 'attrs' in wrapper ? attr(wrapper, 'class') : undefined).toBe('hp');
    expect(parsed.texts('style')[0]).toMatch(/\.hp\{position:absolute;left:-10000px/);
  });

  it('labels the button with submit_label, or "Send"', () => {
    expect(parsed.texts('button')).toEqual(['Request quote']);
    for (const submit_label of [undefined, '', ' ']) {
      const plain = new ParsedPage(renderFormPage({ ...FORM, submit_label }, OPTIONS).html);
      expect(plain.texts('button')).toEqual(['Send']);
    }
  });
});

describe('renderFormPage after a failed submit', () => {
  const values = { full_name: 'Ana', email: 'not-an-email', message: '\nfirst line was blank\nsecond' };
  const errors = { email: 'Enter an email address like name@example.com.', _form: 'Something else went wrong.' };
  const page = renderFormPage(FORM, { ...OPTIONS, values, errors });
  const parsed = new ParsedPage(page.html);

  it('answers 422 with the values filled in again, textarea line breaks kept', () => {
    expect(page.status).toBe(422);
    expect(attr(control(parsed, 'full_name'), 'value')).toBe('Ana');
    expect(attr(control(parsed, 'email'), 'value')).toBe('not-an-email');
    expect(attr(control(parsed, 'phone'), 'value')).toBe('');
    expect(ownText(control(parsed, 'message'))).toBe('\nfirst line was blank\nsecond');
  });

  it('shows each message next to its field, linked for screen readers', () => {
    const email = control(parsed, 'email');
    expect(attr(email, 'aria-invalid')).toBe('true');
    const message = parsed.elements.find((element) => attr(element, 'id') === attr(email, 'aria-describedby'));
    expect(message && ownText(message)).toBe(errors.email);
    expect(attr(control(parsed, 'full_name'), 'aria-invalid')).toBeUndefined();
  });

  it('sums up at the top, with messages that belong to no field', () => {
    expect(parsed.texts('p').slice(0, 2)).toEqual(['Please check the fields marked below.', 'Something else went wrong.']);
  });

  it('stays 200 when the error map is empty', () => {
    expect(renderFormPage(FORM, { ...OPTIONS, errors: {} }).status).toBe(200);
  });

  it('ignores values and errors inherited from Object.prototype', () => {
    const form: FormContent = { title: 'T', fields: [{ name: 'constructor', label: 'C', type: 'text' }] };
    const render = new ParsedPage(renderFormPage(form, { ...OPTIONS, values: {}, errors: {} }).html);
    expect(attr(control(render, 'constructor'), 'value')).toBe('');
  });
});

describe('renderFormThanksPage', () => {
  it('shows the success message', () => {
    const page = renderFormThanksPage({ ...FORM, success_message: 'Thanks!\nWe call you back today.' });
    expect(page.status).toBe(200);
    const parsed = new ParsedPage(page.html);
    expect(parsed.texts('h1')).toEqual(['Get a quote']);
    expect(parsed.texts('p')).toEqual(['Thanks!\nWe call you back today.']);
    expect(parsed.all('form')).toHaveLength(0);
  });

  it.each([undefined, '', '  '])('falls back to a default for %j', (success_message) => {
    const parsed = new ParsedPage(renderFormThanksPage({ ...FORM, success_message }).html);
    expect(parsed.texts('p')).toEqual(['Thank you! Your message has been sent.']);
  });
});
