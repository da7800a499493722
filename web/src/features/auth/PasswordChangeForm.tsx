import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/fields';
import { hasErrors, type FieldErrors } from '../../lib/validation';
import {
  changePassword,
  validatePasswordForm,
  type PasswordField,
  type PasswordForm,
} from './password';

/** Current / new / confirm; the caller decides what happens after a successful change. */
export function PasswordChangeForm({
  onChanged,
  submitLabel = 'Change password',
}: {
  onChanged: () => Promise<void> | void;
  submitLabel?: string;
}) {
  const [form, setForm] = useState<PasswordForm>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: PasswordField) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validatePasswordForm(form);
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      await changePassword(form.current, form.next);
      await onChanged();
      setForm({ current: '', next: '', confirm: '' });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={form.current}
        onChange={set('current')}
        error={errors.current}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={form.next}
        onChange={set('next')}
        error={errors.next}
        hint="At least 8 characters with a letter and a digit."
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set('confirm')}
        error={errors.confirm}
      />
      {failure && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
