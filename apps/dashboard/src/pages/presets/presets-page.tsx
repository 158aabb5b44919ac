import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { presetsApi } from '../../api/endpoints';
import { type DesignPreset } from '../../api/types';
import { formatDate } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog';
import { Button } from '../../ui/button';
import { ListTable } from '../../ui/list-table';
import { Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';

const SHAPES: Record<string, string> = { square: 'square', rounded: 'rounded', dots: 'dots', circle: 'round' };

/** What a preset looks like, in words and two swatches. */
function Summary({ p }: { p: DesignPreset }) {
  const d = p.design;
  const ink = d.gradient ? `linear-gradient(135deg, ${d.gradient.start}, ${d.gradient.end})` : d.foreground;
  return (
    <span class="preset-summary">
      <span class="swatch" style={{ background: ink }} aria-hidden="true" />
      <span class="swatch" style={{ background: d.background }} aria-hidden="true" />
      {SHAPES[d.modules]} modules, {SHAPES[d.eyes.outer]} eyes{d.frame ? `, frame “${d.frame.text}”` : ''}
      {d.logo ? ', a logo' : ''}
    </span>
  );
}

/**
 * Brand presets: named designs codes follow. They are made from a code's design panel ("Save as
 * preset"); a code chooses one there. Edited here (or through the API), a preset changes every code
 * that follows it; a preset that codes follow cannot be deleted.
 */
export function PresetsPage() {
  const me = useMe();
  const { query } = useLocation();
  const presets = useResource((signal) => presetsApi.list(signal), 'presets');
  const [done, setDone] = useState<string | null>(null);
  const deleting = useConfirm(async (preset: DesignPreset) => {
    await presetsApi.remove(preset.id);
    setDone(`Preset “${preset.name}” deleted.`);
    presets.reload();
  });
  const saved = query.saved ? presets.data?.data.find((p) => p.id === query.saved) : undefined;
  return (
    <>
      <PageHeader title="Brand presets" subtitle="Named designs your codes follow: change one, and every code that follows it changes with it." />
      {done ? <Notice kind="success">{done}</Notice> : null}
      {saved && !done ? <Notice kind="success">Preset “{saved.name}” saved. Every code that follows it shows the change.</Notice> : null}
      <ListTable
        error={presets.error}
        caption="Brand presets"
        testId="presets-table"
        rows={presets.data?.data}
        empty={<p class="empty">No presets yet. Design a code, then use “Save as preset” in its design panel.</p>}
        columns={[
          { header: 'Name', class: 'table__primary', cell: (p) => (me.permissions.write ? <a href={`/app/presets/${p.id}`}>{p.name}</a> : p.name) },
          { header: 'Look', cell: (p) => <Summary p={p} /> },
          { header: 'Changed', cell: (p) => formatDate(p.updated_at) },
        ]}
        actions={
          me.permissions.write
            ? (p) => (
                <>
                  <Button small of={p.name} href={`/app/presets/${p.id}`} label="Edit" />
                  <Button kind="danger" small of={p.name} onClick={() => (setDone(null), deleting.ask(p))} label="Delete" />
                </>
              )
            : undefined
        }
      />
      <ConfirmDialog {...deleting.dialog} title={`Delete the preset “${deleting.pending?.name ?? ''}”?`} confirmLabel="Delete preset">
        <p>Codes that follow it must get another look first; the server refuses otherwise.</p>
      </ConfirmDialog>
    </>
  );
}
