import { listRows } from '../../lib/list-rows';
import { binder, CheckboxField, GroupError, SelectField, TextField } from '../../ui/field';
import { type ContentEditorProps } from './content-editor-props';
import { Button } from '../../ui/button';

type FormField = { name: string; label: string; type: string; required: boolean };

const FIELD_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'textarea', label: 'Long text' },
];

/** A hosted lead form: title, the fields a visitor fills in, the button and the thank-you text. */
export function FormFieldsEditor({ content, onContent, errors, disabled }: ContentEditorProps) {
  const fields = content.fields as FormField[];
  const rows = listRows(fields, (next) => onContent({ ...content, fields: next }));
  const field = binder(content, onContent, errors, '/content', disabled);
  return (
    <>
      <TextField label="Form title" required {...field('title')} />
      <GroupError text={errors.at('/content/fields')} />
      {fields.map((f, i) => {
        const at = `/content/fields/${i}`;
        const of = binder(f, (next) => rows.set(i, next), errors, at, disabled);
        return (
          <fieldset key={i} class="repeat-item">
            <legend>Field {i + 1}</legend>
            <div class="grid-3">
              <TextField label="Label" required {...of('label')} />
              <TextField label="Key" required hint="Lower case, e.g. company_name: the name of the value in the lead" {...of('name')} />
              <SelectField label="Kind" {...of('type')} options={FIELD_TYPES} />
            </div>
            <CheckboxField label="Visitors must fill it in" {...of.check('required')} />
            <GroupError text={errors.at(at)} />
            {fields.length > 1 ? <Button small onClick={() => rows.remove(i)} disabled={disabled} label={`Remove field ${i + 1}`} /> : null}
          </fieldset>
        );
      })}
      <div class="button-row">
        <Button onClick={() => rows.add({ name: '', label: '', type: 'text', required: false })} disabled={disabled} label="Add a field" />
      </div>
      <div class="grid-2">
        <TextField label="Button text" hint="Default: Send" {...field('submit_label')} />
        <TextField label="Thank-you message" {...field('success_message')} />
      </div>
    </>
  );
}
