import { ROLES } from '@qr/domain/browser';
import { type InvitationAnswer, type MemberView, type Role } from '../../api/types';
import { useState } from 'preact/hooks';
import { teamApi } from '../../api/endpoints';
import { formatAgo, formatDate, formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useResource } from '../../lib/use-resource';
import { ConfirmDialog, useConfirm } from '../../ui/confirm-dialog';
import { SecretOnce } from '../../ui/copy-button';
import { binder, SelectField, SubmitButton, TextField } from '../../ui/field';
import { Button } from '../../ui/button';
import { type Column, ListTable } from '../../ui/list-table';
import { ErrorNotice, Notice, Pending } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';

const ROLE_HINT: Record<Role, string> = {
  owner: 'everything, including members and the audit log',
  editor: 'codes, folders, domains, webhooks and API keys',
  viewer: 'looks at codes and analytics; changes nothing',
};

/** Members of the workspace (owners): invite by email, change roles, remove, resend or revoke invitations. */
export function MembersPage() {
  const members = useResource((signal) => teamApi.list(signal), 'members');
  const [invitation, setInvitation] = useState({ email: '', role: 'editor' });
  const [sent, setSent] = useState<InvitationAnswer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const inviting = useAction();
  const changing = useAction();
  const reset = () => (setDone(null), setSent(null), changing.setError(null));

  const invite = inviting.submit(async () => {
    reset();
    setSent(await teamApi.invite(invitation.email, invitation.role as Role));
    setInvitation({ ...invitation, email: '' });
    members.reload();
  });
  const changeRole = (m: MemberView, next: Role) => {
    reset();
    void changing
      .run(async () => {
        const answer = await teamApi.setRole(m.id, next);
        const keys = answer.api_keys_revoked ? ` ${answer.api_keys_revoked} of their API keys above that role were revoked.` : '';
        setDone(`${m.email} is now ${next}.${keys}`);
      }, `role:${m.id}`)
      // Reloaded either way: a refused change puts the select back to the role the member still has.
      .then(() => members.reload());
  };
  const resend = (m: MemberView) => {
    reset();
    void changing.run(async () => {
      setSent(await teamApi.resend(m.id));
      members.reload();
    }, `resend:${m.id}`);
  };
  const removing = useConfirm(async (member: MemberView) => {
    const answer = await teamApi.remove(member.id);
    setDone(`${member.email} was removed: ${answer.sessions_ended} session(s) ended, ${answer.api_keys_revoked} API key(s) revoked.`);
    members.reload();
  });
  const revoking = useConfirm(async (member: MemberView) => {
    await teamApi.revokeInvitation(member.id);
    setDone(`The invitation of ${member.email} was revoked; its link no longer works.`);
    members.reload();
  });
  const roleColumn: Column<MemberView> = {
    header: 'Role',
    cell: (m) => (
      <SelectField
        label={`Role of ${m.email}`}
        hideLabel
        class="field--in-table"
        value={m.role}
        disabled={changing.busy}
        onValue={(r) => changeRole(m, r as Role)}
        options={ROLES.map((r) => ({ value: r, label: r }))}
      />
    ),
  };

  const list = members.data?.data ?? [];
  const active = list.filter((m) => m.status === 'active');
  const invited = list.filter((m) => m.status === 'invited');
  const byEmail = members.data?.invitations_by === 'smtp';
  const field = binder(invitation, setInvitation, inviting.problem);
  return (
    <>
      <PageHeader title="Members" subtitle="Who can sign in to this workspace, and what each person may do." />
      {done ? <Notice kind="success">{done}</Notice> : null}
      {sent ? <InvitationSent answer={sent} onDone={() => setSent(null)} /> : null}
      <form class="panel" onSubmit={invite} noValidate aria-labelledby="invite-title">
        <h2 id="invite-title">Invite someone</h2>
        <p class="muted">
          {byEmail
            ? 'They receive an email with a link to choose a password. The link works once, for three days.'
            : 'No mail server is configured (SMTP_URL), so you get a link to pass on yourself. It works once, for three days.'}
        </p>
        <ErrorNotice error={inviting.error} title="Not invited" atFields />
        <div class="controls">
          <TextField label="Email" type="email" required {...field('email')} maxLength={320} autocomplete="off" />
          <SelectField label="Role" {...field('role')} options={ROLES.map((r) => ({ value: r, label: `${r}: ${ROLE_HINT[r]}` }))} />
          <SubmitButton field disabled={inviting.busy} label={inviting.busy ? 'Inviting…' : 'Send invitation'} />
        </div>
      </form>
      <Pending resource={members} />
      <ErrorNotice error={changing.error} title="Not changed" inline />
      {members.data ? (
        <section class="panel" aria-labelledby="members-title">
          <h2 id="members-title">Members ({active.length})</h2>
          <ListTable
            caption="Members who have signed in"
            testId="members"
            rows={active}
            columns={[
              {
                header: 'Email',
                class: 'table__primary',
                cell: (m) => (
                  <>
                    {m.email}
                    {m.you ? <span class="muted small"> (you)</span> : null}
                  </>
                ),
              },
              roleColumn,
              { header: 'Last sign-in', cell: (m) => <span title={formatDateTime(m.last_sign_in_at)}>{formatAgo(m.last_sign_in_at)}</span> },
              { header: 'Member since', cell: (m) => formatDate(m.added_at) },
            ]}
            actions={(m) => <Button kind="danger" small of={m.email} onClick={() => (reset(), removing.ask(m))} label="Remove" />}
          />
        </section>
      ) : null}
      {members.data ? (
        <section class="panel" aria-labelledby="invited-title">
          <h2 id="invited-title">Pending invitations ({invited.length})</h2>
          <ListTable
            caption="Invited, not signed in yet"
            testId="invitations"
            rows={invited}
            empty={<p class="muted">Nobody is waiting to accept an invitation.</p>}
            columns={[
              { header: 'Email', class: 'table__primary', cell: (m) => m.email },
              roleColumn,
              { header: 'Invited', cell: (m) => formatDate(m.added_at) },
              { header: 'Link', cell: linkState },
            ]}
            actions={(m) => (
              <>
                <Button
                  small
                  of={`the invitation of ${m.email}`}
                  disabled={changing.busy}
                  onClick={() => resend(m)}
                  label={changing.running === `resend:${m.id}` ? 'Sending…' : 'Resend'}
                />
                <Button kind="danger" small of={`the invitation of ${m.email}`} onClick={() => (reset(), revoking.ask(m))} label="Revoke" />
              </>
            )}
          />
        </section>
      ) : null}
      <ConfirmDialog {...removing.dialog} title={`Remove ${removing.pending?.email ?? ''}?`} confirmLabel="Remove member">
        <p>
          {removing.pending?.you ? 'You will be signed out of this workspace. ' : 'They are signed out of this workspace at once. '}
          The API keys they created here are revoked. Codes they made stay.
        </p>
      </ConfirmDialog>
      <ConfirmDialog {...revoking.dialog} title={`Revoke the invitation of ${revoking.pending?.email ?? ''}?`} confirmLabel="Revoke invitation">
        <p>The link stops working and they are no longer a member. You can invite them again later.</p>
      </ConfirmDialog>
    </>
  );
}

function linkState(m: MemberView): string {
  if (m.invitation === null) return 'no link';
  return m.invitation.expired ? `expired ${formatDate(m.invitation.expires_at)}` : `works until ${formatDateTime(m.invitation.expires_at)}`;
}

/** What happened to an invitation's email, and the link when the owner has to pass it on. */
function InvitationSent({ answer, onDone }: { answer: InvitationAnswer; onDone: () => void }) {
  const who = answer.member.email;
  return (
    <div role="status">
      {answer.email.status === 'sent' ? <Notice kind="success">Invitation emailed to {who}.</Notice> : null}
      {answer.email.status === 'failed' ? (
        <Notice kind="error" title="The invitation email was not sent">
          <p>
            {answer.email.detail}. The invitation exists: resend it later, {answer.link ? 'or pass on the link below yourself.' : 'or ask them to sign in.'}
          </p>
        </Notice>
      ) : null}
      {answer.existing_account ? (
        <Notice kind="info">{who} already has a password for another workspace: they sign in with it and find this workspace in the workspace menu.</Notice>
      ) : null}
      {answer.link ? (
        <SecretOnce
          label={`Invitation link for ${who}`}
          value={answer.link.url}
          onDone={onDone}
          note={`copy it now and send it to them. It is shown only this once, works once, and expires ${formatDateTime(answer.link.expires_at)}.`}
          testId="invitation-link"
        />
      ) : null}
    </div>
  );
}
