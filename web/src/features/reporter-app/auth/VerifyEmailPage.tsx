import { Navigate } from 'react-router';
import { useAuth } from '../../../session/store';
import { EmailVerificationActions } from '../../../session/EmailVerificationActions';
import { AppFrame } from '../AppFrame';

export default function VerifyEmailPage() {
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const user = useAuth((s) => s.user);

  if (status === 'signedOut') return <Navigate to="/app/sign-in" replace />;
  if (emailVerified) return <Navigate to="/app" replace />;

  return (
    <AppFrame title="Verify your email">
      <p className="text-sm text-slate-700">
        We sent a link to <strong>{user?.email ?? 'your address'}</strong>. Open it, then choose “I
        have verified”. Until then no report or message can be sent from this account.
      </p>
      <EmailVerificationActions linkSentAtSignUp />
    </AppFrame>
  );
}
