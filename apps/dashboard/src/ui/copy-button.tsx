import { useState } from 'preact/hooks';
import { Button } from './button';

/** Copies a value to the clipboard and says so (to screen readers too). */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setDone('copied');
    } catch {
      setDone('failed');
    }
    setTimeout(() => setDone(null), 2500);
  };
  return (
    <button type="button" class="button button--small" onClick={copy}>
      {done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed: select and copy' : label}
      <span class="visually-hidden" role="status">
        {done === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
    </button>
  );
}

/** A secret shown exactly once, with its copy button and the warning that goes with it (`note`, after the label). */
export function SecretOnce(props: { label: string; value: string; onDone: () => void; note?: string; testId?: string }) {
  return (
    <div class="secret-once" role="region" aria-label={props.label}>
      <p>
        <strong>{props.label}</strong>: {props.note ?? 'copy it now. It is shown only this once; we keep only a fingerprint of it.'}
      </p>
      <div class="secret-once__value">
        <code data-testid={props.testId ?? 'secret'}>{props.value}</code>
        <CopyButton value={props.value} />
      </div>
      <Button onClick={props.onDone} label="I have copied it" />
    </div>
  );
}
