import { type ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A modal confirmation on the native <dialog> (focus moves into it and Escape cancels, as the
 * browser does it). The destructive button says what it does, never just "OK".
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), props.onCancel())}>
      <h2 id="confirm-title">{props.title}</h2>
      <div class="dialog__body">{props.children}</div>
      <div class="dialog__actions">
        <button type="button" class="button" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
        <button type="button" class={`button ${props.danger ? 'button--danger' : 'button--primary'}`} onClick={props.onConfirm} disabled={props.busy}>
          {props.busy ? 'Working…' : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
