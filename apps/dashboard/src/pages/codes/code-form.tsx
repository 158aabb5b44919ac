import { type QrType } from '../../api/types';
import { useDomains, useFolders } from '../../api/workspace-lists';
import { TYPE_LABELS } from '../../lib/format';
import { useMe } from '../../session';
import { binder, CheckboxField, namedOptions, SelectField, SubmitButton, TextField } from '../../ui/field';
import { type CodeFormState, newCodeState } from './code-form-state';
import { allowedCategories, emptyContent, TYPE_HINTS } from './code-types';
import { ContentEditor } from './content-editor';
import { type Design } from '@qr/qr-design/browser';
import { DesignEditor } from './design-editor';
import { designForm } from './design-form';
import { DestinationsEditor } from './destinations-editor';
import { type FieldErrors } from './field-errors';
import { OpeningRulesEditor, UtmEditor } from './opening-rules-editor';
import { PasswordEditor } from './password-editor';
import { Button } from '../../ui/button';

export interface CodeFormProps {
  mode: 'create' | 'edit';
  state: CodeFormState;
  onState: (next: CodeFormState) => void;
  errors: FieldErrors;
  busy: boolean;
  submitLabel: string;
  cancelHref: string;
}

/**
 * Every field of a code, for creating (type and category chosen here) and editing (they are fixed
 * then, and a static code's data is in its printed pattern, so it is shown but cannot change).
 */
export function CodeForm(props: CodeFormProps) {
  const { mode, state, errors } = props;
  const folders = useFolders().data ?? [];
  const domains = useDomains().data ?? [];
  // Dynamic codes are refused by the plan (free, starter): the form says so up front.
  const dynamicAllowed = useMe().plan.dynamic_codes !== 0;
  const set = (patch: Partial<CodeFormState>) => props.onState({ ...state, ...patch });
  const field = binder(state, props.onState, errors);
  const creating = mode === 'create';
  const dynamic = state.category === 'dynamic';
  const dataLocked = !creating && !dynamic;
  const changeType = (type: QrType) => {
    const category =
      allowedCategories(type).includes(state.category) && (state.category === 'static' || dynamicAllowed)
        ? state.category
        : preferredCategory(type, dynamicAllowed);
    props.onState({
      ...newCodeState(type),
      name: state.name,
      client_ref: state.client_ref,
      folder_id: state.folder_id,
      timezone: state.timezone,
      // gs1 codes take no logo (the API refuses one): a logo chosen for another type goes.
      design: type === 'gs1' ? { ...state.design, logo_id: '' } : state.design,
      type,
      category,
      content: emptyContent(type),
    });
  };
  const categories = allowedCategories(state.type);
  return (
    <>
      <fieldset>
        <legend>Basics</legend>
        {creating ? (
          <div class="grid-2">
            <SelectField
              label="Type"
              value={state.type}
              onValue={(v) => changeType(v as QrType)}
              options={Object.entries(TYPE_LABELS).map(([value, label]) => ({
                value,
                label,
                disabled: !dynamicAllowed && !allowedCategories(value as QrType).includes('static'),
              }))}
              hint={TYPE_HINTS[state.type]}
              error={errors.at('/type')}
            />
            <SelectField
              label="Kind"
              {...field('category')}
              options={categories.map((c) => ({
                value: c,
                label:
                  c === 'dynamic'
                    ? state.type === 'gs1'
                      ? 'Dynamic (GS1 Digital Link URI)'
                      : 'Dynamic (editable short link)'
                    : 'Static (data in the pattern)',
                disabled: c === 'dynamic' && !dynamicAllowed,
              }))}
              hint={
                !dynamicAllowed
                  ? 'Your plan has no dynamic codes; static codes are unlimited.'
                  : state.type === 'gs1'
                    ? 'The pattern holds the GS1 Digital Link URI: change its links, see scans, set opening rules, after printing.'
                    : state.category === 'dynamic'
                      ? 'The pattern holds a short link: change where it goes, see scans, set opening rules, after printing.'
                      : 'The pattern holds the data itself: it never changes and scans never reach us.'
              }
            />
          </div>
        ) : (
          <p>
            {TYPE_LABELS[state.type]}, {state.category}
            {state.client_ref ? (
              <>
                {' '}
                · client_ref <code>{state.client_ref}</code>
              </>
            ) : null}
          </p>
        )}
        <div class="grid-2">
          <TextField label="Name" {...field('name')} hint={creating ? 'Shown in lists and on print sheets.' : undefined} maxLength={200} />
          <SelectField label="Folder" {...field('folder_id')} options={namedOptions(folders, 'No folder')} />
        </div>
        {creating ? (
          <div class="grid-2">
            <TextField
              label="Client reference"
              {...field('client_ref')}
              hint="Your own id (a SKU, an order). Creating again with the same one returns the existing code."
            />
            {dynamic ? (
              <SelectField
                label="Domain"
                {...field('custom_domain_id')}
                options={[
                  { value: '', label: 'The default short domain' },
                  ...domains.filter((d) => d.status === 'verified').map((d) => ({ value: d.id, label: d.hostname })),
                ]}
                hint="Verified custom domains only; fixed once the code exists."
              />
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Content</legend>
        {dataLocked ? <p class="muted small">A static code’s data is in its printed pattern, so it cannot change.</p> : null}
        <ContentEditor
          type={state.type}
          content={state.content}
          onContent={(content) => set({ content })}
          errors={errors}
          disabled={dataLocked}
          editing={!creating}
        />
      </fieldset>
      <fieldset>
        <legend>Design</legend>
        <DesignEditor
          form={state.design}
          onForm={(design) => set({ design })}
          errors={errors}
          noLogo={state.type === 'gs1' ? GS1_NO_LOGO : undefined}
          preset={{
            presetId: state.design_preset_id,
            presetDesign: state.preset_design,
            onPreset: (id, presetDesign, startFromIt) =>
              set({
                design_preset_id: id,
                preset_design: presetDesign,
                ...(startFromIt && presetDesign ? { design: designForm(presetDesign as unknown as Design) } : {}),
              }),
          }}
        />
      </fieldset>
      {dynamic && state.type === 'website' ? (
        <fieldset>
          <legend>Destination rules</legend>
          <DestinationsEditor state={state} set={set} errors={errors} />
        </fieldset>
      ) : null}
      {dynamic ? (
        <fieldset>
          <legend>Opening rules</legend>
          <OpeningRulesEditor state={state} set={set} errors={errors} />
        </fieldset>
      ) : null}
      {dynamic && state.type !== 'gs1' ? (
        <fieldset>
          <legend>Password</legend>
          <PasswordEditor form={state.password} onForm={(password) => set({ password })} errors={errors} />
        </fieldset>
      ) : null}
      {/* The GS1 resolver passes the scan's own query string on, and adds no UTM fields. */}
      {dynamic && state.type !== 'gs1' ? (
        <details class="panel" open={Object.values(state.utm).some(Boolean) || undefined}>
          <summary>UTM parameters</summary>
          <p class="muted small">Added to the destination’s query on every redirect.</p>
          <UtmEditor state={state} set={set} errors={errors} />
        </details>
      ) : null}
      {!dynamic && !creating ? (
        <CheckboxField label="Paused" {...field.check('paused')} hint="Static codes are scanned without us; this only marks them in lists." />
      ) : null}
      <OtherProblems errors={errors} />
      <div class="button-row">
        <SubmitButton disabled={props.busy} label={props.busy ? 'Saving…' : props.submitLabel} />
        <Button href={props.cancelHref} label="Cancel" />
      </div>
    </>
  );
}

const GS1_NO_LOGO = 'No logo on GS1 codes: checkout scanners must read every module, and the API refuses one.';

function preferredCategory(type: QrType, dynamicAllowed: boolean) {
  const allowed = allowedCategories(type);
  return !dynamicAllowed && allowed.includes('static') ? 'static' : allowed[0];
}

/** Problems no field above showed (rendered last, after every field claimed its own). */
function OtherProblems({ errors }: { errors: FieldErrors }) {
  const rest = errors.unclaimed();
  if (!rest.length) return null;
  return (
    <div class="notice notice--error" role="alert">
      <strong class="notice__title">Also to fix</strong>
      <ul>
        {rest.map((p) => (
          <li key={p.pointer + p.code}>
            <code>{p.pointer || '(the code)'}</code>: {p.detail}
          </li>
        ))}
      </ul>
    </div>
  );
}
