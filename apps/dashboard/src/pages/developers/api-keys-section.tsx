import { PUBLIC_API } from '../../api/client';
import { useState } from 'preact/hooks';
import { type ApiKey, type Role } from '../../api/types';
import { formatAgo, formatDate } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { useMe } from '../../session';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog';
import { Button } from '../../ui/button';
import { ListTable } from '../../ui/list-table';
import { SecretOnce } from '../../ui/copy-button';
import { binder, SelectField, SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Notice } from '../../ui/notice';
import { useAction } from '../../lib/use-action';
import { apiKeysApi } from '../../api/endpoints';

const RANK: Record<Role, number> = { viewer: 0, editor: 1, owner: 2 };

/** API keys: create (the secret shown once), list with last use, revoke. Owners and editors only. */
export function ApiKeysSection() {
  const me = useMe();
  return (
    <section class="panel" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      {me.permissions.manage_api_keys ? <ManageKeys /> : <p>Only owners and editors of this workspace manage API keys. Ask one of them for a key.</p>}
    </section>
  );
}

function ManageKeys() {
  const me = useMe();
  const keys = useResource((signal) => apiKeysApi.list(signal), 'keys');
  const [form, setForm] = useState({ name: '', role: me.workspace.role === 'owner' ? 'editor' : me.workspace.role, expires_at: '' });
  const [secret, setSecret] = useState<string | null>(null);
  const { busy, error, problem, submit } = useAction();
  const create = submit(async () => {
    const { expires_at, ...rest } = form;
    const created = await apiKeysApi.create({ ...rest, ...(expires_at ? { expires_at: `${expires_at}T00:00:00Z` } : {}) });
    setSecret(created.secret);
    setForm({ ...form, name: '', expires_at: '' });
    keys.reload();
  });
  const revoking = useConfirm(async (key: ApiKey) => {
    await apiKeysApi.revoke(key.id);
    keys.reload();
  });
  const field = binder(form, setForm, problem);
  const roles = (['viewer', 'editor', 'owner'] as const).filter((r) => RANK[r] <= RANK[me.workspace.role]);
  return (
    <>
      <p class="muted">
        For your systems calling <code>{PUBLIC_API}</code> with <code>Authorization: Bearer qrk_…</code>. Each call counts against the monthly quota; the
        dashboard’s own actions do not.
      </p>
      {!me.plan.api_access ? (
        <Notice kind="warning">The {me.plan.name} plan has no API access: keys are refused (403) until the workspace moves to pro or agency.</Notice>
      ) : null}
      {secret ? <SecretOnce label="Your new API key" value={secret} onDone={() => setSecret(null)} /> : null}
      <form onSubmit={create} noValidate aria-label="Create an API key">
        <ErrorNotice error={error} atFields />
        <div class="controls">
          <TextField label="Name" required hint="What uses it, e.g. erp-sync" {...field('name')} maxLength={200} />
          <SelectField label="Role" {...field('role')} options={roles.map((r) => ({ value: r, label: r }))} />
          <TextField label="Expires" type="date" hint="Optional" {...field('expires_at')} />
          <SubmitButton field disabled={busy} label="Create API key" />
        </div>
      </form>
      <ListTable
        error={keys.error}
        caption="Live API keys"
        testId="api-keys"
        rows={keys.data?.data}
        empty={<p class="muted">No live keys.</p>}
        columns={[
          { header: 'Name', class: 'table__primary', cell: (k) => k.name },
          { header: 'Key', class: 'mono small', cell: (k) => k.key_hint },
          { header: 'Role', cell: (k) => k.role },
          { header: 'Created', cell: (k) => formatDate(k.created_at) },
          { header: 'Last used', cell: (k) => formatAgo(k.last_used_at) },
          { header: 'Expires', cell: (k) => (k.expires_at ? formatDate(k.expires_at) : 'never') },
        ]}
        actions={(k) => <Button small of={k.name} onClick={() => revoking.ask(k)} label="Revoke" />}
      />
      <ConfirmDialog {...revoking.dialog} title={`Revoke ${revoking.pending?.name ?? ''}?`} confirmLabel="Revoke key">
        <p>Calls with this key are refused (401) from the next request. This cannot be undone; create a new key instead.</p>
      </ConfirmDialog>
    </>
  );
}
