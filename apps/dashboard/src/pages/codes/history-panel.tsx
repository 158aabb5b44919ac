import { codesApi } from '../../api/endpoints';
import { type QrCodeChange } from '../../api/types';
import { actorLabel } from '../../lib/actor-label';
import { formatDateTime } from '../../lib/format';
import { useOlderPages } from '../../lib/use-older-pages';
import { Badge } from '../../ui/badge';
import { Pending } from '../../ui/notice';
import { Button } from '../../ui/button';
import { ListTable } from '../../ui/list-table';

const ACTIONS: Record<QrCodeChange['action'], { label: string; tone: 'neutral' | 'good' | 'warn' | 'bad' }> = {
  created: { label: 'Created', tone: 'good' },
  updated: { label: 'Changed', tone: 'neutral' },
  paused: { label: 'Paused', tone: 'warn' },
  resumed: { label: 'Resumed', tone: 'good' },
  deleted: { label: 'Deleted', tone: 'bad' },
};

const FIELDS: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  content: 'Content',
  destinations: 'Destinations',
  start_at: 'Opens',
  end_at: 'Closes',
  daily_start: 'Daily from',
  daily_end: 'Daily until',
  daily_days: 'Days',
  timezone: 'Time zone',
  scan_limit: 'Scan limit',
  fallback_url: 'Fallback URL',
  folder_id: 'Folder',
  // Named as set, changed or none: history never holds the password.
  password: 'Password',
};

/** Every change to the code, newest first: who, how, when, and each field from → to. */
export function HistoryPanel({ codeId, folderName }: { codeId: string; folderName: (id: string) => string | null }) {
  const { entries, page, more } = useOlderPages<QrCodeChange>((cursor, signal) => codesApi.history(codeId, cursor, signal), codeId);
  return (
    <section class="panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <Pending resource={page} />
      <ol class="history" data-testid="history">
        {entries.map((e) => (
          <li key={e.id} class="history__entry">
            <p class="history__head">
              <Badge tone={ACTIONS[e.action].tone}>{ACTIONS[e.action].label}</Badge> <strong>{formatDateTime(e.occurred_at)}</strong> by{' '}
              <span class="history__who">{actorLabel({ ...e.actor, via: e.via, request_id: e.request_id })}</span>
              {e.request_id ? <span class="muted small mono"> · {e.request_id}</span> : null}
            </p>
            {e.changes.length > 0 && e.action !== 'created' ? (
              <ListTable
                compact
                caption={`Fields changed ${formatDateTime(e.occurred_at)}`}
                rows={e.changes.map((c) => ({ ...c, id: c.field }))}
                columns={[
                  { header: 'Field', rowHeader: true, cell: (c) => FIELDS[c.field] ?? c.field },
                  { header: 'Before', class: 'history__before', cell: (c) => <Value field={c.field} value={c.before} folderName={folderName} /> },
                  { header: 'After', class: 'history__after', cell: (c) => <Value field={c.field} value={c.after} folderName={folderName} /> },
                ]}
              />
            ) : null}
            {e.action === 'created' && e.changes.length > 0 ? (
              <p class="muted small">
                With{' '}
                {e.changes
                  .filter((c) => c.field !== 'status')
                  .map((c) => FIELDS[c.field] ?? c.field)
                  .join(', ')}
                .
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {page.data && entries.length === 0 ? <p class="muted">No changes recorded.</p> : null}
      {page.data?.has_more ? <Button disabled={page.loading} onClick={more} label={page.loading ? 'Loading…' : 'Show older changes'} /> : null}
    </section>
  );
}

/** A field's value as a person reads it: URLs of destinations, folder names, or the JSON itself. */
function Value({ field, value, folderName }: { field: string; value: unknown; folderName: (id: string) => string | null }) {
  if (value === null || value === undefined || value === '') return <span class="muted">none</span>;
  if (field === 'folder_id' && typeof value === 'string') return <>{folderName(value) ?? value}</>;
  if (field === 'destinations' && Array.isArray(value)) {
    return (
      <ul class="plain-list">
        {value.map((d, i) => (
          <li key={i} class="mono small">
            {(d as { target_url?: string }).target_url ?? JSON.stringify(d)}
            {hasConditions(d) ? <span class="muted"> (with conditions)</span> : null}
          </li>
        ))}
      </ul>
    );
  }
  if (field === 'start_at' || field === 'end_at') return <>{formatDateTime(String(value))}</>;
  if (typeof value === 'string' || typeof value === 'number') return <span class="history__value">{String(value)}</span>;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return <>{value.join(', ')}</>;
  if (typeof value === 'object' && !Array.isArray(value)) {
    return (
      <ul class="plain-list">
        {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
          <li key={k} class="small">
            <span class="muted">{k}:</span> <span class="history__value">{typeof v === 'string' ? v : JSON.stringify(v)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return <code class="history__json">{JSON.stringify(value)}</code>;
}

function hasConditions(d: unknown): boolean {
  const conditions = (d as { conditions?: unknown }).conditions;
  return !!conditions && typeof conditions === 'object' && Object.keys(conditions).length > 0;
}
