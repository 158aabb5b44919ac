import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { query } from '../../api/client';
import { formatDate, formatNumber, TYPE_LABELS } from '../../lib/format';
import { toggled } from '../../lib/list-rows';
import { readSelection, writeSelection } from '../../lib/selection';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { StateBadge } from '../../ui/badge';
import { namedOptions, SelectField, TextField } from '../../ui/field';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { ImportPanel } from './import-panel';
import { MoveToFolder } from './move-to-folder';
import { useFolders } from '../../api/workspace-lists';
import { codesApi } from '../../api/endpoints';
import { Button } from '../../ui/button';

const PAGE_SIZE = 50;

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];
const TYPE_OPTIONS = [{ value: '', label: 'Any type' }, ...Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))];

/** The filters live in the address (shareable, and Back restores them); the page cursor too. */
const FILTERS = ['q', 'folder_id', 'status', 'type', 'cursor'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const filtersOf = (q: Record<string, string>) => Object.fromEntries(FILTERS.map((k) => [k, q[k] ?? ''])) as Filters;

export function CodesPage() {
  const me = useMe();
  const { query: params, route } = useLocation();
  const filters = filtersOf(params);
  const { cursor, ...shown } = filters;
  const [search, setSearch] = useState(filters.q);
  const [previous, setPrevious] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(readSelection(me.workspace.id)));
  const [importing, setImporting] = useState(false);
  const folders = useFolders();
  const key = JSON.stringify(filters);
  const codes = useResource((signal) => codesApi.list({ limit: PAGE_SIZE, ...filters }, signal), key);

  const go = (next: Partial<Filters>, keepPages = false) => {
    if (!keepPages) setPrevious([]);
    const merged = { ...filters, cursor: '', ...next };
    route(`/app/codes${query({ ...merged })}`);
  };
  // Typing searches after a short pause, not on every key.
  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => go({ q: search }), 300);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => writeSelection(me.workspace.id, selected), [selected]);

  const rows = codes.data?.data ?? [];
  const folderName = new Map((folders.data ?? []).map((f) => [f.id, f.name]));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (on: boolean, ...ids: string[]) => setSelected((s) => new Set(toggled([...s], on, ...ids)));
  const filtered = Object.values(shown).some(Boolean);

  return (
    <>
      <PageHeader
        title="Codes"
        actions={
          <>
            <Button href={codesApi.exportCsvUrl(shown)} download label="Export CSV" />
            {me.permissions.write ? <Button onClick={() => setImporting((v) => !v)} expanded={importing} label="Import CSV" /> : null}
            {me.permissions.write ? <Button kind="primary" href="/app/codes/new" label="New code" /> : null}
          </>
        }
      />
      {importing ? <ImportPanel onClose={() => setImporting(false)} onImported={codes.reload} /> : null}
      <form class="filters" role="search" aria-label="Find codes" onSubmit={(e) => (e.preventDefault(), go({ q: search }))}>
        <TextField label="Search" type="search" value={search} onValue={setSearch} placeholder="Name, client_ref or short code" />
        <SelectField label="Folder" value={filters.folder_id} onValue={(v) => go({ folder_id: v })} options={namedOptions(folders.data ?? [], 'All folders')} />
        <SelectField label="Status" value={filters.status} onValue={(v) => go({ status: v })} options={STATUS_OPTIONS} />
        <SelectField label="Type" value={filters.type} onValue={(v) => go({ type: v })} options={TYPE_OPTIONS} />
      </form>
      <div class="selection-bar" aria-live="polite">
        {selected.size > 0 ? (
          <>
            <span>
              {formatNumber(selected.size)} {selected.size === 1 ? 'code' : 'codes'} selected
            </span>
            <Button kind="primary" small href="/app/print" label="Print sheet of the selection" />
            <Button small onClick={() => setSelected(new Set())} label="Clear selection" />
            {me.permissions.write && folders.data ? <MoveToFolder selected={[...selected]} folders={folders.data} onMoved={codes.reload} /> : null}
          </>
        ) : (
          <span class="muted">Select codes to print them on a sheet or move them to a folder.</span>
        )}
      </div>
      <ListTable
        error={codes.error}
        caption={filtered ? 'Codes, filtered' : 'Codes'}
        testId="codes-table"
        busy={codes.loading}
        rows={codes.data?.data}
        empty={
          <div class="empty">
            {filtered ? (
              <p>No codes match these filters.</p>
            ) : (
              <>
                <p>There are no codes in this workspace yet.</p>
                {me.permissions.write ? <Button kind="primary" href="/app/codes/new" label="Create your first code" /> : null}
              </>
            )}
          </div>
        }
        columns={[
          {
            header: (
              <input
                type="checkbox"
                aria-label="Select every code on this page"
                checked={allOnPage}
                onChange={(e) => toggle((e.currentTarget as HTMLInputElement).checked, ...rows.map((r) => r.id))}
              />
            ),
            class: 'table__check',
            cell: (c) => (
              <input
                type="checkbox"
                aria-label={`Select ${c.name}`}
                checked={selected.has(c.id)}
                onChange={(e) => toggle((e.currentTarget as HTMLInputElement).checked, c.id)}
              />
            ),
          },
          {
            header: 'Code',
            hideHeader: true,
            cell: (c) => <img class="code-thumb" src={c.preview_url.replace(/^https?:\/\/[^/]+/, '')} alt="" loading="lazy" width={44} height={44} />,
          },
          {
            header: 'Name',
            cell: (c) => (
              <>
                <a href={`/app/codes/${c.id}`} class="table__primary">
                  {c.name}
                </a>
                {c.client_ref ? <div class="muted small mono">{c.client_ref}</div> : null}
              </>
            ),
          },
          {
            header: 'Type',
            cell: (c) => (
              <>
                {TYPE_LABELS[c.type]}
                <div class="muted small">{c.category}</div>
              </>
            ),
          },
          { header: 'State', cell: (c) => <StateBadge state={c.state} /> },
          { header: 'Scans', num: true, cell: (c) => (c.category === 'dynamic' ? formatNumber(c.scan_count) : '—') },
          {
            header: 'Short link',
            class: 'mono small',
            cell: (c) => (c.short_url ? c.short_url.replace(/^https?:\/\//, '') : <span class="muted">static</span>),
          },
          { header: 'Folder', cell: (c) => (c.folder_id ? (folderName.get(c.folder_id) ?? '—') : '—') },
          { header: 'Created', cell: (c) => formatDate(c.created_at) },
        ]}
      />
      <nav class="pagination" aria-label="Pages of codes">
        {previous.length > 0 ? (
          <Button onClick={() => (setPrevious(previous.slice(0, -1)), go({ cursor: previous[previous.length - 1] }, true))} label="← Previous page" />
        ) : null}
        {codes.data?.has_more && codes.data.next_cursor ? (
          <Button onClick={() => (setPrevious([...previous, cursor]), go({ cursor: codes.data!.next_cursor! }, true))} label="Next page →" />
        ) : null}
      </nav>
    </>
  );
}
