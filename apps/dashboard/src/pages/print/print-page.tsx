import { useMemo, useState } from 'preact/hooks';
import { useAction } from '../../lib/use-action';
import { filenameOf, saveBlob } from '../../lib/download';
import { formatNumber } from '../../lib/format';
import { readSelection } from '../../lib/selection';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { binder, CheckboxField, GroupError, namedOptions, SelectField, SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Loading, Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { useFolders } from '../../api/workspace-lists';
import { printSheetsApi } from '../../api/endpoints';

/** Print sheets: codes from the selection or a folder, on label sheets or a custom grid, as one vector PDF. */
export function PrintPage() {
  const me = useMe();
  const selection = useMemo(() => readSelection(me.workspace.id), []);
  const folders = useFolders();
  const presets = useResource((signal) => printSheetsApi.presets(signal), 'presets');
  // Named as the request names them, so that the server's problems land at their fields.
  const [sheet, setSheet] = useState({ source: selection.length ? 'selection' : 'folder', folder_id: '', preset: 'a4-3x7', label: 'name', crop_marks: false });
  const [pageSize, setPageSize] = useState('A4');
  const [custom, setCustom] = useState({ columns: '3', rows: '8', top: '10', right: '10', bottom: '10', left: '10', gx: '5', gy: '5' });
  // The sheet's size comes from the server's headers (X-Sheet-Pages, X-Sheet-Codes) before its first byte.
  const [progress, setProgress] = useState<{ pages: number; codes: number; bytes: number } | null>(null);
  const [done, setDone] = useState<{ url: string; filename: string; codes: number; pages: number } | null>(null);
  const { error, problem, submit } = useAction();

  const forSize = (presets.data?.data ?? []).filter((p) => p.page_size === pageSize);
  const changeSize = (size: string) => {
    setPageSize(size);
    const first = (presets.data?.data ?? []).find((p) => p.page_size === size);
    if (sheet.preset !== 'custom' && first) setSheet({ ...sheet, preset: first.id });
  };
  const body = () => {
    const { source, folder_id, preset, label, crop_marks } = sheet;
    const layout =
      preset === 'custom'
        ? {
            page_size: pageSize,
            columns: Number(custom.columns),
            rows: Number(custom.rows),
            margin_mm: { top: Number(custom.top), right: Number(custom.right), bottom: Number(custom.bottom), left: Number(custom.left) },
            gutter_mm: { x: Number(custom.gx), y: Number(custom.gy) },
          }
        : { preset };
    return { ...(source === 'selection' ? { code_ids: selection } : { folder_id }), ...layout, label, crop_marks };
  };

  const create = submit(async () => {
    setDone(null);
    try {
      setProgress({ pages: 0, codes: 0, bytes: 0 });
      const res = await printSheetsApi.create(body());
      const pages = Number(res.headers.get('X-Sheet-Pages')) || 0;
      const codes = Number(res.headers.get('X-Sheet-Codes')) || 0;
      const reader = res.body!.getReader();
      const parts: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        parts.push(value);
        bytes += value.length;
        setProgress({ pages, codes, bytes });
      }
      const filename = filenameOf(res, 'qr-sheet.pdf');
      const url = saveBlob(new Blob(parts as BlobPart[], { type: 'application/pdf' }), filename);
      setDone({ url, filename, codes, pages });
    } finally {
      setProgress(null);
    }
  });
  const field = binder(sheet, setSheet, problem);
  const grid = binder(custom, setCustom, problem);
  if (presets.loading && !presets.data) return <Loading />;
  return (
    <>
      <PageHeader title="Print sheets" subtitle="Many codes on label sheets or a grid, as one vector PDF: every module a path, sharp at any size." />
      <ErrorNotice error={error} title={problem?.status === 422 ? 'The sheet cannot be made like this' : undefined} />
      {done ? (
        <Notice kind="success" title="Sheet ready">
          <p>
            {formatNumber(done.codes)} codes on {done.pages} {done.pages === 1 ? 'page' : 'pages'}. Your browser saved <strong>{done.filename}</strong>;{' '}
            <a href={done.url} download={done.filename} data-testid="sheet-download">
              download it again
            </a>
            .
          </p>
        </Notice>
      ) : null}
      <form class="panel" onSubmit={create} noValidate aria-label="Print sheet">
        <fieldset>
          <legend>Codes</legend>
          <CheckboxField
            radio="source"
            label={`The codes selected on the Codes page (${formatNumber(selection.length)})${selection.length ? '' : ': select some there first'}`}
            checked={sheet.source === 'selection'}
            disabled={!selection.length}
            onChecked={() => setSheet({ ...sheet, source: 'selection' })}
          />
          <CheckboxField
            radio="source"
            label="Every code of a folder"
            checked={sheet.source === 'folder'}
            onChecked={() => setSheet({ ...sheet, source: 'folder' })}
          />
          {sheet.source === 'folder' ? (
            <SelectField label="Folder" {...field('folder_id')} options={namedOptions(folders.data ?? [], 'Choose a folder')} />
          ) : null}
          <GroupError text={problem?.errors.find((p) => p.pointer.startsWith('/code_ids'))?.detail} />
        </fieldset>
        <fieldset>
          <legend>Layout</legend>
          <div class="grid-2 grid-2--narrow-first">
            <SelectField
              label="Page size"
              value={pageSize}
              onValue={changeSize}
              options={[
                { value: 'A4', label: 'A4 (210 × 297 mm)' },
                { value: 'Letter', label: 'Letter (8.5 × 11 in)' },
              ]}
            />
            <SelectField
              label="Sheet"
              {...field('preset')}
              options={[...forSize.map((p) => ({ value: p.id, label: p.label })), { value: 'custom', label: 'Custom grid…' }]}
            />
          </div>
          {sheet.preset === 'custom' ? (
            <>
              <div class="grid-4">
                <TextField label="Columns" inputMode="numeric" {...grid('columns')} />
                <TextField label="Rows" inputMode="numeric" {...grid('rows')} />
                <TextField label="Gutter across (mm)" inputMode="decimal" {...grid('gx', 'gutter_mm/x')} />
                <TextField label="Gutter down (mm)" inputMode="decimal" {...grid('gy', 'gutter_mm/y')} />
              </div>
              <div class="grid-4">
                <TextField label="Top margin (mm)" inputMode="decimal" {...grid('top', 'margin_mm/top')} />
                <TextField label="Right margin (mm)" inputMode="decimal" {...grid('right', 'margin_mm/right')} />
                <TextField label="Bottom margin (mm)" inputMode="decimal" {...grid('bottom', 'margin_mm/bottom')} />
                <TextField label="Left margin (mm)" inputMode="decimal" {...grid('left', 'margin_mm/left')} />
              </div>
            </>
          ) : null}
          <div class="grid-2">
            <SelectField
              label="Text under each code"
              {...field('label')}
              options={[
                { value: 'name', label: 'Name' },
                { value: 'client_ref', label: 'Client reference' },
                { value: 'short_link', label: 'Short link (GS1 codes: their Digital Link URI)' },
                { value: 'none', label: 'None' },
              ]}
            />
            <div class="field">
              <span class="fieldset-label" aria-hidden="true">
                &nbsp;
              </span>
              <CheckboxField label="Crop marks in the margins" {...field.check('crop_marks')} hint="For cutting plain paper; label sheets are pre-cut." />
            </div>
          </div>
        </fieldset>
        {progress ? (
          <div role="status" aria-live="polite" class="progress">
            <label for="sheet-progress">
              {progress.pages ? `Drawing ${formatNumber(progress.codes)} codes on ${progress.pages} ${progress.pages === 1 ? 'page' : 'pages'}…` : 'Starting…'}
            </label>
            <progress id="sheet-progress" />
            <span class="muted small">{formatNumber(Math.round(progress.bytes / 1024))} KB received</span>
          </div>
        ) : null}
        <SubmitButton disabled={progress !== null || (sheet.source === 'folder' && !sheet.folder_id)} label={progress ? 'Making the PDF…' : 'Create PDF'} />
      </form>
    </>
  );
}
