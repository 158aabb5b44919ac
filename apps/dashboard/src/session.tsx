import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { onSignedOut, onWorkspaceChanged, setSessionContext } from './api/client';
import { type Me, type SignedOut } from './api/types';
import { sessionApi } from './api/endpoints';

type SessionState =
  { status: 'loading' } | { status: 'unreachable'; error: unknown } | { status: 'signed-out'; csrf: string } | { status: 'signed-in'; me: Me };

interface SessionValue {
  state: SessionState;
  /** Set when another tab switched the session's workspace and this one followed; cleared by dismiss. */
  switchedElsewhere: string | null;
  /** After sign-in, a switch, or anything that changes what the session says. */
  accept(answer: Me | SignedOut): void;
  refresh(): Promise<void>;
  dismissSwitchedElsewhere(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Knows whether someone is signed in (sessionApi.current), keeps the CSRF token and the shown
 * workspace current, and follows a switch made in another tab (the session cookie is shared).
 */
export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [switchedElsewhere, setSwitchedElsewhere] = useState<string | null>(null);
  const accept = useCallback((answer: Me | SignedOut) => {
    setSessionContext(answer.csrf_token, answer.signed_in ? answer.workspace.id : null);
    setState(answer.signed_in ? { status: 'signed-in', me: answer } : { status: 'signed-out', csrf: answer.csrf_token });
  }, []);
  const refresh = useCallback(async () => {
    try {
      accept(await sessionApi.current());
    } catch (error) {
      setState((current) => (current.status === 'loading' || current.status === 'unreachable' ? { status: 'unreachable', error } : current));
    }
  }, [accept]);
  useEffect(() => {
    void refresh();
    // A 401 anywhere means the session ended on the server: ask again who is signed in (gets a fresh CSRF token).
    const offSignedOut = onSignedOut(() => void refresh());
    const offChanged = onWorkspaceChanged(() => {
      void sessionApi.current().then(
        (answer) => {
          if (answer.signed_in) setSwitchedElsewhere(answer.workspace.name);
          accept(answer);
        },
        () => undefined,
      );
    });
    return () => {
      offSignedOut();
      offChanged();
    };
  }, [refresh, accept]);
  const dismissSwitchedElsewhere = useCallback(() => setSwitchedElsewhere(null), []);
  return <SessionContext.Provider value={{ state, switchedElsewhere, accept, refresh, dismissSwitchedElsewhere }}>{children}</SessionContext.Provider>;
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
