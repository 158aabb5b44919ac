import { useCallback, useRef, useState } from 'preact/hooks';
import { ProblemError } from '../api/problem';

export interface Action {
  /** True while an action runs: the buttons that start one are disabled. */
  busy: boolean;
  /** The label of the action running, so its own button can say what is happening. */
  running: string | null;
  /** What went wrong last time, until the next run (or `setError`). */
  error: unknown;
  /** The error when the server answered it: its fields' problems are shown at the fields. */
  problem: ProblemError | null;
  setError(error: unknown): void;
  /** Runs `work` unless an action is under way; resolves true when it succeeded. */
  run(work: () => Promise<unknown>, label?: string): Promise<boolean>;
  /** A form's onSubmit: stops the browser's own submit and runs `work` as `run` does. */
  submit(work: () => Promise<unknown>, label?: string): (e: Event) => void;
}

/** The submit pattern of every form and button: one run at a time, the error kept for the page to show. */
export function useAction(): Action {
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<string | null>(null);
  const run = useCallback(async (work: () => Promise<unknown>, label = 'action') => {
    if (current.current !== null) return false;
    current.current = label;
    setRunning(label);
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(err);
      return false;
    } finally {
      current.current = null;
      setRunning(null);
    }
  }, []);
  const submit = (work: () => Promise<unknown>, label?: string) => (e: Event) => {
    e.preventDefault();
    void run(work, label);
  };
  return { busy: running !== null, running, error, problem: error instanceof ProblemError ? error : null, setError, run, submit };
}
