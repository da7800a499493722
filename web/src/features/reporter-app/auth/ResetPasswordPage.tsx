import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { FormFailure, TextField } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { authErrorMessage } from '../../../session/auth-errors';
import { emailProblem } from '../../../lib/validation';
import { sendResetLink } from '../api';
import { AppFrame } from '../AppFrame';

export default function ResetPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '' },
    validate: ({ email }) => ({ email: emailProblem(email.trim()) }),
    send: async ({ email }) => {
      try {
        await sendResetLink(email);
      } catch (error) {
        throw new Error(authErrorMessage(error));
      }
      setSentTo(email.trim());
    },
  });
  return (
    <AppFrame title="Reset your password">
      {sentTo ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          If an account uses {sentTo}, a link to choose a new password is on its way there.
        </p>
      ) : (
        <form onSubmit={form.submit} noValidate className="max-w-md">
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <FormFailure message={form.failure} className="mb-3" />
          <Button type="submit" busy={form.busy} className="w-full">
            Send the reset link
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link to="/app/sign-in" className="font-medium text-sky-800 underline">
          Back to sign in
        </Link>
      </p>
    </AppFrame>
  );
}
