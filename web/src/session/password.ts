import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { auth } from '../lib/auth';
import { passwordProblem } from '@campus-safety/model';
import type { FieldErrors } from '../lib/validation';
import { authErrorMessage } from './auth-errors';

export interface PasswordForm {
  current: string;
  next: string;
  confirm: string;
}
export type PasswordField = keyof PasswordForm;

export function validatePasswordForm(form: PasswordForm): FieldErrors<PasswordField> {
  return {
    current: form.current === '' ? 'Enter your current password.' : undefined,
    next:
      passwordProblem(form.next) ??
      (form.next === form.current
        ? 'Choose a password different from the current one.'
        : undefined),
    confirm: form.confirm !== form.next ? 'The passwords do not match.' : undefined,
  };
}

/** Re-authenticates with the current password (Firebase requires a recent sign-in), then changes it. */
export async function changePassword(current: string, next: string): Promise<void> {
  const user = auth.currentUser;
  if (!user?.email) throw new Error('You are signed out. Please sign in again.');
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/invalid-credential' || code === 'auth/wrong-password') {
      throw new Error('The current password is incorrect.');
    }
    throw new Error(authErrorMessage(error));
  }
  try {
    await updatePassword(user, next);
  } catch (error) {
    throw new Error(authErrorMessage(error));
  }
}
