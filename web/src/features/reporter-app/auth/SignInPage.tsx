import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/Button';
import { FormFailure, TextField } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { isSecondFactorRequired } from '../../../session/auth-errors';
import { useAuth } from '../../../session/store';
import { emailProblem } from '../../../lib/validation';
import { AppFrame } from '../AppFrame';

export default function SignInPage() {
  const status = useAuth((s) => s.status);
  const signIn = useAuth((s) => s.signIn);
  const location = useLocation();
  const form = useForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => ({
      email: emailProblem(email.trim()),
      password: password === '' ? 'Enter your password.' : undefined,
    }),
    send: async ({ email, password }) => {
      try {
        await signIn(email, password);
      } catch (error) {
        // Only staff accounts have a second factor, and they work in the console.
        if (isSecondFactorRequired(error))
          throw new Error('This account signs in with a code: use the console at /login.');
        throw error;
      }
    },
  });

  if (status === 'signedIn') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from?.startsWith('/app') ? from : '/app'} replace />;
  }

  return (
    <AppFrame title="Sign in">
      <p className="mb-4 text-sm text-slate-700">
        Report an incident to your campus safety team, follow what happens and answer their
        questions.
      </p>
      <form onSubmit={form.submit} noValidate className="max-w-md">
        <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <FormFailure message={form.failure} className="mb-3" />
        <Button type="submit" busy={form.busy || status === 'loading'} className="w-full">
          Sign in
        </Button>
      </form>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to="/app/sign-up" className="font-medium text-sky-800 underline">
          Create an account
        </Link>
        <Link to="/app/reset-password" className="font-medium text-sky-800 underline">
          Forgot your password?
        </Link>
      </p>
    </AppFrame>
  );
}
