import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { presetsApi } from '../../api/presets';
import { type DesignPreset } from '../../api/types';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorNotice, Loading, Notice } from '../../ui/notice';
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
  const [deleting, setDeleting] = useState<DesignPreset | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const removing = useAction();
  const remove = () => {
    if (!deleting) return;
    void removing.run(async () => {
      await presetsApi.remove(deleting.id);
      setDone(`Preset “${deleting.name}” deleted.`);
      setDeleting(null);
      presets.reload();
    });
  };
  const list = presets.data?.data ?? [];
  const saved = query.saved ? list.find((p) => p.id === query.saved) : undefined;
  return (
    <>
      <PageHeader title="Brand presets" subtitle="Named designs your codes follow: change one, and every code that follows it changes with it." />
      {done ? <Notice kind="success">{done}</Notice> : null}
      {saved && !done ? <Notice kind="success">Preset “{saved.name}” saved. Every code that follows it shows the change.</Notice> : null}
      <ErrorNotice error={presets.error} />
      {!deleting ? <ErrorNotice error={removing.error} /> : null}
      {presets.loading && !presets.data ? <Loading /> : null}
      {presets.data && list.length === 0 ? <p class="empty">No presets yet. Design a code, then use “Save as preset” in its design panel.</p> : null}
      {list.length > 0 ? (
        <div class="table-wrap">
          <table class="table" data-testid="presets-table">
            <caption class="visually-hidden">Brand presets</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Look</th>
                <th scope="col">Changed</th>
                {me.permissions.write ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id}>
                  <td class="table__primary">{me.permissions.write ? <a href={`/app/presets/${p.id}`}>{p.name}</a> : p.name}</td>
                  <td>
                    <Summary p={p} />
                  </td>
                  <td>{formatDate(p.updated_at)}</td>
                  {me.permissions.write ? (
                    <td class="table__actions">
                      <a class="button button--small" href={`/app/presets/${p.id}`}>
                        Edit<span class="visually-hidden"> {p.name}</span>
                      </a>
                      <button
                        type="button"
                        class="button button--small button--danger"
                        onClick={() => (setDeleting(p), setDone(null), removing.setError(null))}
                      >
                        Delete<span class="visually-hidden"> {p.name}</span>
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the preset “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete preset"
        danger
        busy={removing.busy}
        onConfirm={remove}
        onCancel={() => (setDeleting(null), removing.setError(null))}
      >
        <p>Codes that follow it must get another look first; the server refuses otherwise.</p>
        <ErrorNotice error={removing.error} />
      </ConfirmDialog>
    </>
  );
}
