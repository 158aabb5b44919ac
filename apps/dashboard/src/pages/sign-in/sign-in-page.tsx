import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useAction } from '../../lib/use-action';
import { useSession } from '../../session';
import { AuthCard } from '../../ui/auth-card';
import { binder, SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Notice } from '../../ui/notice';
import { sessionApi } from '../../api/endpoints';
import { Button } from '../../ui/button';

/** Email and password. A wrong email and a wrong password get the same answer from the server. */
export function SignInPage() {
  const [forgot, setForgot] = useState(false);
  return forgot ? <ForgotPassword onBack={() => setForgot(false)} /> : <SignInForm onForgot={() => setForgot(true)} />;
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const { accept } = useSession();
  const { query, route } = useLocation();
  const [form, setForm] = useState({ email: '', password: '' });
  const { busy, error, problem, run } = useAction();
  const field = binder(form, setForm, problem);
  const submit = async (e: Event) => {
    e.preventDefault();
    const signedIn = await run(async () => {
      accept(await sessionApi.signIn(form.email, form.password));
      const next = query.next && query.next.startsWith('/app/') && !query.next.startsWith('/app/sign-in') ? query.next : '/app/codes';
      route(next, true);
    });
    if (!signedIn) setForm((f) => ({ ...f, password: '' }));
  };
  return (
    <AuthCard title="Sign in">
      <ErrorNotice error={error} title={problem?.code === 'invalid_credentials' ? 'Not signed in' : undefined} />
      <form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autocomplete="username" required {...field('email')} />
        <TextField label="Password" type="password" autocomplete="current-password" required {...field('password')} />
        <SubmitButton wide disabled={busy} label={busy ? 'Signing in…' : 'Sign in'} />
      </form>
      <p>
        <Button kind="link" onClick={onForgot} label="Forgot password?" />
      </p>
      <p class="muted small">No password yet? An owner of your workspace invites you from Members; the invitation’s link lets you choose one.</p>
    </AuthCard>
  );
}

/**
 * Asks for a reset link by email. The answer is the same for every address (the server does not
 * say who is a member); without a mail server nothing is sent, so the page says where else to turn.
 */
function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const { busy, error, problem, submit } = useAction();
  const send = submit(async () => setAnswer((await sessionApi.forgotPassword(email)).detail));
  return (
    <AuthCard title="Forgot password">
      {answer ? (
        <Notice kind="success" title="Check your email">
          <p>{answer}</p>
          <p>No email after a few minutes? Ask an owner of your workspace to resend your invitation from Members.</p>
        </Notice>
      ) : (
        <form onSubmit={send} noValidate>
          <ErrorNotice error={error} atFields />
          <p>Type the email you sign in with. We send a link to choose a new password, which signs you out everywhere else.</p>
          <TextField label="Email" type="email" autocomplete="username" value={email} onValue={setEmail} required error={problem?.at('/email')} />
          <SubmitButton wide disabled={busy} label={busy ? 'Sending…' : 'Send me a link'} />
        </form>
      )}
      <p>
        <Button kind="link" onClick={onBack} label="Back to sign in" />
      </p>
    </AuthCard>
  );
}
