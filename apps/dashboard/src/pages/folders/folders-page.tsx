import { useState } from 'preact/hooks';

import { ProblemError } from '../../api/problem';

import { formatDate } from '../../lib/format';

import { useMe } from '../../session';

import { TextField } from '../../ui/field';

import { ErrorNotice, Loading, Notice } from '../../ui/notice';

import { PageHeader } from '../../ui/page-header';

import { useFolders } from '../../api/workspace-lists';

import { useAction } from '../../lib/use-action';

import { foldersApi } from '../../api/folders';

export function FoldersPage() {
  const me = useMe();
  const folders = useFolders();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const create = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const folder = await foldersApi.create(name);
      setCreated(folder.name);
      setName('');
      folders.reload();
    });
  };
  const problem = error instanceof ProblemError ? error : null;
  return (
    <>
      <PageHeader title="Folders" subtitle="Group codes to find, filter and print them together." />
      {me.permissions.write ? (
        <form class="panel" onSubmit={create} noValidate aria-labelledby="new-folder">
          <h2 id="new-folder">New folder</h2>
          {created ? <Notice kind="success">Folder “{created}” created.</Notice> : null}
          {problem?.status !== 422 ? <ErrorNotice error={error} /> : null}
          <div class="controls">
            <TextField label="Name" required value={name} onValue={(v) => (setName(v), setCreated(null))} error={problem?.at('/name')} maxLength={200} />
            <div class="field">
              <button type="submit" class="button button--primary" disabled={busy}>
                Create folder
              </button>
            </div>
          </div>
        </form>
      ) : null}
      <ErrorNotice error={folders.error} />
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
              </tr>
            </thead>
            <tbody>
              {folders.data.map((f) => (
                <tr key={f.id}>
                  <td class="table__primary">{f.name}</td>
                  <td>{formatDate(f.created_at)}</td>
                  <td>
                    <a href={`/app/codes?folder_id=${f.id}`}>Show codes in {f.name}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
