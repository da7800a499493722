import { PASSWORD_HINT } from '@campus-safety/model';
import { Button } from '../components/Button';
import { FormFailure, TextField } from '../components/fields';
import { useForm } from '../components/use-form';
import { changePassword, validatePasswordForm, type PasswordForm } from './password';

/** Current / new / confirm; the caller decides what happens after a successful change. */
export function PasswordChangeForm({
  onChanged,
  submitLabel = 'Change password',
}: {
  onChanged: () => Promise<void> | void;
  submitLabel?: string;
}) {
  const form = useForm<PasswordForm>({
    initial: { current: '', next: '', confirm: '' },
    validate: validatePasswordForm,
    send: async ({ current, next }, { reset }) => {
      await changePassword(current, next);
      await onChanged();
      reset();
    },
  });

  return (
    <form onSubmit={form.submit} noValidate className="max-w-md">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('current')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('next')}
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirm')}
      />
      <FormFailure message={form.failure} className="mb-3" />
      <Button type="submit" busy={form.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
