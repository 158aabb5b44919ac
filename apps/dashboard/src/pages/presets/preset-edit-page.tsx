import { type Design } from '@qr/qr-design/browser';
import { useLocation, useRoute } from 'preact-iso';
import { useMemo, useState } from 'preact/hooks';
import { presetsApi } from '../../api/endpoints';
import { type DesignPreset } from '../../api/types';
import { useAction } from '../../lib/use-action';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Pending } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { DesignEditor } from '../codes/design-editor';
import { designBody, designForm } from '../codes/design-form';
import { FieldErrors } from '../codes/field-errors';
import { LivePreview } from '../codes/live-preview';
import { Button } from '../../ui/button';

/**
 * The code a preset is previewed on: a dynamic link, the kind a new preset is checked against. On
 * saving, the server checks the changed preset on every kind of code that follows it as well.
 */
const SAMPLE_CODE = { category: 'dynamic', type: 'website', content: { url: 'https://example.com/' } };

/** A brand preset's name and design, edited with the same design panel and live check as a code's. */
export function PresetEditPage() {
  const { params } = useRoute();
  const preset = useResource((signal) => presetsApi.get(params.id, signal), params.id);
  const p = preset.data;
  if (preset.error || !p) return <Pending resource={preset} title="This preset cannot be opened" />;
  return <PresetEditor key={p.id} p={p} />;
}

function PresetEditor({ p }: { p: DesignPreset }) {
  const me = useMe();
  const { route } = useLocation();
  const [name, setName] = useState(p.name);
  const [form, setForm] = useState(() => designForm(p.design as unknown as Design));
  const [previewError, setPreviewError] = useState<unknown>(null);
  const { busy, error, setError, submit } = useAction();
  const previewBody = useMemo(() => ({ ...SAMPLE_CODE, design: designBody(form) }), [form]);
  const save = submit(async () => {
    await presetsApi.update(p.id, { ...(name !== p.name ? { name } : {}), design: designBody(form) });
    route(`/app/presets?saved=${encodeURIComponent(p.id)}`);
  });
  const errors = new FieldErrors(error ?? previewError);
  return (
    <>
      <PageHeader title={`Edit preset ${p.name}`} back={{ href: '/app/presets', label: 'Brand presets' }} />
      <ErrorNotice error={error} />
      <div class="split">
        <form onSubmit={save} noValidate aria-label={`Edit preset ${p.name}`}>
          <fieldset>
            <legend>Preset</legend>
            <TextField label="Preset name" value={name} onValue={(v) => (setName(v), setError(null))} maxLength={100} error={errors.at('/name')} required />
            <p class="muted small">Saving changes every code that follows this preset; the server first checks that each of them still scans.</p>
          </fieldset>
          <fieldset>
            <legend>Design</legend>
            {/* A change answers the last save's problems: from then on the live preview's rule. */}
            <DesignEditor form={form} onForm={(next) => (setForm(next), setError(null))} errors={errors} />
          </fieldset>
          <div class="button-row">
            <SubmitButton disabled={busy || !me.permissions.write} label={busy ? 'Saving…' : 'Save preset'} />
            <Button href="/app/presets" label="Cancel" />
          </div>
        </form>
        <LivePreview body={previewBody} onProblem={setPreviewError} title="Preview on a dynamic link" />
      </div>
    </>
  );
}
