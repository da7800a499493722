import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/Button';
import { TextField } from '../../components/fields';
import { emailProblem, hasErrors, type FieldErrors } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';
import { useAuth } from './store';

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (status === 'signedIn') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateSignIn(email, password);
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      await signIn(email, password);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Sign in">
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={errors.email}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        {failure && (
          <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" busy={busy || status === 'loading'} className="w-full">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
