import { binder, CheckboxField, SelectField, TextAreaField, TextField } from '../../ui/field';
import { CONTENT_FIELDS } from './code-types';
import { FormFieldsEditor } from './form-fields-editor';
import { Gs1ContentEditor } from './gs1-content-editor';
import { MenuEditor } from './menu-editor';
import { type ContentEditorProps } from './content-editor-props';

export type { ContentEditorProps } from './content-editor-props';

/** The `content` of a code: one field per property of flat types, repeaters for menus, forms and GS1 links. */
export function ContentEditor(props: ContentEditorProps) {
  if (props.type === 'menu') return <MenuEditor {...props} />;
  if (props.type === 'form') return <FormFieldsEditor {...props} />;
  if (props.type === 'gs1') return <Gs1ContentEditor {...props} />;
  const { content, onContent, errors, disabled } = props;
  const field = binder(content, onContent, { at: (pointer) => errors.under(pointer) }, '/content', disabled);
  return (
    <>
      {(CONTENT_FIELDS[props.type] ?? []).map((spec) => {
        if (spec.when && !spec.when(content)) return null;
        const common = { label: spec.label, required: spec.required, hint: spec.hint, ...field(spec.key) };
        switch (spec.kind) {
          case 'checkbox':
            return <CheckboxField key={spec.key} label={spec.label} {...field.check(spec.key)} error={common.error} />;
          case 'select':
            return <SelectField key={spec.key} {...common} options={spec.options ?? []} />;
          case 'textarea':
            return <TextAreaField key={spec.key} {...common} />;
          default:
            return (
              <TextField
                key={spec.key}
                {...common}
                type={spec.kind === 'number' ? 'text' : spec.kind}
                inputMode={spec.kind === 'number' ? 'decimal' : undefined}
              />
            );
        }
      })}
    </>
  );
}
