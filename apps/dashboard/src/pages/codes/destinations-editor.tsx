import { listRows } from '../../lib/list-rows';
import { binder, GroupError, SelectField, TextField } from '../../ui/field';
import { type StateEditorProps } from './opening-rules-editor';
import { Button } from '../../ui/button';

const DEVICES = [
  { value: '', label: 'Any device' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'tablet', label: 'Tablet' },
  { value: 'desktop', label: 'Desktop' },
  { value: 'other', label: 'Other' },
];
const OSES = [
  { value: '', label: 'Any system' },
  { value: 'ios', label: 'iOS' },
  { value: 'android', label: 'Android' },
  { value: 'windows', label: 'Windows' },
  { value: 'macos', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
  { value: 'other', label: 'Other' },
];

const WEIGHT_HINT = 'A/B split, 0–1000: rules with the same conditions share their scans by weight';

/**
 * Destinations after the default one (the URL field above): each goes to its own URL when its
 * conditions match, and the first rule that matches a scan wins. Rules with the same conditions and
 * weights split their scans (a rule without conditions, with a weight, is a variant of the default).
 */
export function DestinationsEditor({ state, set: setState, errors, disabled }: StateEditorProps) {
  const { rules } = state;
  const rows = listRows(rules, (next) => setState({ rules: next }));
  return (
    <>
      <p class="muted small">
        Scans go to the destination URL above unless a rule below matches; the first matching rule wins. For an A/B test, give the destination URL a weight and
        add rules without conditions, each with a weight: each visitor keeps one variant all day.
      </p>
      <TextField
        label="A/B weight of the default destination"
        hint={WEIGHT_HINT}
        inputMode="numeric"
        {...binder(state, setState, errors, '', disabled)('default_weight')}
      />
      {rules.map((rule, i) => {
        const at = `/rules/${i}`;
        const field = binder(rule, (next) => rows.set(i, next), errors, at, disabled);
        return (
          <fieldset key={i} class="repeat-item">
            <legend>Rule {i + 1}</legend>
            <TextField label="Send to" type="url" required {...field('target_url')} />
            <div class="grid-4">
              <SelectField label="Device" {...field('device')} options={DEVICES} />
              <SelectField label="Operating system" {...field('os')} options={OSES} />
              <TextField label="Country" hint="e.g. DE" maxLength={2} {...field('country')} onValue={(v) => rows.set(i, { country: v.toUpperCase() })} />
              <TextField label="Language" hint="e.g. de" maxLength={3} {...field('language')} onValue={(v) => rows.set(i, { language: v.toLowerCase() })} />
            </div>
            <TextField label="Weight" hint={WEIGHT_HINT} inputMode="numeric" {...field('weight')} />
            <GroupError text={errors.at(at)} />
            <Button small onClick={() => rows.remove(i)} disabled={disabled} label={`Remove rule ${i + 1}`} />
          </fieldset>
        );
      })}
      <div class="button-row">
        <Button
          onClick={() => rows.add({ target_url: '', device: '', os: '', country: '', language: '', weight: '' })}
          disabled={disabled || rules.length >= 9}
          label="Add a rule"
        />
      </div>
    </>
  );
}
