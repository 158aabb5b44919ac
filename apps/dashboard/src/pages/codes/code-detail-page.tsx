import { useLocation, useRoute } from 'preact-iso';
import { useState } from 'preact/hooks';
import { type QrCode } from '../../api/types';
import { formatDateTime, formatNumber, TYPE_LABELS } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { StateBadge } from '../../ui/badge';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { type Fact, Facts } from '../../ui/facts';
import { SelectField } from '../../ui/field';
import { ErrorNotice, Notice, Pending } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { AnalyticsPanel } from './analytics-panel';
import { Gs1Facts } from './gs1-facts';
import { HistoryPanel } from './history-panel';
import { useFolders } from '../../api/workspace-lists';
import { useAction } from '../../lib/use-action';
import { codesApi } from '../../api/endpoints';
import { Button } from '../../ui/button';

export function CodeDetailPage() {
  const me = useMe();
  const { params } = useRoute();
  const { query, route } = useLocation();
  const code = useResource((signal) => codesApi.get(params.id, signal), params.id);
  const folders = useFolders();
  const deleting = useConfirm(async (id: string) => (await codesApi.remove(id), route('/app/codes?deleted=1')));
  const { busy, error: actionError, run: act } = useAction();

  const c = code.data;
  if (code.error || !c) return <Pending resource={code} title="This code cannot be opened" />;
  const setStatus = (status: 'active' | 'paused') => act(async () => (await codesApi.update(c.id, { status }), code.reload()));
  const folderName = (id: string) => folders.data?.find((f) => f.id === id)?.name ?? null;
  return (
    <>
      <PageHeader
        title={c.name}
        back={{ href: '/app/codes', label: 'Codes' }}
        subtitle={
          <>
            {TYPE_LABELS[c.type] ?? c.type}, {c.category} · <StateBadge state={c.state} />
          </>
        }
        actions={
          me.permissions.write ? (
            <>
              <Button href={`/app/codes/${c.id}/edit`} label="Edit" />
              <Button
                disabled={busy}
                onClick={() => void setStatus(c.status === 'active' ? 'paused' : 'active')}
                label={c.status === 'active' ? 'Pause' : 'Resume'}
              />
              <Button kind="danger" disabled={busy} onClick={() => deleting.ask(c.id)} label="Delete" />
            </>
          ) : null
        }
      />
      {query.created ? (
        <Notice kind="success">
          The code is created{c.type === 'gs1' ? ' and its URI resolves now' : c.category === 'dynamic' ? ' and its short link works now' : ''}.
        </Notice>
      ) : null}
      {query.saved ? <Notice kind="success">Changes saved. The next scan follows them.</Notice> : null}
      <ErrorNotice error={actionError} />
      <nav class="section-tabs" aria-label="Code sections">
        <ul>
          <li>
            <a href={`/app/codes/${c.id}`} aria-current={query.tab !== 'history' ? 'page' : undefined}>
              Overview
            </a>
          </li>
          <li>
            <a href={`/app/codes/${c.id}?tab=history`} aria-current={query.tab === 'history' ? 'page' : undefined}>
              History
            </a>
          </li>
        </ul>
      </nav>
      {query.tab === 'history' ? (
        <HistoryPanel codeId={c.id} folderName={folderName} />
      ) : (
        <div class="split">
          <div>
            <section class="panel" aria-labelledby="link-title">
              <h2 id="link-title">{c.type === 'gs1' ? 'GS1 Digital Link URI' : c.short_url ? 'Short link' : 'Static code'}</h2>
              {c.short_url ? (
                <p class="short-link">
                  <a href={c.short_url} target="_blank" rel="noopener noreferrer" class="mono" data-testid="short-url">
                    {c.short_url}
                  </a>
                  <CopyButton value={c.short_url} label="Copy link" />
                </p>
              ) : (
                <p class="muted">The data is in the pattern itself; scans never reach us, so there are no analytics.</p>
              )}
              {c.type === 'gs1' ? (
                <p class="muted small">
                  Printed in the code: a checkout scanner reads the GTIN and what follows it offline; a phone opens it and our resolver sends it on.
                </p>
              ) : null}
              <Facts
                rows={[
                  [
                    'Scans',
                    `${c.category === 'dynamic' ? formatNumber(c.scan_count) : '—'}${c.scan_limit !== null ? ` of ${formatNumber(c.scan_limit)} allowed` : ''}`,
                  ],
                  !!c.client_ref && ['Client reference', c.client_ref, 'mono'],
                  ['Folder', c.folder_id ? (folderName(c.folder_id) ?? c.folder_id) : 'None'],
                  ...(c.category === 'dynamic' ? openingFacts(c) : []),
                  ['Created', formatDateTime(c.created_at)],
                  ['Updated', formatDateTime(c.updated_at)],
                  ['Id', c.id, 'mono small'],
                ]}
              />
            </section>
            {c.type === 'gs1' ? <Gs1Facts content={c.content as unknown as Record<string, unknown>} /> : null}
            {c.category === 'dynamic' ? <AnalyticsPanel code={c} /> : null}
          </div>
          <Downloads c={c} />
        </div>
      )}
      <ConfirmDialog {...deleting.dialog} title={`Delete ${c.name}?`} confirmLabel="Delete code">
        <p>
          {c.category === 'dynamic'
            ? 'Its short link will answer “gone” (410) from now on, also where it is already printed. Its analytics stay in the event log. This cannot be undone.'
            : 'The printed pattern keeps working (its data is in it), but the code leaves this workspace. This cannot be undone.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function openingFacts(c: QrCode): Array<Fact | false> {
  const rules = c.destinations.slice(1);
  return [
    [
      'Destination',
      <>
        {c.type === 'gs1' ? 'the resolver’s choice among the links below' : (c.destinations[0]?.target_url ?? <span class="muted">hosted page</span>)}
        {rules.length ? ` (+${rules.length} rule${rules.length > 1 ? 's' : ''})` : ''}
      </>,
    ],
    ['Opens', `${c.start_at ? formatDateTime(c.start_at) : 'now'} → ${c.end_at ? formatDateTime(c.end_at) : 'no end'}`],
    !!c.daily_start && ['Daily', `${c.daily_start}–${c.daily_end} ${c.daily_days ? `on ${c.daily_days.join(', ')}` : 'every day'} (${c.timezone})`],
    !!c.fallback_url && ['Fallback', c.fallback_url],
    !!(c.utm_source || c.utm_campaign) && ['UTM', [c.utm_source, c.utm_medium, c.utm_campaign, c.utm_term, c.utm_content].filter(Boolean).join(' · '), 'small'],
  ];
}

/** The preview and the downloads (the image endpoint, with the session: not API calls). */
function Downloads({ c }: { c: QrCode }) {
  const [ecc, setEcc] = useState('M');
  const [size, setSize] = useState('1024');
  const preview = new URL(c.preview_url).pathname;
  const href = (format: string) => codesApi.imageUrl(c.id, { format, ecc, size: format === 'pdf' ? undefined : size });
  return (
    <section class="panel preview" aria-labelledby="downloads-title">
      <img class="preview__image" src={preview} alt={`QR code of ${c.name}`} data-testid="code-preview" />
      <h2 id="downloads-title">Download</h2>
      <div class="grid-2">
        <SelectField
          label="Error correction"
          value={ecc}
          onValue={setEcc}
          options={[
            { value: 'L', label: 'L (7%)' },
            { value: 'M', label: 'M (15%)' },
            { value: 'Q', label: 'Q (25%)' },
            { value: 'H', label: 'H (30%)' },
          ]}
        />
        <SelectField label="Size (px)" value={size} onValue={setSize} options={['256', '512', '1024', '2048', '4096'].map((s) => ({ value: s, label: s }))} />
      </div>
      <div class="button-row">
        {[
          ['svg', 'SVG'],
          ['png', 'PNG'],
          ['pdf', 'PDF (vector)'],
        ].map(([format, label]) => (
          <Button key={format} href={href(format)} download label={label} />
        ))}
      </div>
    </section>
  );
}
