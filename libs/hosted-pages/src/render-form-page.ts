import { escapeHtml } from '@qr/domain';
import type { FormContent, FormField } from '@qr/api-contract';
import { HONEYPOT_FIELD } from './honeypot-field';
import { type HtmlPage, htmlPage } from './html-page';
import { leadValueLimit } from './lead-value-limit';

/** How to render a lead form: where it posts, and after a failed submit what was sent and why it failed. */
export interface FormPageOptions {
  /** The form's `action` (a same-origin path: the CSP allows `form-action 'self'` only). */
  action: string;
  /** Submitted values by field name, to fill the inputs again after a failed submit. */
  values?: Record<string, string>;
  /** Messages by field name, shown next to their fields; any error makes the page a 422. */
  errors?: Record<string, string>;
}

const INPUT_TYPES = { text: 'text', email: 'email', phone: 'tel' } as const;
const AUTOCOMPLETE: Partial<Record<FormField['type'], string>> = { email: 'email', phone: 'tel' };

/**
 * The hosted page of a form code: a labelled input per field, a visually hidden honeypot and the
 * submit button, posting to `o.action`. 200, or 422 when `o.errors` holds any message (then each
 * message sits next to its field and the inputs hold `o.values` again).
 *
 * @example renderFormPage(form, { action: '/abc123' })
 * // { status: 200, html: '<!doctype html>…<form method="post" action="/abc123">…', csp: "…form-action 'self'…" }
 */
export function renderFormPage(content: FormContent, o: FormPageOptions): HtmlPage {
  const errors = o.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const body = [
    `<h1>${escapeHtml(content.title)}</h1>`,
    hasErrors ? errorSummary(content, errors) : '',
    `<form method="post" action="${escapeHtml(o.action)}">`,
    ...content.fields.map((field) => renderField(field, own(o.values, field.name) ?? '', own(errors, field.name))),
    renderHoneypot(),
    `<button class="button" type="submit">${escapeHtml(content.submit_label?.trim() ? content.submit_label : 'Send')}</button>`,
    '</form>',
  ];
  return htmlPage({ status: hasErrors ? 422 : 200, title: content.title, body, postsForm: true });
}

function errorSummary(content: FormContent, errors: Record<string, string>): string {
  const names = new Set(content.fields.map((field) => field.name));
  // Messages not tied to a field would otherwise be lost; show them at the top.
  const general = Object.entries(errors).filter(([name]) => !names.has(name));
  const lines = [`<p class="error" role="alert">Please check the fields marked below.</p>`];
  for (const [, message] of general) lines.push(`<p class="error">${escapeHtml(message)}</p>`);
  return lines.join('\n');
}

function renderField(field: FormField, value: string, error: string | undefined): string {
  const id = `field-${field.name}`;
  const optional = field.required ? '' : ' <span class="muted">(optional)</span>';
  const autocomplete = AUTOCOMPLETE[field.type];
  const attributes = [
    `id="${escapeHtml(id)}"`,
    `name="${escapeHtml(field.name)}"`,
    field.required ? 'required' : '',
    `maxlength="${leadValueLimit(field.type)}"`,
    autocomplete ? `autocomplete="${autocomplete}"` : '',
    error === undefined ? '' : `aria-invalid="true" aria-describedby="${escapeHtml(`${id}-error`)}"`,
  ]
    .filter((attribute) => attribute !== '')
    .join(' ');
  // The parser drops one newline right after <textarea>; the leading one keeps the value's own.
  const control =
    field.type === 'textarea'
      ? `<textarea ${attributes}>\n${escapeHtml(value)}</textarea>`
      : `<input type="${INPUT_TYPES[field.type]}" ${attributes} value="${escapeHtml(value)}">`;
  const message = error === undefined ? '' : `\n<p class="error" id="${escapeHtml(`${id}-error`)}">${escapeHtml(error)}</p>`;
  return `<div class="field">\n<label for="${escapeHtml(id)}">${escapeHtml(field.label)}${optional}</label>\n${control}${message}\n</div>`;
}

// Off-screen (not type=hidden, which bots skip), out of the tab order, hidden from screen readers
// and from autofill, so only a bot fills it in.
function renderHoneypot(): string {
  return [
    '<div class="hp" aria-hidden="true">',
    '<label for="hp-field">Leave this field empty</label>',
    `<input type="text" id="hp-field" name="${HONEYPOT_FIELD}" value="" autocomplete="off" tabindex="-1">`,
    '</div>',
  ].join('\n');
}

// Own keys only: a field named `constructor` must not pick up Object.prototype.constructor.
function own(record: Record<string, string> | undefined, key: string): string | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
