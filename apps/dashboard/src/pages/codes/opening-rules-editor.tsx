import { type Weekday } from '../../api/types';
import { toggled } from '../../lib/list-rows';
import { timeZoneOptions } from '../../lib/zoned-time';
import { binder, CheckboxField, GroupError, SelectField, TextField } from '../../ui/field';
import { UTM_FIELDS } from '@qr/qr-content/browser';
import { WEEKDAYS } from '@qr/opening-rules/browser';
import { type CodeFormState } from './code-form-state';
import { type FieldErrors } from './field-errors';

const DAY_LABELS: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** What an editor of some of the code form's own fields gets: the state, its setter, the server's problems, the lock. */
export type StateEditorProps = { state: CodeFormState; set: (patch: Partial<CodeFormState>) => void; errors: FieldErrors; disabled?: boolean };

/** When a dynamic code opens: start and end, daily hours and days in its time zone, a scan limit, pause. */
export function OpeningRulesEditor({ state, set, errors, disabled }: StateEditorProps) {
  const field = binder(state, set, errors, '', disabled);
  return (
    <>
      <SelectField label="Time zone" hint="Start, end and daily hours are in this time zone." {...field('timezone')} options={timeZoneOptions()} />
      <div class="grid-2">
        <TextField label="Opens on" type="datetime-local" {...field('start_at')} hint="Leave empty to open at once." />
        <TextField label="Closes on" type="datetime-local" {...field('end_at')} hint="Leave empty to stay open." />
      </div>
      <div class="grid-2">
        <TextField label="Daily from" type="time" {...field('daily_start')} />
        <TextField label="Daily until" type="time" {...field('daily_end')} hint="A window may cross midnight (22:00 to 02:00)." />
      </div>
      <fieldset>
        <legend>Open on these days</legend>
        <div class="days">
          {WEEKDAYS.map((d) => (
            <CheckboxField
              key={d}
              label={DAY_LABELS[d]}
              checked={state.daily_days.includes(d)}
              onChecked={(on) => set({ daily_days: toggled(state.daily_days, on, d) })}
              disabled={disabled}
            />
          ))}
        </div>
        <p class="muted small">None ticked: every day.</p>
        <GroupError text={errors.under('/daily_days')} />
      </fieldset>
      <div class="grid-2">
        <TextField label="Scan limit" inputMode="numeric" {...field('scan_limit')} hint="Exactly this many scans open it; empty for no limit." />
        <TextField label="Fallback URL" type="url" {...field('fallback_url')} hint="Where closed scans go, instead of our closed page." />
      </div>
      <CheckboxField label="Paused" {...field.check('paused')} hint="A paused code answers with its closed page (or the fallback URL) until resumed." />
    </>
  );
}

/** UTM parameters appended to the destination on every redirect. */
export function UtmEditor({ state, set, errors, disabled }: StateEditorProps) {
  const field = binder(state.utm, (utm) => set({ utm }), errors, '', disabled);
  return (
    <div class="grid-3">
      {UTM_FIELDS.map((k) => (
        <TextField key={k} label={k} {...field(k)} />
      ))}
    </div>
  );
}
