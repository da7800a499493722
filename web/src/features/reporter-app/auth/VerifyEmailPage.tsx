import { useState } from 'react';
import { Navigate } from 'react-router';
import { sendEmailVerification } from 'firebase/auth';
import { Button } from '../../../components/Button';
import { toast } from '../../../components/toast-store';
import { useAction } from '../../../components/use-action';
import { callFunction } from '../../../lib/functions';
import { authErrorMessage } from '../../../session/auth-errors';
import { useAuth } from '../../../session/store';
import { AppFrame } from '../AppFrame';

class NotVerifiedYet extends Error {
  constructor() {
    super('Your email is not verified yet. Open the link in the email, then check again.');
  }
}

/** Nothing works until the email is verified: the rules refuse every report and message before. */
export default function VerifyEmailPage() {
  const user = useAuth((s) => s.user);
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const recheckUser = useAuth((s) => s.recheckUser);
  const signOut = useAuth((s) => s.signOut);
  const [resent, setResent] = useState(false);
  const step = useAction(
    async (which: 'send' | 'check') => {
      if (!user) return;
      if (which === 'send') {
        await sendEmailVerification(user);
        setResent(true);
        toast.success('Verification email sent', `Check the inbox of ${user.email}.`);
        return;
      }
      if (!(await recheckUser())) throw new NotVerifiedYet();
      // The server's mirror of it (Accounts); access does not depend on it.
      await callFunction('confirmEmailVerified', {}).catch(() => undefined);
    },
    {
      failureText: (error) =>
        error instanceof NotVerifiedYet ? error.message : authErrorMessage(error),
    },
  );

  if (status === 'signedOut') return <Navigate to="/app/sign-in" replace />;
  if (emailVerified) return <Navigate to="/app" replace />;

  return (
    <AppFrame title="Verify your email">
      <p className="text-sm text-slate-700">
        We sent a link to <strong>{user?.email ?? 'your address'}</strong>. Open it, then choose “I
        have verified”. Until then no report or message can be sent from this account.
      </p>
      {step.failure && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {step.failure}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <Button
          onClick={() => void step.run('check')}
          busy={step.running?.[0] === 'check'}
          disabled={!user}
        >
          I have verified
        </Button>
        <Button
          variant="secondary"
          onClick={() => void step.run('send')}
          busy={step.running?.[0] === 'send'}
          disabled={!user}
        >
          {resent ? 'Send the link again' : 'Resend the link'}
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </AppFrame>
  );
}
