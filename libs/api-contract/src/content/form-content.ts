import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault, type Fault } from '../engine/fault';
import { Bool, Choice, List, Text } from '../engine/fields';

/*
 * Form rules (a hosted lead form, dynamic only): a field `name` is an identifier `[a-z][a-z0-9_]{0,39}`
 * and unique within the form, because it becomes the key of the submitted values in `lead.created`.
 */
const IDENTIFIER = /^[a-z][a-z0-9_]{0,39}$/;

export const FORM_FIELD_TYPES = ['text', 'email', 'phone', 'textarea'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** A name used by an earlier field, at the later one. */
function duplicateNames(fields: readonly unknown[]): Fault[] {
  const seen = new Set<string>();
  return fields.flatMap((field, index) => {
    const name = (field as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || !IDENTIFIER.test(name)) return [];
    if (seen.has(name)) return [fault('duplicate', `Another field is already named ${name}.`, [index, 'name'])];
    seen.add(name);
    return [];
  });
}

/** One input of a hosted form; `name` keys the submitted value in `lead.created`. */
@Declaration()
export class FormField {
  @Text(
    { required: true, max: 64, pattern: [IDENTIFIER, 'Must start with a-z and hold only a-z, 0-9 and _, at most 40 characters.'] },
    { minLength: undefined, maxLength: undefined, description: 'Key of the submitted value in lead.created; unique in the form' },
  )
  name!: string;

  @Text({ required: true, max: L.name })
  label!: string;

  @Choice(FORM_FIELD_TYPES, { required: true })
  type!: FormFieldType;

  @Bool()
  required?: boolean;
}

/** `form`: a lead form served as a hosted page (dynamic only). */
@Declaration()
export class FormContent {
  @Text({ required: true, max: L.name })
  title!: string;

  @List({ of: () => FormField }, { required: true, min: 1, max: L.formFields, also: duplicateNames })
  fields!: FormField[];

  @Text({ max: L.submitLabel })
  submit_label?: string;

  @Text({ max: L.description })
  success_message?: string;
}
