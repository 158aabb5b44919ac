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
