import { useMemo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PASSWORD_HINT, parseInvitationCode, passwordProblem } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { FormFailure, TextField } from '../../components/fields';
import { useForm } from '../../components/use-form';
import { callFunction } from '../../lib/functions';
import { useAuth } from '../../session/store';
import { AuthLayout } from './AuthLayout';

interface InvitationForm {
  password: string;
  confirm: string;
}

export function validateInvitationForm({ password, confirm }: InvitationForm) {
  return {
    password: passwordProblem(password),
    confirm: confirm !== password ? 'The two passwords differ.' : undefined,
  };
}

/**
 * `/invitation#<code>`: the person an Admin invited sets their own password (once), is signed
 * in with it, and goes on to verify their email. The code stays in the fragment: never sent to a
 * server except as the callable's input.
 */
export default function InvitationPage() {
  const status = useAuth((s) => s.status);
  const signIn = useAuth((s) => s.signIn);
  const signOut = useAuth((s) => s.signOut);
  const invitation = useMemo(
    () => parseInvitationCode(decodeURIComponent(window.location.hash.slice(1))),
    [],
  );
  const [redeemed, setRedeemed] = useState(false);
  const form = useForm<InvitationForm>({
    initial: { password: '', confirm: '' },
    validate: validateInvitationForm,
    send: async ({ password }) => {
      if (!invitation) return;
      // Whoever was signed in on this browser is not the invitee.
      if (status === 'signedIn') await signOut();
      const { email } = await callFunction('redeemInvitation', { ...invitation, password });
      // Drop the spent code from the address bar and history before moving on.
      window.history.replaceState(null, '', '/invitation');
      await signIn(email, password);
      setRedeemed(true);
    },
  });

  // Signed in as the invitee: the console asks for the email verification next.
  if (redeemed && status === 'signedIn') return <Navigate to="/" replace />;

  if (!invitation) {
    return (
      <AuthLayout title="Invitation link incomplete">
        <p className="text-sm text-slate-700">
          This link does not hold a whole invitation. Open the full link you were given, or ask an
          Admin for a new invitation.
        </p>
        <Link to="/login" className="mt-6 inline-block text-sm text-sky-800 underline">
          Go to sign in
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set your password">
      <p className="mb-4 text-sm text-slate-700">
        You were invited to the Campus Safety Console. Choose your own password; this invitation
        then stops working. Next, you verify your email address.
      </p>
      <form onSubmit={form.submit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
          hint={PASSWORD_HINT}
          autoFocus
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirm')}
        />
        <FormFailure message={form.failure} />
        <Button type="submit" busy={form.busy} className="w-full">
          Set password and sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
