import { type ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { Button } from './button';

interface Common {
  label: string;
  /** The label is for screen readers only: the control explains itself where it stands (a row of a table). */
  hideLabel?: boolean;
  /** A server-side problem for this field: shown under it and announced with the field. */
  error?: string;
  hint?: ComponentChildren;
  required?: boolean;
  disabled?: boolean;
  class?: string;
}

/** Label, control, hint and error, wired with for/id and aria-describedby so each is read with the field. */
function Frame({ id, label, hideLabel, error, hint, required, class: className, children }: Common & { id: string; children: ComponentChildren }) {
  return (
    <div class={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label for={id} class={hideLabel ? 'visually-hidden' : required ? 'field__label--required' : undefined}>
        {label}
      </label>
      {children}
      {hint ? (
        <p class="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every control in a Frame carries: its id, state, and the hint and error read with it. */
function controlProps(id: string, o: Common) {
  const described = [o.hint ? `${id}-hint` : '', o.error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    required: o.required,
    disabled: o.disabled,
    'aria-invalid': o.error ? ('true' as const) : undefined,
    'aria-describedby': described.length ? described.join(' ') : undefined,
  };
}

export function TextField({
  onValue,
  ...props
}: Common & {
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'password' | 'number' | 'search' | 'tel' | 'time' | 'date' | 'datetime-local';
  autocomplete?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'url';
  min?: string | number;
  max?: string | number;
  step?: string | number;
  name?: string;
  maxLength?: number;
}) {
  const id = useId();
  const { label: _label, hideLabel: _hideLabel, error: _error, hint: _hint, class: _class, ...input } = props;
  return (
    <Frame {...props} id={id}>
      <input {...input} {...controlProps(id, props)} type={props.type ?? 'text'} onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)} />
    </Frame>
  );
}

export function TextAreaField(props: Common & { value: string; onValue: (value: string) => void; rows?: number }) {
  const id = useId();
  return (
    <Frame {...props} id={id}>
      <textarea
        {...controlProps(id, props)}
        rows={props.rows ?? 3}
        value={props.value}
        onInput={(e) => props.onValue((e.currentTarget as HTMLTextAreaElement).value)}
      />
    </Frame>
  );
}

/** A file input: `onFile` gets the file chosen (null for none) and the input, which it may clear. */
export function FileField(props: Common & { accept: string; onFile: (file: File | null, input: HTMLInputElement) => void }) {
  const id = useId();
  const pick = (input: HTMLInputElement) => props.onFile(input.files?.[0] ?? null, input);
  return (
    <Frame {...props} id={id}>
      <input {...controlProps(id, props)} type="file" accept={props.accept} onChange={(e) => pick(e.currentTarget as HTMLInputElement)} />
    </Frame>
  );
}

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
  /** Options with a group are shown under its heading (an <optgroup>), in the order they come. */
  group?: string;
}

/** Named things (folders, logos, presets) to choose by id, after a first option for none (value ''), labelled `none`. */
export function namedOptions(items: ReadonlyArray<{ id: string; name: string }>, none?: string): Option[] {
  return [...(none === undefined ? [] : [{ value: '', label: none }]), ...items.map((i) => ({ value: i.id, label: i.name }))];
}

export function SelectField(props: Common & { value: string; onValue: (value: string) => void; options: readonly Option[] }) {
  const id = useId();
  const option = (o: Option) => (
    <option key={o.value} value={o.value} disabled={o.disabled}>
      {o.label}
    </option>
  );
  return (
    <Frame {...props} id={id}>
      <select {...controlProps(id, props)} value={props.value} onChange={(e) => props.onValue((e.currentTarget as HTMLSelectElement).value)}>
        {groupsOf(props.options).map(([group, options]) =>
          group ? (
            <optgroup key={group} label={group}>
              {options.map(option)}
            </optgroup>
          ) : (
            options.map(option)
          ),
        )}
      </select>
    </Frame>
  );
}

/** Runs of options by their group ('' for none). */
function groupsOf(options: readonly Option[]): Array<[string, Option[]]> {
  const runs: Array<[string, Option[]]> = [];
  for (const o of options) {
    const group = o.group ?? '';
    if (runs.length && runs[runs.length - 1][0] === group) runs[runs.length - 1][1].push(o);
    else runs.push([group, [o]]);
  }
  return runs;
}

/** A checkbox; with `radio` (its group's name), one radio button of that group. */
export function CheckboxField(props: {
  label: string;
  radio?: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
  error?: string;
}) {
  const id = useId();
  return (
    <div class={`checkbox${props.error ? ' field--invalid' : ''}`}>
      <input
        id={id}
        type={props.radio ? 'radio' : 'checkbox'}
        name={props.radio}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChecked((e.currentTarget as HTMLInputElement).checked)}
        aria-describedby={props.hint || props.error ? `${id}-note` : undefined}
      />
      <label for={id}>{props.label}</label>
      {props.hint || props.error ? (
        <p class={props.error ? 'field__error' : 'field__hint'} id={`${id}-note`}>
          {props.error ?? props.hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A colour: the browser's picker and the same value as `#rrggbb` text, side by side (the picker for
 * the eye, the text for a brand's exact value); `note` (a contrast readout) is read with the field.
 */
export function ColorField(props: Common & { value: string; onValue: (value: string) => void; note?: ComponentChildren }) {
  const id = useId();
  const hex = /^#[0-9a-f]{6}$/i.test(props.value) ? props.value : '#000000';
  return (
    <Frame {...props} id={id} hint={props.note ?? props.hint}>
      <div class="color-field">
        <input
          {...controlProps(id, { ...props, hint: props.note ?? props.hint })}
          type="color"
          value={hex.toLowerCase()}
          onInput={(e) => props.onValue((e.currentTarget as HTMLInputElement).value)}
        />
        <input
          type="text"
          class="color-field__hex"
          aria-label={`${props.label}, as #rrggbb`}
          value={props.value}
          maxLength={7}
          spellcheck={false}
          disabled={props.disabled}
          aria-invalid={props.error ? 'true' : undefined}
          onInput={(e) => props.onValue((e.currentTarget as HTMLInputElement).value)}
        />
      </div>
    </Frame>
  );
}

/** Whatever answers the server's problem at a pointer: a ProblemError, a form's FieldErrors. */
type ProblemsAt = { at(pointer: string): string | undefined } | null | undefined;

/**
 * The fields of one object a form edits: `field(key)` is a TextField's or SelectField's value, setter
 * (`set` gets the object with that key changed), the problem at `${at}/${key}` (or `${at}/${pointer}`
 * where the API names it otherwise) and its lock, to spread onto it; `field.check(key)` the same for a CheckboxField.
 */
export function binder<T extends object>(values: T, set: (next: T) => void, errors?: ProblemsAt, at = '', disabled?: boolean) {
  const field = (key: keyof T & string, pointer: string = key) => ({
    value: String(values[key] ?? ''),
    onValue: (value: string) => set({ ...values, [key]: value }),
    error: errors?.at(`${at}/${pointer}`),
    disabled,
  });
  const check = (key: keyof T & string) => ({ checked: values[key] === true, onChecked: (on: boolean) => set({ ...values, [key]: on }), disabled });
  return Object.assign(field, { check });
}

/** A problem of fields as a group (a list, one row of it), said under them; `alert` when nothing else announces it. */
export function GroupError({ text, alert }: { text: string | undefined; alert?: boolean }) {
  return text ? (
    <p class="field__error" role={alert ? 'alert' : undefined}>
      {text}
    </p>
  ) : null;
}

/** A form's primary submit button; `field` stands it in a row of controls, level with the fields. */
export function SubmitButton({ disabled, field, wide, label }: { disabled: boolean; field?: boolean; wide?: boolean; label: ComponentChildren }) {
  const button = <Button submit kind="primary" wide={wide} disabled={disabled} label={label} />;
  return field ? <div class="field">{button}</div> : button;
}
