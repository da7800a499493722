import { useState } from 'react';
import { Navigate } from 'react-router';
import { sendEmailVerification } from 'firebase/auth';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast-store';
import { AuthLayout } from './AuthLayout';
import { authErrorMessage } from '../../session/auth-errors';
import { useAuth } from '../../session/store';
import { callFunction } from '../../lib/functions';

export default function EmailVerificationPage() {
  const user = useAuth((s) => s.user);
  const status = useAuth((s) => s.status);
  const emailVerified = useAuth((s) => s.emailVerified);
  const recheckUser = useAuth((s) => s.recheckUser);
  const signOut = useAuth((s) => s.signOut);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  if (status === 'signedOut') return <Navigate to="/login" replace />;
  if (emailVerified) return <Navigate to="/" replace />;

  async function send() {
    if (!user) return;
    setBusy('send');
    setMessage(null);
    try {
      await sendEmailVerification(user);
      setSent(true);
      toast.success('Verification email sent', `Check the inbox of ${user.email}.`);
    } catch (error) {
      setMessage(authErrorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function check() {
    setBusy('check');
    setMessage(null);
    try {
      const verified = await recheckUser();
      if (!verified)
        setMessage('Your email is not verified yet. Open the link in the email, then check again.');
      // The Accounts screen shows the server's mirror of it; a failure here changes no access.
      else await callFunction('confirmEmailVerified', {}).catch(() => undefined);
    } catch (error) {
      setMessage(authErrorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <AuthLayout title="Verify your email">
      <p className="text-sm text-slate-700">
        Before using the console, confirm that <strong>{user?.email ?? 'your address'}</strong> is
        yours. We send a link to that address; open it, then choose “I have verified”.
      </p>
      {message && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {message}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <Button onClick={send} busy={busy === 'send'} disabled={!user}>
          {sent ? 'Resend verification email' : 'Send verification email'}
        </Button>
        <Button variant="secondary" onClick={check} busy={busy === 'check'} disabled={!user}>
          I have verified
        </Button>
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </AuthLayout>
  );
}
