import { useState } from 'react';
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
export function useEmailVerification() {
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
