import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { MultiFactorError } from 'firebase/auth';
import { Button } from '../../components/Button';
import { TextField } from '../../components/fields';
import { useForm } from '../../components/use-form';
import { emailProblem, type FieldErrors } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';
import { useAuth } from '../../session/store';
import { isSecondFactorRequired } from '../../session/auth-errors';
import { SecondFactorStep } from './SecondFactorStep';

export function validateSignIn(email: string, password: string): FieldErrors<'email' | 'password'> {
  return {
    email: emailProblem(email),
    password: password === '' ? 'Enter your password.' : undefined,
  };
}

export default function LoginPage() {
  const status = useAuth((s) => s.status);
  const signIn = useAuth((s) => s.signIn);
  const location = useLocation();
  const [secondStep, setSecondStep] = useState<MultiFactorError | null>(null);
  const form = useForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => validateSignIn(email, password),
    send: async ({ email, password }) => {
      try {
        await signIn(email, password);
      } catch (error) {
        if (!isSecondFactorRequired(error)) throw error;
        setSecondStep(error);
      }
    },
  });

  if (status === 'signedIn') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

  if (secondStep) {
    return (
      <AuthLayout title="Enter your code">
        <SecondFactorStep error={secondStep} onCancel={() => setSecondStep(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in">
      <form onSubmit={form.submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          {...form.field('email')}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        {form.failure && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
            {form.failure}
          </p>
        )}
        <Button type="submit" busy={form.busy || status === 'loading'} className="w-full">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
