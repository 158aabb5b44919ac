import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { appApi } from '../api/client';
import { ProblemError } from '../api/problem';
import { type Me } from '../api/types';
import { useSession } from '../session';
import { TextField } from '../ui/field';
import { ErrorNotice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';

/** Email and password. A wrong email and a wrong password get the same answer from the server. */
export function SignInPage() {
  const { accept } = useSession();
  const { query, route } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await appApi.post<Me>('/session', { email, password }, { expectUnauthorized: true });
      accept(me);
      const next = query.next && query.next.startsWith('/app/') && !query.next.startsWith('/app/sign-in') ? query.next : '/app/codes';
      route(next, true);
    } catch (err) {
      setError(err);
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  const problem = error instanceof ProblemError ? error : null;
  return (
    <main class="auth" id="main">
      <div class="auth__card">
        <p class="brand">
          <span class="brand__mark" aria-hidden="true" />
          QR platform
        </p>
        <PageHeader title="Sign in" />
        {problem?.code === 'invalid_credentials' ? <ErrorNotice error={error} title="Not signed in" /> : <ErrorNotice error={error} />}
        <form onSubmit={submit} noValidate>
          <TextField label="Email" type="email" autocomplete="username" value={email} onValue={setEmail} required error={problem?.at('/email')} />
          <TextField label="Password" type="password" autocomplete="current-password" value={password} onValue={setPassword} required error={problem?.at('/password')} />
          <button type="submit" class="button button--primary button--wide" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p class="muted small">
          No password yet, or forgot it? Ask a workspace owner or your operator for a sign-in link (<code>npm run admin -- member invite</code>).
        </p>
      </div>
    </main>
  );
}
