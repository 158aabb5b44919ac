import type { FormContent } from '@qr/api-contract';
import { checkLeadValue } from './check-lead-value';
import { HONEYPOT_FIELD } from './honeypot-field';

/** What a submitted lead form amounts to: the values to store, the errors to show, or spam. */
export type LeadSubmission = { ok: true; fields: Record<string, string> } | { ok: false; errors: Record<string, string> } | { spam: true };

/**
 * Validates a submitted lead form (urlencoded body already parsed to strings). Unknown fields are
 * ignored (not stored); required ones must be non-blank; email/phone checked; every value ≤ its
 * limit (textarea 2000, others 200). A filled honeypot → { spam: true }.
 *
 * Values come back trimmed, with `\n` line ends; blank optional fields are left out of `fields`.
 * `errors` maps a field name to a message meant for the person filling in the form.
 *
 * @example validateLeadSubmission(form, { email: 'ana@example.com', utm: 'x' })
 * // { ok: true, fields: { email: 'ana@example.com' } }
 */
export function validateLeadSubmission(form: FormContent, body: Record<string, string | string[] | undefined>): LeadSubmission {
  if (isFilled(ownValue(body, HONEYPOT_FIELD))) return { spam: true };
  const fields: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of form.fields) {
    const result = checkLeadValue(field, ownValue(body, field.name));
    if (!result.ok) errors[field.name] = result.error;
    else if (result.value !== undefined) fields[field.name] = result.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
}

// Own keys only: a field named `constructor` must not read Object.prototype.constructor.
function ownValue(body: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(body, name) ? body[name] : undefined;
}

// Anything but an absent or blank single value counts: a person's browser sends the hidden
// input empty, while bots fill it (or send it twice).
function isFilled(value: unknown): boolean {
  return value !== undefined && (typeof value !== 'string' || value.trim() !== '');
}
