import { Navigate } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { useAuth } from '../../session/store';
import { EmailVerificationActions } from '../../session/EmailVerificationActions';

export default function EmailVerificationPage() {
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const user = useAuth((s) => s.user);

  if (status === 'signedOut') return <Navigate to="/login" replace />;
  if (emailVerified) return <Navigate to="/" replace />;

  return (
    <AuthLayout title="Verify your email">
      <p className="text-sm text-slate-700">
        Before using the console, confirm that <strong>{user?.email ?? 'your address'}</strong> is
        yours. We send a link to that address; open it, then choose “I have verified”.
      </p>
      <EmailVerificationActions />
    </AuthLayout>
  );
}
