import { CheckboxField, SelectField, TextField } from '../../ui/field';
import { type ContentEditorProps } from './content-editor-props';

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
  const set = (patch: Record<string, unknown>) => onContent({ ...content, ...patch });
  const setField = (i: number, patch: Partial<FormField>) => set({ fields: fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  return (
    <>
      <TextField
        label="Form title"
        required
        value={String(content.title ?? '')}
        onValue={(v) => set({ title: v })}
        error={errors.at('/content/title')}
        disabled={disabled}
      />
      {errors.at('/content/fields') ? <p class="field__error">{errors.at('/content/fields')}</p> : null}
      {fields.map((field, i) => {
        const at = `/content/fields/${i}`;
        return (
          <fieldset key={i} class="repeat-item">
            <legend>Field {i + 1}</legend>
            <div class="grid-3">
              <TextField
                label="Label"
                required
                value={field.label}
                onValue={(v) => setField(i, { label: v })}
                error={errors.at(`${at}/label`)}
                disabled={disabled}
              />
              <TextField
                label="Key"
                required
                hint="Lower case, e.g. company_name: the name of the value in the lead"
                value={field.name}
                onValue={(v) => setField(i, { name: v })}
                error={errors.at(`${at}/name`)}
                disabled={disabled}
              />
              <SelectField
                label="Kind"
                value={field.type}
                onValue={(v) => setField(i, { type: v })}
                options={FIELD_TYPES}
                error={errors.at(`${at}/type`)}
                disabled={disabled}
              />
            </div>
            <CheckboxField label="Visitors must fill it in" checked={field.required} onChecked={(v) => setField(i, { required: v })} disabled={disabled} />
            {errors.at(at) ? <p class="field__error">{errors.at(at)}</p> : null}
            {fields.length > 1 ? (
              <button type="button" class="button button--small" onClick={() => set({ fields: fields.filter((_, j) => j !== i) })} disabled={disabled}>
                Remove field {i + 1}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      <div class="button-row">
        <button
          type="button"
          class="button"
          onClick={() => set({ fields: [...fields, { name: '', label: '', type: 'text', required: false }] })}
          disabled={disabled}
        >
          Add a field
        </button>
      </div>
      <div class="grid-2">
        <TextField
          label="Button text"
          hint="Default: Send"
          value={String(content.submit_label ?? '')}
          onValue={(v) => set({ submit_label: v })}
          error={errors.at('/content/submit_label')}
          disabled={disabled}
        />
        <TextField
          label="Thank-you message"
          value={String(content.success_message ?? '')}
          onValue={(v) => set({ success_message: v })}
          error={errors.at('/content/success_message')}
          disabled={disabled}
        />
      </div>
    </>
  );
}
