import { childPointer, type FieldChecker } from '@qr/domain';
import { CONTENT_LIMITS } from '../content-limits';

/*
 * Form rules (a hosted lead form, dynamic only): `title` ≤ 200; 1..20 `fields`, each
 * `{name, label ≤ 200, type: text|email|phone|textarea, required?: boolean}`; a field `name` is an
 * identifier `[a-z][a-z0-9_]{0,39}` and unique within the form, because it becomes the key of the
 * submitted values in `lead.created`; `submit_label` ≤ 50; `success_message` ≤ 1000.
 */

export const FORM_FIELD_TYPES = ['text', 'email', 'phone', 'textarea'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** One input of a hosted form; `name` keys the submitted value in `lead.created`. */
export interface FormField {
  name: string;
  label: string;
  type: FormFieldType;
  required?: boolean;
}

/** `form`: a lead form served as a hosted page (dynamic only). */
export interface FormContent {
  title: string;
  fields: FormField[];
  submit_label?: string;
  success_message?: string;
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,39}$/;

/** Checks form content (see the rules above). */
export function checkFormContent(check: FieldChecker, value: unknown, pointer: string): void {
  const content = check.object(value, pointer, ['title', 'fields', 'submit_label', 'success_message']);
  if (!content) return;
  check.text(content, 'title', pointer, { required: true, max: CONTENT_LIMITS.name });
  const fields = check.list(content, 'fields', pointer, { required: true, min: 1, max: CONTENT_LIMITS.formFields });
  if (fields) checkFields(check, fields, childPointer(pointer, 'fields'));
  check.text(content, 'submit_label', pointer, { max: CONTENT_LIMITS.submitLabel });
  check.text(content, 'success_message', pointer, { max: CONTENT_LIMITS.description });
}

function checkFields(check: FieldChecker, fields: unknown[], pointer: string): void {
  const seen = new Set<string>();
  fields.forEach((value, index) => {
    const at = childPointer(pointer, index);
    const field = check.object(value, at, ['name', 'label', 'type', 'required']);
    if (!field) return;
    const name = check.matching(
      field,
      'name',
      at,
      { required: true, max: 64 },
      IDENTIFIER,
      'Must start with a-z and hold only a-z, 0-9 and _, at most 40 characters.',
    );
    if (name !== undefined && seen.has(name)) check.add(childPointer(at, 'name'), 'duplicate', `Another field is already named ${name}.`);
    if (name !== undefined) seen.add(name);
    check.text(field, 'label', at, { required: true, max: CONTENT_LIMITS.name });
    check.choice(field, 'type', at, FORM_FIELD_TYPES, true);
    check.boolean(field, 'required', at);
  });
}
