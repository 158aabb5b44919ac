import { useState } from 'preact/hooks';
import { LINK_SOURCES, linkImportsApi } from '../../api/endpoints';
import { type LinkImportRecord, type LinkImportReport } from '../../api/types';
import { useDomains } from '../../api/workspace-lists';
import { formatNumber } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useMe } from '../../session';
import { Badge } from '../../ui/badge';
import { binder, FileField, SelectField, SubmitButton } from '../../ui/field';
import { ListTable } from '../../ui/list-table';
import { ErrorNotice, Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { Button } from '../../ui/button';

/** Rows the page lists; the counts above always cover the whole file. */
const SHOWN = 500;

const OUTCOME: Record<LinkImportRecord['outcome'], { label: string; tone: 'good' | 'neutral' | 'bad' }> = {
  create: { label: 'will be created', tone: 'good' },
  exists: { label: 'already exists', tone: 'neutral' },
  refused: { label: 'cannot be imported', tone: 'bad' },
};

/**
 * Links from another shortener (docs/design/switching.md): pick the product and, for exports that name
 * no domain, a verified custom domain; upload the export; read the dry run (what will be created, what
 * exists already at the same domain and path, what cannot be imported and why); then confirm. The server
 * runs the admin CLI's import: the same plan, plan limits and idempotency (importing again creates nothing).
 */
export function LinkImportPage() {
  const me = useMe();
  const domains = useDomains();
  const [choice, setChoice] = useState<{ format: string; domain: string; file: File | null }>({ format: 'bitly', domain: '', file: null });
  const [preview, setPreview] = useState<LinkImportReport | null>(null);
  const [result, setResult] = useState<LinkImportReport | null>(null);
  const { busy, running, error, run, submit } = useAction();
  // Another product, domain or file: the preview and the import shown were of something else.
  const change = (next: typeof choice) => {
    setChoice(next);
    setPreview(null);
    setResult(null);
  };
  const field = binder(choice, change);
  const { file } = choice;
  const options = { format: choice.format, domain: choice.domain || null };
  const verified = (domains.data ?? []).filter((d) => d.status === 'verified');
  const check = submit(async () => {
    if (!file) return;
    change(choice);
    setPreview(await linkImportsApi.preview(options, file));
  }, 'preview');
  const confirm = () =>
    void run(async () => {
      setResult(await linkImportsApi.run(options, file!));
    }, 'import');
  const shown = result ?? preview;
  return (
    <>
      <PageHeader
        title="Import links"
        subtitle="Bring your printed short links from Bitly, Shlink, Kutt, YOURLS or Dub: each keeps its domain and its path."
        back={{ href: '/app/codes', label: 'Codes' }}
      />
      {!me.permissions.write ? (
        <Notice kind="info">
          <p>Your role in this workspace is viewer: an editor or an owner imports links.</p>
        </Notice>
      ) : (
        <form class="panel" onSubmit={check} aria-labelledby="link-import-choose">
          <h2 id="link-import-choose">1. Choose the export</h2>
          <div class="controls">
            <SelectField label="Exported from" {...field('format')} options={LINK_SOURCES} />
            <SelectField
              label="Domain for links without one"
              {...field('domain')}
              options={[{ value: '', label: 'None' }, ...verified.map((d) => ({ value: d.hostname, label: d.hostname }))]}
              hint="YOURLS exports, and Shlink’s and Kutt’s default domain, name no domain. Links go on verified custom domains only."
            />
            <FileField label="Export file" accept=".csv,.json,.txt,text/csv,application/json,text/plain" onFile={(file) => change({ ...choice, file })} />
            <SubmitButton field disabled={!file || busy} label={running === 'preview' ? 'Checking…' : 'Preview'} />
          </div>
          <p class="muted small">
            The preview writes nothing. Click counts and creation dates stay with the old product. Importing the same file again creates only links that are not
            there yet.
          </p>
        </form>
      )}
      <ErrorNotice error={error} />
      {shown ? <Report report={shown} /> : null}
      {preview && !result ? (
        <div class="panel">
          <h2>3. Confirm</h2>
          {preview.file_problems.length ? (
            <p>Nothing can be imported until the file’s problems above are solved.</p>
          ) : preview.counts.create === 0 ? (
            <p>There is nothing to create: every link is already here or cannot be imported.</p>
          ) : (
            <Button
              kind="primary"
              onClick={confirm}
              disabled={busy}
              label={running === 'import' ? 'Importing…' : `Import ${formatNumber(preview.counts.create)} link${preview.counts.create === 1 ? '' : 's'}`}
            />
          )}
        </div>
      ) : null}
    </>
  );
}

function Report({ report }: { report: LinkImportReport }) {
  const { counts } = report;
  return (
    <section class="panel" aria-labelledby="link-import-report">
      <h2 id="link-import-report">{report.written ? 'Imported' : '2. Preview'}</h2>
      {report.written ? (
        <Notice kind="success" title="Import finished">
          <p data-testid="link-import-result">
            {formatNumber(report.created)} created, {formatNumber(counts.exists + report.existing)} already there, {formatNumber(counts.refused)} not imported.
          </p>
        </Notice>
      ) : null}
      <p data-testid="link-import-counts">
        {formatNumber(counts.create)} will be created · {formatNumber(counts.exists)} already exist · {formatNumber(counts.refused)} cannot be imported
        {report.allowance.remaining === null ? '' : ` · ${formatNumber(report.allowance.remaining)} dynamic codes left on your plan`}
      </p>
      {report.file_problems.length ? (
        <Notice kind="error" title="The file cannot be imported">
          <ul>
            {report.file_problems.map((p) => (
              <li key={p.code}>{p.detail}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <ListTable
        caption="Each link of the file and what the import does with it"
        rows={report.records.slice(0, SHOWN).map((r) => ({ ...r, id: String(r.record) }))}
        testId="link-import-records"
        columns={[
          { header: 'Line', num: true, cell: (r) => r.line ?? r.record },
          { header: 'Outcome', cell: (r) => <Badge tone={OUTCOME[r.outcome].tone}>{OUTCOME[r.outcome].label}</Badge> },
          { header: 'Short link', class: 'mono', cell: (r) => (r.path === null ? '—' : `${r.domain ?? '(no domain)'}/${r.path}`) },
          { header: 'Destination', class: 'mono', cell: (r) => r.destination ?? '—' },
          { header: 'Notes', cell: (r) => <Notes record={r} /> },
        ]}
      />
      {report.records.length > SHOWN ? <p class="muted small">…and {formatNumber(report.records.length - SHOWN)} more rows, counted above.</p> : null}
    </section>
  );
}

/** Why a link cannot be imported, then what the import leaves behind (other tags, a password it cannot carry). */
function Notes({ record: r }: { record: LinkImportRecord }) {
  if (!r.reasons.length && !r.warnings.length) return <>—</>;
  return (
    <ul class="plain-list">
      {r.reasons.map((n, i) => (
        <li key={`r${i}`}>{n.detail}</li>
      ))}
      {r.warnings.map((n, i) => (
        <li key={`w${i}`} class="muted">
          {n.detail}
        </li>
      ))}
    </ul>
  );
}
