import { type ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { useAction } from '../lib/use-action';
import { ErrorNotice } from './notice';
import { Button } from './button';

/** What `useConfirm` hands the dialog. */
interface DialogState {
  open: boolean;
  busy: boolean;
  error: unknown;
  onConfirm(): void;
  onCancel(): void;
}

export interface Confirm<T> {
  /** What the dialog asks about; null while it is closed. */
  pending: T | null;
  ask(item: T): void;
  /** Spread onto <ConfirmDialog>. */
  dialog: DialogState;
}

/**
 * An action that asks first (delete, revoke, remove). The dialog stays open while it runs and shows
 * its error, so the person sees why nothing happened; it closes once the action succeeded.
 */
export function useConfirm<T>(perform: (item: T) => Promise<unknown>): Confirm<T> {
  const [pending, setPending] = useState<T | null>(null);
  const { busy, error, setError, run } = useAction();
  return {
    pending,
    ask: (item) => (setError(null), setPending(item)),
    dialog: {
      open: pending !== null,
      busy,
      error,
      onConfirm: () => {
        if (pending !== null) void run(async () => (await perform(pending), setPending(null)));
      },
      onCancel: () => (setPending(null), setError(null)),
    },
  };
}

/**
 * A modal confirmation on the native <dialog> (focus moves into it and Escape cancels, as the
 * browser does it). The destructive button says what it does, never just "OK".
 */
export function ConfirmDialog(
  props: DialogState & {
    title: string;
    confirmLabel: string;
    children?: ComponentChildren;
  },
) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), props.onCancel())}>
      <h2 id={titleId}>{props.title}</h2>
      <div class="dialog__body">
        {props.children}
        <ErrorNotice error={props.error} inline />
      </div>
      <div class="dialog__actions">
        <Button onClick={props.onCancel} disabled={props.busy} label="Cancel" />
        <Button kind="danger" onClick={props.onConfirm} disabled={props.busy} label={props.busy ? 'Working…' : props.confirmLabel} />
      </div>
    </dialog>
  );
}
