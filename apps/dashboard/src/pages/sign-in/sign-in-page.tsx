import { useLocation } from 'preact-iso';

import { useState } from 'preact/hooks';

import { ProblemError } from '../../api/problem';

import { useAction } from '../../lib/use-action';

import { useSession } from '../../session';

import { AuthCard } from '../../ui/auth-card';

import { TextField } from '../../ui/field';

import { ErrorNotice } from '../../ui/notice';

import { sessionApi } from '../../api/session-api';

/** Email and password. A wrong email and a wrong password get the same answer from the server. */
export function SignInPage() {
  const { accept } = useSession();
  const { query, route } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const signedIn = await run(async () => {
      accept(await sessionApi.signIn(email, password));
      const next = query.next && query.next.startsWith('/app/') && !query.next.startsWith('/app/sign-in') ? query.next : '/app/codes';
      route(next, true);
    });
    if (!signedIn) setPassword('');
  };
  const problem = error instanceof ProblemError ? error : null;
  return (
    <AuthCard title="Sign in">
      {problem?.code === 'invalid_credentials' ? <ErrorNotice error={error} title="Not signed in" /> : <ErrorNotice error={error} />}
      <form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autocomplete="username" value={email} onValue={setEmail} required error={problem?.at('/email')} />
        <TextField
          label="Password"
          type="password"
          autocomplete="current-password"
          value={password}
          onValue={setPassword}
          required
          error={problem?.at('/password')}
        />
        <button type="submit" class="button button--primary button--wide" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p class="muted small">
        No password yet, or forgot it? Ask the person who runs this QR platform to send you a sign-in link. They make one with{' '}
        <code>npm run admin -- member invite</code>, which also resets a forgotten password.
      </p>
    </AuthCard>
  );
}
