import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { useSession } from '../../session';
import { AuthCard } from '../../ui/auth-card';
import { binder, SubmitButton, TextField } from '../../ui/field';
import { ErrorNotice, Loading, Notice } from '../../ui/notice';
import { sessionApi } from '../../api/endpoints';
import { checkRepeated } from '../../api/problem';
import { type SignInLinkAnswer } from '../../api/types';

/**
 * A sign-in link (invitation, first run, or a reset): says whom it is for, asks for a password,
 * and signs in. The token is in the URL's fragment, so it never reached a server log on the way here.
 */
export function WelcomePage() {
  const { accept, state } = useSession();
  const { route } = useLocation();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  const [details, setDetails] = useState<SignInLinkAnswer | null>(null);
  const { busy, error, problem, setError, submit } = useAction();
  const [passwords, setPasswords] = useState({ password: '', repeat: '' });
  const { password, repeat } = passwords;
  const csrfReady = state.status !== 'loading';

  useEffect(() => {
    // The token leaves the address bar at once: it must not stay in history or be shared by accident.
    history.replaceState(null, '', '/app/welcome');
    if (!token) setError(new Error('This page needs the link you were sent, with the part after #.'));
  }, []);
  useEffect(() => {
    if (!token || !csrfReady || details) return;
    sessionApi.inspectLink(token).then(setDetails, setError);
  }, [token, csrfReady]);

  const field = binder(passwords, setPasswords, problem);
  const save = submit(async () => {
    checkRepeated(password, repeat, 'The two passwords are not the same.');
    accept(await sessionApi.redeemLink(token, password));
    route('/app/codes', true);
  });
  return (
    <AuthCard title={details?.has_password ? 'Choose a new password' : 'Welcome'}>
      {problem?.code === 'link_not_usable' ? (
        <Notice kind="error" title="This link cannot be used">
          <p>It has expired, was used already, or a newer link replaced it. Ask for a new one.</p>
          <p>
            <a href="/app/sign-in">Sign in</a> if you have a password.
          </p>
        </Notice>
      ) : (
        <ErrorNotice error={error} atFields />
      )}
      {!details && !error ? <Loading label="Checking the link…" /> : null}
      {details ? (
        <form onSubmit={save} noValidate>
          <p>
            You are signing in to <strong>{details.workspace_name}</strong> as <strong>{details.email}</strong>. The link works once, until{' '}
            {formatDateTime(details.expires_at)}.
          </p>
          <TextField label="Email" type="email" autocomplete="username" value={details.email} onValue={() => undefined} disabled />
          <TextField
            label="New password"
            type="password"
            autocomplete="new-password"
            required
            {...field('password')}
            hint="At least 10 characters. A sentence you can remember works well."
          />
          <TextField label="New password, again" type="password" autocomplete="new-password" required {...field('repeat')} />
          <SubmitButton wide disabled={busy} label={busy ? 'Saving…' : 'Save password and sign in'} />
        </form>
      ) : null}
    </AuthCard>
  );
}
