import { useState } from 'preact/hooks';
import { foldersApi } from '../../api/endpoints';
import { type Folder } from '../../api/types';
import { useFolders } from '../../api/workspace-lists';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useMe } from '../../session';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog';
import { SubmitButton, TextField } from '../../ui/field';
import { Button } from '../../ui/button';
import { ListTable } from '../../ui/list-table';
import { ErrorNotice, Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';

export function FoldersPage() {
  const me = useMe();
  const folders = useFolders();
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ folder: Folder; name: string } | null>(null);
  const creating = useAction();
  const saving = useAction();
  const deleting = useConfirm(async (folder: Folder) => {
    const deleted = await foldersApi.remove(folder.id);
    const codes = deleted.codes_moved === 1 ? '1 code is' : `${deleted.codes_moved} codes are`;
    setDone(`Folder “${folder.name}” deleted; ${codes} now in no folder.`);
    folders.reload();
  });
  const create = creating.submit(async () => {
    const folder = await foldersApi.create(name);
    setDone(`Folder “${folder.name}” created.`);
    setName('');
    folders.reload();
  });
  const rename = saving.submit(async () => {
    if (!renaming) return;
    const folder = await foldersApi.rename(renaming.folder.id, renaming.name);
    setDone(`Folder “${renaming.folder.name}” renamed to “${folder.name}”.`);
    setRenaming(null);
    folders.reload();
  });
  return (
    <>
      <PageHeader title="Folders" subtitle="Group codes to find, filter and print them together." />
      {done ? <Notice kind="success">{done}</Notice> : null}
      {me.permissions.write ? (
        <form class="panel" onSubmit={create} noValidate aria-labelledby="new-folder">
          <h2 id="new-folder">New folder</h2>
          <ErrorNotice error={creating.error} atFields />
          <div class="controls">
            <TextField label="Name" required value={name} onValue={(v) => (setName(v), setDone(null))} error={creating.problem?.at('/name')} maxLength={200} />
            <SubmitButton field disabled={creating.busy} label="Create folder" />
          </div>
        </form>
      ) : null}
      <ErrorNotice error={saving.error} atFields />
      <ListTable
        error={folders.error}
        caption="Folders"
        rows={folders.data}
        empty={<p class="empty">No folders yet.</p>}
        columns={[
          { header: 'Name', class: 'table__primary', cell: (f) => f.name },
          { header: 'Created', cell: (f) => formatDate(f.created_at) },
          { header: 'Codes', cell: (f) => <a href={`/app/codes?folder_id=${f.id}`}>Show codes in {f.name}</a> },
        ]}
        actions={
          me.permissions.write
            ? (f) => (
                <>
                  <Button small of={f.name} onClick={() => (setRenaming({ folder: f, name: f.name }), setDone(null), saving.setError(null))} label="Rename" />
                  <Button kind="danger" small of={f.name} onClick={() => (setDone(null), saving.setError(null), deleting.ask(f))} label="Delete" />
                </>
              )
            : undefined
        }
        wholeRow={(f) =>
          renaming?.folder.id === f.id ? (
            <form class="controls" onSubmit={rename} noValidate>
              <TextField
                label={`New name for “${f.name}”`}
                required
                value={renaming.name}
                onValue={(v) => setRenaming({ folder: f, name: v })}
                error={saving.problem?.at('/name')}
                maxLength={200}
              />
              <div class="field">
                <Button kind="primary" submit disabled={saving.busy} label={saving.busy ? 'Saving…' : 'Save name'} />{' '}
                <Button onClick={() => (setRenaming(null), saving.setError(null))} disabled={saving.busy} label="Cancel" />
              </div>
            </form>
          ) : null
        }
      />
      <ConfirmDialog {...deleting.dialog} title={`Delete the folder “${deleting.pending?.name ?? ''}”?`} confirmLabel="Delete folder">
        <p>Its codes are not deleted: they stay as they are, in no folder. Their short links and printed codes keep working.</p>
      </ConfirmDialog>
    </>
  );
}
