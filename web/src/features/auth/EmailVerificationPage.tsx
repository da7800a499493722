import { Navigate } from 'react-router';
import { Button } from '../../components/Button';
import { AuthLayout } from './AuthLayout';
import { useAuth } from '../../session/store';
import { useEmailVerification } from '../../session/use-email-verification';

export default function EmailVerificationPage() {
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const signOut = useAuth((s) => s.signOut);
  const { user, sent, step } = useEmailVerification();

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
