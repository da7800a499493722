import { useState } from 'react';
import { Navigate } from 'react-router';
import { sendEmailVerification } from 'firebase/auth';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { AuthLayout } from './AuthLayout';
import { authErrorMessage } from '../../session/auth-errors';
import { useAuth } from '../../session/store';
import { callFunction } from '../../lib/functions';

class NotVerifiedYet extends Error {
  constructor() {
    super('Your email is not verified yet. Open the link in the email, then check again.');
  }
}

export default function EmailVerificationPage() {
  const user = useAuth((s) => s.user);
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const recheckUser = useAuth((s) => s.recheckUser);
  const signOut = useAuth((s) => s.signOut);
  const [sent, setSent] = useState(false);
  // Sending the link and checking it are two steps of one action: one says why the last failed.
  const step = useAction(
    async (which: 'send' | 'check') => {
      if (!user) return;
      if (which === 'send') {
        await sendEmailVerification(user);
        setSent(true);
        toast.success('Verification email sent', `Check the inbox of ${user.email}.`);
        return;
      }
      if (!(await recheckUser())) throw new NotVerifiedYet();
      // The Accounts screen shows the server's mirror of it; a failure here changes no access.
      await callFunction('confirmEmailVerified', {}).catch(() => undefined);
    },
    {
      failureText: (error) =>
        error instanceof NotVerifiedYet ? error.message : authErrorMessage(error),
    },
  );

  if (status === 'signedOut') return <Navigate to="/login" replace />;
  if (emailVerified) return <Navigate to="/" replace />;

  return (
    <AuthLayout title="Verify your email">
      <p className="text-sm text-slate-700">
        Before using the console, confirm that <strong>{user?.email ?? 'your address'}</strong> is
        yours. We send a link to that address; open it, then choose “I have verified”.
      </p>
      {step.failure && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {step.failure}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <Button
          onClick={() => void step.run('send')}
          busy={step.running?.[0] === 'send'}
          disabled={!user}
        >
          {sent ? 'Resend verification email' : 'Send verification email'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void step.run('check')}
          busy={step.running?.[0] === 'check'}
          disabled={!user}
        >
          I have verified
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </AuthLayout>
  );
}
