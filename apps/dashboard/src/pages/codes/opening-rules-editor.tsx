import { useMemo } from 'preact/hooks';
import { type Weekday } from '../../api/types';
import { timeZones } from '../../lib/zoned-time';
import { CheckboxField, SelectField, TextField } from '../../ui/field';
import { UTM_FIELDS } from '@qr/qr-content/browser';
import { WEEKDAYS } from '@qr/opening-rules/browser';
import { type CodeFormState } from './code-form-state';
import { type FieldErrors } from './field-errors';

const DAY_LABELS: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

type Props = { state: CodeFormState; set: (patch: Partial<CodeFormState>) => void; errors: FieldErrors; disabled?: boolean };

/** When a dynamic code opens: start and end, daily hours and days in its time zone, a scan limit, pause. */
export function OpeningRulesEditor({ state, set, errors, disabled }: Props) {
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), []);
  return (
    <>
      <SelectField
        label="Time zone"
        hint="Start, end and daily hours are in this time zone."
        value={state.timezone}
        onValue={(v) => set({ timezone: v })}
        options={zones}
        error={errors.at('/timezone')}
        disabled={disabled}
      />
      <div class="grid-2">
        <TextField
          label="Opens on"
          type="datetime-local"
          value={state.start_at}
          onValue={(v) => set({ start_at: v })}
          error={errors.at('/start_at')}
          hint="Leave empty to open at once."
          disabled={disabled}
        />
        <TextField
          label="Closes on"
          type="datetime-local"
          value={state.end_at}
          onValue={(v) => set({ end_at: v })}
          error={errors.at('/end_at')}
          hint="Leave empty to stay open."
          disabled={disabled}
        />
      </div>
      <div class="grid-2">
        <TextField
          label="Daily from"
          type="time"
          value={state.daily_start}
          onValue={(v) => set({ daily_start: v })}
          error={errors.at('/daily_start')}
          disabled={disabled}
        />
        <TextField
          label="Daily until"
          type="time"
          value={state.daily_end}
          onValue={(v) => set({ daily_end: v })}
          error={errors.at('/daily_end')}
          hint="A window may cross midnight (22:00 to 02:00)."
          disabled={disabled}
        />
      </div>
      <fieldset>
        <legend>Open on these days</legend>
        <div class="days">
          {WEEKDAYS.map((d) => (
            <CheckboxField
              key={d}
              label={DAY_LABELS[d]}
              checked={state.daily_days.includes(d)}
              onChecked={(on) => set({ daily_days: on ? [...state.daily_days, d] : state.daily_days.filter((x) => x !== d) })}
              disabled={disabled}
            />
          ))}
        </div>
        <p class="muted small">None ticked: every day.</p>
        {errors.under('/daily_days') ? <p class="field__error">{errors.under('/daily_days')}</p> : null}
      </fieldset>
      <div class="grid-2">
        <TextField
          label="Scan limit"
          inputMode="numeric"
          value={state.scan_limit}
          onValue={(v) => set({ scan_limit: v })}
          error={errors.at('/scan_limit')}
          hint="Exactly this many scans open it; empty for no limit."
          disabled={disabled}
        />
        <TextField
          label="Fallback URL"
          type="url"
          value={state.fallback_url}
          onValue={(v) => set({ fallback_url: v })}
          error={errors.at('/fallback_url')}
          hint="Where closed scans go, instead of our closed page."
          disabled={disabled}
        />
      </div>
      <CheckboxField
        label="Paused"
        checked={state.paused}
        onChecked={(v) => set({ paused: v })}
        hint="A paused code answers with its closed page (or the fallback URL) until resumed."
        disabled={disabled}
      />
    </>
  );
}

/** UTM parameters appended to the destination on every redirect. */
export function UtmEditor({ state, set, errors, disabled }: Props) {
  return (
    <div class="grid-3">
      {UTM_FIELDS.map((k) => (
        <TextField
          key={k}
          label={k}
          value={state.utm[k]}
          onValue={(v) => set({ utm: { ...state.utm, [k]: v } })}
          error={errors.at(`/${k}`)}
          disabled={disabled}
        />
      ))}
    </div>
  );
}
