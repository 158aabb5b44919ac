import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { appApi, onSignedOut, setCsrfToken } from './api/client';
import { type Me, type SignedOut } from './api/types';

type SessionState = { status: 'loading' } | { status: 'signed-out'; csrf: string } | { status: 'signed-in'; me: Me };

interface SessionValue {
  state: SessionState;
  /** After sign-in, a switch, or anything that changes what the session says. */
  accept(answer: Me | SignedOut): void;
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Knows whether someone is signed in (GET /app/api/session) and keeps the CSRF token current. */
export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const accept = useCallback((answer: Me | SignedOut) => {
    setCsrfToken(answer.csrf_token);
    setState(answer.signed_in ? { status: 'signed-in', me: answer } : { status: 'signed-out', csrf: answer.csrf_token });
  }, []);
  const refresh = useCallback(async () => accept(await appApi.get<Me | SignedOut>('/session', { expectUnauthorized: true })), [accept]);
  useEffect(() => {
    void refresh();
    // A 401 anywhere means the session ended on the server: ask again who is signed in (gets a fresh CSRF token).
    return onSignedOut(() => void refresh());
  }, [refresh]);
  return <SessionContext.Provider value={{ state, accept, refresh }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in member; only for pages rendered inside the signed-in shell. */
export function useMe(): Me {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useMe while not signed in');
  return state.me;
}
