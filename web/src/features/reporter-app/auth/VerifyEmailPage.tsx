import { Navigate } from 'react-router';
import { Button } from '../../../components/Button';
import { useAuth } from '../../../session/store';
import { useEmailVerification } from '../../../session/use-email-verification';
import { AppFrame } from '../AppFrame';

export default function VerifyEmailPage() {
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const signOut = useAuth((s) => s.signOut);
  const { user, sent, step } = useEmailVerification();

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
          {sent ? 'Send the link again' : 'Resend the link'}
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </AppFrame>
  );
}
