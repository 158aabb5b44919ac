import { useState } from 'preact/hooks';
import { useAction } from '../../lib/use-action';
import { formatNumber } from '../../lib/format';
import { ListTable } from '../../ui/list-table';
import { ErrorNotice, Notice } from '../../ui/notice';
import { codesApi } from '../../api/endpoints';
import { FileField, SubmitButton } from '../../ui/field';
import { Button } from '../../ui/button';

interface RowError {
  line: number;
  column: string | null;
  /** The field within the row's request, when deeper than its column (which link of `links`). */
  pointer?: string;
  code: string;
  detail: string;
}

interface Report {
  rows: number;
  created: number;
  existing: number;
  failed: number;
  errors: RowError[];
}

const EXAMPLE = 'client_ref,name,type,url,folder\nsku-1001,Box 1001,website,https://example.com/p/1001,Spring 2026';

/**
 * Import codes from a CSV file. Each row is a create request for the bulk use case: the same
 * validation, client_ref idempotency (a second import of the same file creates only what is missing)
 * and the plan's dynamic allowance. Progress streams in as batches of 50 finish.
 */
export function ImportPanel({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const { error, setError, submit } = useAction();
  const start = submit(async () => {
    if (!file) return;
    setReport(null);
    setProgress({ done: 0, total: 0 });
    try {
      const res = await codesApi.importCsv(await file.text());
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines.filter(Boolean)) {
          const message = JSON.parse(line) as { type: string; done?: number; total?: number; detail?: string } & Report;
          if (message.type === 'progress') setProgress({ done: message.done!, total: message.total! });
          if (message.type === 'result') setReport(message);
          if (message.type === 'error') setError(new Error(message.detail));
        }
      }
      onImported();
    } finally {
      setProgress(null);
    }
  });
  return (
    <section class="panel" aria-labelledby="import-title">
      <div class="page-header__row">
        <h2 id="import-title">Import codes from CSV</h2>
        <Button small onClick={onClose} label="Close" />
      </div>
      <p class="muted small">
        One code per row, with a header row. <code>client_ref</code> is required on every row: importing the same file again creates only the rows that are
        missing, and an import never changes a code that exists already (edit those one by one, or through the API). Other columns: <code>name</code>,{' '}
        <code>type</code> (default website), <code>category</code>, <code>url</code>, <code>folder</code> (a folder’s name), <code>status</code>,{' '}
        <code>scan_limit</code>, <code>start_at</code>, <code>end_at</code>, <code>timezone</code>, <code>fallback_url</code>, the <code>utm_*</code> fields,
        the content fields of each type (<code>text</code>, <code>ssid</code>, <code>number</code>…), or <code>content</code> as JSON. A <code>gs1</code> row
        (one per product, lot or serial) takes <code>gtin</code>, <code>cpv</code>, <code>lot</code>, <code>serial</code>, <code>data</code> (as the URI’s
        query: <code>17=270101</code>), and one default link in <code>link_href</code>, <code>link_title</code>, <code>link_type</code> (default{' '}
        <code>gs1:pip</code>) and <code>link_hreflang</code>, or every link as JSON in <code>links</code>. An export of this page can be imported as it is (into
        another workspace, say); its codes without a <code>client_ref</code> are reported as rows to fix, and its read-only columns (id, short link, scans,
        dates) are ignored.
      </p>
      <pre class="code-block">{EXAMPLE}</pre>
      <form onSubmit={start}>
        <div class="controls">
          <FileField label="CSV file" accept=".csv,text/csv" onFile={setFile} />
          <SubmitButton field disabled={!file || progress !== null} label={progress ? 'Importing…' : 'Import'} />
        </div>
      </form>
      {progress ? (
        <div role="status" aria-live="polite">
          <label for="import-progress">
            {progress.total ? `${formatNumber(progress.done)} of ${formatNumber(progress.total)} rows done` : 'Reading the file…'}
          </label>
          <progress id="import-progress" max={progress.total || 1} value={progress.total ? progress.done : undefined} />
        </div>
      ) : null}
      <ErrorNotice error={error} />
      {report ? (
        <Notice kind={report.failed ? 'warning' : 'success'} title="Import finished">
          <p data-testid="import-summary">
            {formatNumber(report.rows)} rows: {formatNumber(report.created)} created, {formatNumber(report.existing)} already there,{' '}
            {formatNumber(report.failed)} not imported.
          </p>
          {report.errors.length ? (
            <ListTable
              caption="Rows not imported"
              rows={report.errors.slice(0, 200).map((e, i) => ({ ...e, id: String(i) }))}
              columns={[
                { header: 'Line', num: true, cell: (e) => e.line },
                {
                  header: 'Column',
                  class: 'mono',
                  cell: (e) => (
                    <>
                      {e.column ?? '—'}
                      {e.pointer && e.pointer !== `/content/${e.column}` && e.pointer !== `/${e.column}` ? <div class="small muted">{e.pointer}</div> : null}
                    </>
                  ),
                },
                { header: 'Problem', cell: (e) => e.detail },
              ]}
            />
          ) : null}
          {report.errors.length > 200 ? <p>…and {report.errors.length - 200} more.</p> : null}
        </Notice>
      ) : null}
    </section>
  );
}
