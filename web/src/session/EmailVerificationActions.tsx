import { useState } from 'react';
import { Button } from '../components/Button';
import { sendEmailVerification } from 'firebase/auth';
import { toast } from '../components/toast-store';
import { useAction } from '../components/use-action';
import { callFunction } from '../lib/functions';
import { authErrorMessage } from './auth-errors';
import { useAuth } from './store';

class NotVerifiedYet extends Error {
  constructor() {
    super('Your email is not verified yet. Open the link in the email, then check again.');
  }
}

/**
 * The two steps of a verification screen (the console's and the reporter app's): send the link
 * again, and "I have verified" (reload the Auth user, refresh its token, then the server's mirror
 * for Accounts, which no access depends on). One action, so the screen says why the last failed.
 */
function useEmailVerification() {
  const user = useAuth((s) => s.user);
  const recheckUser = useAuth((s) => s.recheckUser);
  const [sent, setSent] = useState(false);
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
      await callFunction('confirmEmailVerified', {}).catch(() => undefined);
    },
    {
      failureText: (error) =>
        error instanceof NotVerifiedYet ? error.message : authErrorMessage(error),
    },
  );
  return { user, sent, step };
}

/**
 * The failure line and the buttons of a verification screen: send (or resend) the link, "I have
 * verified", sign out. `linkSentAtSignUp` (the reporter app sends it when the account is made)
 * puts "I have verified" first and offers the link again.
 */
export function EmailVerificationActions({
  linkSentAtSignUp = false,
}: {
  linkSentAtSignUp?: boolean;
}) {
  const signOut = useAuth((s) => s.signOut);
  const { user, sent, step } = useEmailVerification();
  const send = (
    <Button
      key="send"
      variant={linkSentAtSignUp ? 'secondary' : 'primary'}
      onClick={() => void step.run('send')}
      busy={step.running?.[0] === 'send'}
      disabled={!user}
    >
      {linkSentAtSignUp || sent ? 'Resend verification email' : 'Send verification email'}
    </Button>
  );
  const check = (
    <Button
      key="check"
      variant={linkSentAtSignUp ? 'primary' : 'secondary'}
      onClick={() => void step.run('check')}
      busy={step.running?.[0] === 'check'}
      disabled={!user}
    >
      I have verified
    </Button>
  );
  return (
    <>
      {step.failure && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {step.failure}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        {linkSentAtSignUp ? [check, send] : [send, check]}
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </div>
    </>
  );
}
