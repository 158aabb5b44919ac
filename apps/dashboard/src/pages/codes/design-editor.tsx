import {
  contrastRatio,
  EYE_SHAPES,
  MAX_FRAME_TEXT,
  MIN_FRAME_TEXT_CONTRAST,
  MIN_SYMBOL_CONTRAST,
  MODULE_SHAPES,
  normalizeHexColor,
} from '@qr/qr-design/browser';
import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../../lib/use-action';
import { logosApi, presetsApi } from '../../api/endpoints';
import { ProblemError } from '../../api/problem';
import { type Logo } from '../../api/types';
import { useResource } from '../../lib/use-resource';
import { binder, CheckboxField, ColorField, FileField, GroupError, namedOptions, SelectField, TextField } from '../../ui/field';
import { designBody, type DesignForm } from './design-form';
import { type FieldErrors } from './field-errors';
import { LogoCropper } from './logo-cropper';
import { Button } from '../../ui/button';

const SHAPE_LABELS: Record<string, string> = { square: 'Square', rounded: 'Rounded', dots: 'Dots', circle: 'Circle' };

/** "Contrast 12.6:1 with the background (at least 4:1)", or nothing while a colour is not a colour yet. */
function ContrastNote({ ink, paper, min, against }: { ink: string; paper: string; min: number; against: string }) {
  const [a, b] = [normalizeHexColor(ink), normalizeHexColor(paper)];
  if (!a || !b) return null;
  const ratio = contrastRatio(a, b);
  const ok = ratio >= min;
  return (
    <span class={ok ? 'contrast contrast--ok' : 'contrast contrast--low'} data-testid="contrast">
      Contrast {ratio.toFixed(1)}:1 with {against} ({ok ? 'enough' : 'too low'}: at least {min}:1)
    </span>
  );
}

export interface PresetChoice {
  presetId: string;
  presetDesign: Record<string, unknown> | null;
  /** A preset chosen (its design, to start the fields from), or '' for none. */
  onPreset: (id: string, design: Record<string, unknown> | null, startFromIt: boolean) => void;
}

/**
 * The design panel: colours with their contrast, shapes, quiet zone, a logo and a frame, and (for a
 * code) the brand preset it follows. The server checks every change as the preview draws it (the
 * same check as saving), so a problem shows at its field before anything is saved.
 */
export function DesignEditor({
  form,
  onForm,
  errors,
  preset,
  noLogo,
}: {
  form: DesignForm;
  onForm: (next: DesignForm) => void;
  errors: FieldErrors;
  /** Why this code takes no logo (a gs1 code): said instead of the logo picker. */
  noLogo?: string;
  /** Absent where a preset itself is edited. */
  preset?: PresetChoice;
}) {
  const set = (patch: Partial<DesignForm>) => onForm({ ...form, ...patch });
  const field = binder(form, set, errors, '/design');
  const shapes = (list: readonly string[]) => list.map((value) => ({ value, label: SHAPE_LABELS[value] }));
  // An ink on the background, with its contrast read with the field.
  const ink = (label: string, key: 'foreground' | 'gradient_start' | 'gradient_end' | 'eye_color', pointer: string) => (
    <ColorField
      label={label}
      {...field(key, pointer)}
      note={<ContrastNote ink={form[key]} paper={form.background} min={MIN_SYMBOL_CONTRAST} against="the background" />}
    />
  );
  return (
    <>
      {/* A problem of the design as a whole (it would not scan) rather than of one field. */}
      {errors.at('/design') ? (
        <p class="notice notice--error small" role="alert" data-testid="design-problem">
          {errors.at('/design')}
        </p>
      ) : null}
      {preset ? <PresetPicker form={form} preset={preset} errors={errors} /> : null}
      <div class="grid-2">
        {form.gradient ? (
          <SelectField
            label="Gradient"
            {...field('gradient_type', 'gradient/type')}
            options={[
              { value: 'linear', label: 'Linear' },
              { value: 'radial', label: 'Radial (from the centre)' },
            ]}
          />
        ) : (
          ink('Foreground', 'foreground', 'foreground')
        )}
        <ColorField label="Background" {...field('background')} />
      </div>
      <CheckboxField label="Gradient instead of one colour" {...field.check('gradient')} />
      {form.gradient ? (
        <div class="grid-3">
          {ink('Gradient start', 'gradient_start', 'gradient/start')}
          {ink('Gradient end', 'gradient_end', 'gradient/end')}
          {form.gradient_type === 'linear' ? (
            <TextField
              label="Angle (degrees)"
              type="number"
              min={0}
              max={359}
              {...field('gradient_rotation', 'gradient/rotation')}
              hint="0 runs left to right, 90 top to bottom."
            />
          ) : null}
        </div>
      ) : null}
      <div class="grid-3">
        <SelectField label="Module shape" {...field('modules')} options={shapes(MODULE_SHAPES)} />
        <SelectField label="Eye frame" {...field('eye_outer', 'eyes/outer')} options={shapes(EYE_SHAPES)} />
        <SelectField label="Eye centre" {...field('eye_inner', 'eyes/inner')} options={shapes(EYE_SHAPES)} />
      </div>
      <div class="grid-2">
        <div>
          <CheckboxField label="Eyes in a colour of their own" {...field.check('eye_color_on')} />
          {form.eye_color_on ? ink('Eye colour', 'eye_color', 'eyes/color') : null}
        </div>
        <TextField label="Quiet zone (modules)" type="number" min={2} max={16} {...field('margin')} hint="The blank border scanners need: 4 is the standard." />
      </div>
      {noLogo ? (
        <div class="field">
          <p class="field__hint" data-testid="no-logo">
            {noLogo}
          </p>
          {/* A brand preset with a logo is refused here too. */}
          <GroupError text={errors.under('/design/logo')} />
        </div>
      ) : (
        <LogoPicker form={form} set={set} errors={errors} />
      )}
      <CheckboxField label="Frame with a call to action" {...field.check('frame')} />
      {form.frame ? (
        <>
          <div class="grid-2">
            <TextField
              label="Frame text"
              {...field('frame_text', 'frame/text')}
              maxLength={MAX_FRAME_TEXT * 4}
              hint={`Up to ${MAX_FRAME_TEXT} characters, e.g. “Scan me” or “See the menu”.`}
            />
            <SelectField
              label="Frame text goes"
              {...field('frame_position', 'frame/position')}
              options={[
                { value: 'below', label: 'Below the code' },
                { value: 'above', label: 'Above the code' },
              ]}
            />
          </div>
          <div class="grid-2">
            <ColorField label="Frame colour" {...field('frame_color', 'frame/color')} />
            <ColorField
              label="Frame text colour"
              {...field('frame_text_color', 'frame/text_color')}
              note={<ContrastNote ink={form.frame_text_color} paper={form.frame_color} min={MIN_FRAME_TEXT_CONTRAST} against="the frame" />}
            />
          </div>
        </>
      ) : null}
    </>
  );
}

/**
 * A logo of the workspace, or a new one uploaded here (the server re-encodes it and answers what it
 * stored, which is what the preview shows); its size and the patch of background behind it.
 */
function LogoPicker({ form, set, errors }: { form: DesignForm; set: (patch: Partial<DesignForm>) => void; errors: FieldErrors }) {
  const logos = useResource((signal) => logosApi.list(signal), 'logos');
  const [uploaded, setUploaded] = useState<Logo[]>([]);
  const { busy: uploading, error, setError, run } = useAction();
  const field = binder(form, set, errors, '/design');
  const uploadError = error ? problemText(error, 'The upload failed; try again.') : null;
  // A picture chosen and shown in the cropper, not uploaded yet; each choice a cropper of its own.
  const [chosen, setChosen] = useState<{ file: File; n: number } | null>(null);
  const all = [...uploaded, ...(logos.data?.data ?? []).filter((l) => !uploaded.some((u) => u.id === l.id))];
  const choose = (file: File | null, input: HTMLInputElement) => {
    input.value = '';
    if (!file) return;
    setError(null);
    setChosen((last) => ({ file, n: (last?.n ?? 0) + 1 }));
  };
  const upload = (file: File) =>
    run(async () => {
      const logo = await logosApi.upload(file);
      setUploaded((list) => [logo, ...list]);
      set({ logo_id: logo.id });
      setChosen(null);
    });
  return (
    <>
      <div class="grid-2">
        <SelectField
          label="Logo"
          {...field('logo_id', 'logo/id')}
          options={namedOptions(all, 'No logo')}
          error={errors.at('/design/logo/id') ?? errors.at('/design/logo')}
          hint={form.logo_id ? 'With a logo the code is encoded at error correction H.' : undefined}
        />
        <FileField
          label="Upload a logo"
          accept="image/png,image/jpeg,image/svg+xml"
          disabled={uploading}
          onFile={choose}
          error={uploadError ?? undefined}
          hint={
            uploadError
              ? undefined
              : uploading
                ? 'Uploading…'
                : 'PNG, JPEG or SVG, at most 1 MB: kept whole or cropped to a square, then stored as a PNG we draw from it.'
          }
        />
      </div>
      {chosen ? (
        <LogoCropper
          key={chosen.n}
          file={chosen.file}
          busy={uploading}
          onUpload={(file) => void upload(file)}
          onCancel={() => (setChosen(null), setError(null))}
        />
      ) : null}
      {form.logo_id ? (
        <div class="grid-3 logo-row">
          <img class="logo-preview" src={logosApi.imageUrl(form.logo_id)} alt="The logo as stored" data-testid="logo-preview" />
          <TextField
            label="Logo size (% of the code)"
            type="number"
            min={5}
            max={30}
            {...field('logo_size', 'logo/size')}
            hint="5 to 30. Bigger logos hide more of the code."
          />
          <CheckboxField label="Clear a patch of background behind the logo" {...field.check('logo_background')} error={errors.at('/design/logo/background')} />
        </div>
      ) : null}
    </>
  );
}

/**
 * A brand preset to follow (its design fills the fields; what is changed from it stays this code's
 * own), or "Save as preset" to name the design as it is for other codes.
 */
function PresetPicker({ form, preset, errors }: { form: DesignForm; preset: PresetChoice; errors: FieldErrors }) {
  const presets = useResource((signal) => presetsApi.list(signal), 'presets');
  const [created, setCreated] = useState<Array<{ id: string; name: string; design: Record<string, unknown> }>>([]);
  const [name, setName] = useState('');
  const { busy: saving, error, run } = useAction();
  const all = [...created, ...(presets.data?.data ?? []).filter((p) => !created.some((c) => c.id === p.id))];
  // An edited code that follows a preset: once the presets are here, remember its design (the fields already show the code's look).
  useEffect(() => {
    if (!preset.presetId || preset.presetDesign) return;
    const found = all.find((p) => p.id === preset.presetId);
    if (found) preset.onPreset(found.id, found.design as Record<string, unknown>, false);
  }, [presets.data, preset.presetId]);
  const save = () =>
    run(async () => {
      const saved = await presetsApi.create(name.trim(), designBody(form));
      setCreated((list) => [saved, ...list]);
      preset.onPreset(saved.id, saved.design as Record<string, unknown>, false);
      setName('');
    });
  return (
    <div class="grid-2">
      <SelectField
        label="Brand preset"
        value={preset.presetId}
        onValue={(id) => {
          const chosen = all.find((p) => p.id === id);
          preset.onPreset(id, chosen ? (chosen.design as Record<string, unknown>) : null, true);
        }}
        options={namedOptions(all, 'No preset: this code’s own design')}
        error={errors.at('/design_preset_id')}
        hint={preset.presetId ? 'The fields start from the preset; what you change stays this code’s own. A change to the preset shows here too.' : undefined}
      />
      <div class="field-row">
        <TextField
          label="Save this design as a preset"
          value={name}
          onValue={setName}
          maxLength={100}
          error={error ? problemText(error, 'The preset could not be saved; try again.') : undefined}
          placeholder="Preset name"
        />
        <Button disabled={saving || !name.trim()} onClick={() => void save()} label={saving ? 'Saving…' : 'Save as preset'} />
      </div>
    </div>
  );
}

/** A refused upload's or save's first problem, in the server's words; `otherwise` for a failure without them. */
function problemText(error: unknown, otherwise: string): string {
  return error instanceof ProblemError ? (error.errors[0]?.detail ?? error.detail) : otherwise;
}
