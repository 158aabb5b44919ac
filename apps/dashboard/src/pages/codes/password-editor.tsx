import { Badge } from '../../ui/badge';
import { CheckboxField, TextField } from '../../ui/field';
import { type FieldErrors } from './field-errors';
import { type PasswordForm } from './password-form';

/**
 * A dynamic code's password: set one, change it, or remove it. The password is never shown back (the
 * server keeps only its hash); a protected code says so and offers a new one or removal.
 */
export function PasswordEditor({ form, onForm, errors }: { form: PasswordForm; onForm: (next: PasswordForm) => void; errors: FieldErrors }) {
  return (
    <>
      {form.protected ? (
        <p data-testid="password-state">
          <Badge tone="good">protected</Badge> <span class="muted small">A scan asks for the password before it opens. It is not shown here.</span>
        </p>
      ) : null}
      <div class="grid-2">
        <TextField
          label={form.protected ? 'New password' : 'Password'}
          type="password"
          autocomplete="new-password"
          value={form.next}
          onValue={(next) => onForm({ ...form, next })}
          disabled={form.remove}
          maxLength={256}
          error={errors.at('/password')}
          hint={form.protected ? 'Leave empty to keep the current one.' : 'Optional. A scan must enter it before the code opens (4 characters at least).'}
        />
        {form.protected ? (
          <CheckboxField
            label="Remove the password"
            checked={form.remove}
            onChecked={(remove) => onForm({ ...form, remove, next: remove ? '' : form.next })}
            hint="Scans open the code directly again."
          />
        ) : null}
      </div>
    </>
  );
}
