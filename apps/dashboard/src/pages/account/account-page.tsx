import { useState } from 'preact/hooks';
import { checkRepeated } from '../../api/problem';
import { useMe } from '../../session';
import { binder, SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Notice } from '../../ui/notice';
import { PageHeader } from '../../ui/page-header';
import { useAction } from '../../lib/use-action';
import { sessionApi } from '../../api/endpoints';

const NO_PASSWORDS = { current_password: '', new_password: '', repeat: '' };

export function AccountPage() {
  const me = useMe();
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [done, setDone] = useState(false);
  const { busy, error, problem, submit } = useAction();
  const change = submit(async () => {
    setDone(false);
    checkRepeated(passwords.new_password, passwords.repeat, 'the two new passwords are not the same');
    await sessionApi.changePassword(passwords.current_password, passwords.new_password);
    setDone(true);
    setPasswords(NO_PASSWORDS);
  });
  const field = binder(passwords, setPasswords, problem);
  return (
    <>
      <PageHeader title="Your account" subtitle={me.account.email} />
      <section class="panel" aria-labelledby="workspaces-title">
        <h2 id="workspaces-title">Workspaces</h2>
        <ul>
          {me.workspaces.map((w) => (
            <li key={w.id}>
              {w.name}: {w.role}, {w.plan} plan{w.id === me.workspace.id ? ' (open now)' : ''}
            </li>
          ))}
        </ul>
      </section>
      <form class="panel" onSubmit={change} noValidate aria-labelledby="password-title">
        <h2 id="password-title">Change password</h2>
        {done ? <Notice kind="success">Password changed. Your other sessions are signed out; this one stays.</Notice> : null}
        <ErrorNotice error={error} atFields />
        <TextField label="Current password" type="password" autocomplete="current-password" required {...field('current_password')} />
        <div class="grid-2">
          <TextField label="New password" type="password" autocomplete="new-password" required {...field('new_password')} hint="At least 10 characters." />
          <TextField label="New password, again" type="password" autocomplete="new-password" required {...field('repeat')} />
        </div>
        <SubmitButton disabled={busy} label="Change password" />
      </form>
    </>
  );
}
