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

/** A secret shown exactly once, with its copy button and the warning that goes with it. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div class="secret-once" role="region" aria-label={label}>
      <p>
        <strong>{label}</strong>: copy it now. It is shown only this once; we keep only a fingerprint of it.
      </p>
      <div class="secret-once__value">
        <code data-testid="secret">{value}</code>
        <CopyButton value={value} />
      </div>
      <Button onClick={onDone} label="I have copied it" />
    </div>
  );
}
