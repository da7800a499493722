import { Link, Navigate, useNavigate } from 'react-router';
import { LIMITS, PASSWORD_HINT } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { FormFailure, TextField } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { useAuth } from '../../../session/store';
import { signUp } from '../api';
import { AppFrame } from '../AppFrame';
import { EMPTY_PLACE, placeRequest } from '../profile/place';
import { PlaceFields } from '../profile/PlaceFields';
import { signUpErrorMessage, validateSignUp } from './form';

export default function SignUpPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const form = useForm({
    initial: { firstName: '', lastName: '', email: '', password: '', confirm: '', ...EMPTY_PLACE },
    validate: validateSignUp,
    send: async (values) => {
      try {
        await signUp({ ...values, ...placeRequest(values) });
      } catch (error) {
        throw new Error(signUpErrorMessage(error));
      }
      navigate('/app/verify', { replace: true });
    },
  });

  if (status === 'signedIn' && !form.busy) return <Navigate to="/app" replace />;

  return (
    <AppFrame title="Create an account">
      <p className="mb-4 text-sm text-slate-700">
        Use the email address you read: we send a link to it, and you can report once you have
        opened it.
      </p>
      <form onSubmit={form.submit} noValidate className="max-w-md">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={LIMITS.name}
          {...form.field('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={LIMITS.name}
          {...form.field('lastName')}
        />
        <PlaceFields campus={form.field('campus')} affiliation={form.field('affiliation')} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          {...form.field('password')}
        />
        <TextField
          label="Password again"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm')}
        />
        <FormFailure message={form.failure} className="mb-3" />
        <Button type="submit" busy={form.busy} className="w-full">
          Create account
        </Button>
      </form>
      <p className="mt-4 text-sm">
        Already have an account?{' '}
        <Link to="/app/sign-in" className="font-medium text-sky-800 underline">
          Sign in
        </Link>
      </p>
    </AppFrame>
  );
}
