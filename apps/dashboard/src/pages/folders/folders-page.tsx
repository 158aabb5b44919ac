import { useState } from 'preact/hooks';
import { foldersApi } from '../../api/folders';
import { ProblemError } from '../../api/problem';
import { type Folder } from '../../api/types';
import { useFolders } from '../../api/workspace-lists';
import { formatDate } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useMe } from '../../session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/field';
import { ErrorNotice, Loading, Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';

export function FoldersPage() {
  const me = useMe();
  const folders = useFolders();
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ folder: Folder; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const creating = useAction();
  const changing = useAction();
  const create = (e: Event) => {
    e.preventDefault();
    void creating.run(async () => {
      const folder = await foldersApi.create(name);
      setDone(`Folder “${folder.name}” created.`);
      setName('');
      folders.reload();
    });
  };
  const rename = (e: Event) => {
    e.preventDefault();
    if (!renaming) return;
    void changing.run(async () => {
      const folder = await foldersApi.rename(renaming.folder.id, renaming.name);
      setDone(`Folder “${renaming.folder.name}” renamed to “${folder.name}”.`);
      setRenaming(null);
      folders.reload();
    }, 'rename');
  };
  const remove = () => {
    if (!deleting) return;
    void changing.run(async () => {
      const deleted = await foldersApi.remove(deleting.id);
      const codes = deleted.codes_moved === 1 ? '1 code is' : `${deleted.codes_moved} codes are`;
      setDone(`Folder “${deleting.name}” deleted; ${codes} now in no folder.`);
      setDeleting(null);
      folders.reload();
    }, 'delete');
  };
  const createProblem = creating.error instanceof ProblemError ? creating.error : null;
  const renameProblem = changing.error instanceof ProblemError && changing.running !== 'delete' ? changing.error : null;
  return (
    <>
      <PageHeader title="Folders" subtitle="Group codes to find, filter and print them together." />
      {done ? <Notice kind="success">{done}</Notice> : null}
      {me.permissions.write ? (
        <form class="panel" onSubmit={create} noValidate aria-labelledby="new-folder">
          <h2 id="new-folder">New folder</h2>
          {createProblem?.status !== 422 ? <ErrorNotice error={creating.error} /> : null}
          <div class="controls">
            <TextField label="Name" required value={name} onValue={(v) => (setName(v), setDone(null))} error={createProblem?.at('/name')} maxLength={200} />
            <div class="field">
              <button type="submit" class="button button--primary" disabled={creating.busy}>
                Create folder
              </button>
            </div>
          </div>
        </form>
      ) : null}
      <ErrorNotice error={folders.error} />
      {renameProblem?.status !== 422 && !deleting ? <ErrorNotice error={changing.error} /> : null}
      {folders.loading && !folders.data ? <Loading /> : null}
      {folders.data && folders.data.length === 0 ? <p class="empty">No folders yet.</p> : null}
      {folders.data && folders.data.length > 0 ? (
        <div class="table-wrap">
          <table class="table">
            <caption class="visually-hidden">Folders</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Codes</th>
                {me.permissions.write ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {folders.data.map((f) =>
                renaming?.folder.id === f.id ? (
                  <tr key={f.id}>
                    <td colSpan={me.permissions.write ? 4 : 3}>
                      <form class="controls" onSubmit={rename} noValidate>
                        <TextField
                          label={`New name for “${f.name}”`}
                          required
                          value={renaming.name}
                          onValue={(v) => setRenaming({ folder: f, name: v })}
                          error={renameProblem?.at('/name')}
                          maxLength={200}
                        />
                        <div class="field">
                          <button type="submit" class="button button--primary" disabled={changing.busy}>
                            {changing.running === 'rename' ? 'Saving…' : 'Save name'}
                          </button>{' '}
                          <button type="button" class="button" onClick={() => (setRenaming(null), changing.setError(null))} disabled={changing.busy}>
                            Cancel
                          </button>
                        </div>
                      </form>
                    </td>
                  </tr>
                ) : (
                  <tr key={f.id}>
                    <td class="table__primary">{f.name}</td>
                    <td>{formatDate(f.created_at)}</td>
                    <td>
                      <a href={`/app/codes?folder_id=${f.id}`}>Show codes in {f.name}</a>
                    </td>
                    {me.permissions.write ? (
                      <td class="table__actions">
                        <button
                          type="button"
                          class="button button--small"
                          onClick={() => (setRenaming({ folder: f, name: f.name }), setDone(null), changing.setError(null))}
                        >
                          Rename<span class="visually-hidden"> {f.name}</span>
                        </button>{' '}
                        <button
                          type="button"
                          class="button button--small button--danger"
                          onClick={() => (setDeleting(f), setDone(null), changing.setError(null))}
                        >
                          Delete<span class="visually-hidden"> {f.name}</span>
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the folder “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete folder"
        danger
        busy={changing.running === 'delete'}
        onConfirm={remove}
        onCancel={() => (setDeleting(null), changing.setError(null))}
      >
        <p>Its codes are not deleted: they stay as they are, in no folder. Their short links and printed codes keep working.</p>
        {deleting ? <ErrorNotice error={changing.error} /> : null}
      </ConfirmDialog>
    </>
  );
}
