import { LIMITS, passwordProblem } from '@campus-safety/model';
import { emailProblem, requiredText, type FieldErrors } from '../../../lib/validation';
import { placeProblems, type PlaceForm } from '../profile/place';

export interface SignUpForm extends PlaceForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
}

export type SignUpField = keyof SignUpForm;

/** The names the rules take: one line each, bounded. */
export function nameProblems(form: { firstName: string; lastName: string }) {
  return {
    firstName: requiredText(form.firstName.trim(), 'First name', LIMITS.name),
    lastName: requiredText(form.lastName.trim(), 'Last name', LIMITS.name),
  };
}

/** A new app user's details: their names, a real email, the model's password policy (the one
 * invitations use) typed twice, and their campus and affiliation. */
export function validateSignUp(form: SignUpForm): FieldErrors<SignUpField> {
  return {
    ...nameProblems(form),
    email: emailProblem(form.email.trim()),
    password: passwordProblem(form.password),
    confirm: form.confirm === form.password ? undefined : 'The two passwords are not the same.',
    ...placeProblems(form),
  };
}

/** What a person signing up reads for an Auth refusal (sign-in's own texts cover the rest). */
export const SIGN_UP_MESSAGES: Record<string, string> = {
  'auth/email-already-in-use':
    'An account with this email already exists. Sign in, or reset its password.',
  'auth/invalid-email': 'Enter a valid email address.',
  'auth/weak-password': 'Choose a stronger password.',
  'auth/network-request-failed': 'You appear to be offline. Check your connection and try again.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
};

export function signUpErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && SIGN_UP_MESSAGES[code]) || messageOrDefault(error);
}

function messageOrDefault(error: unknown): string {
  return error instanceof Error && !('code' in error) && error.message
    ? error.message
    : 'Could not create the account. Please try again.';
}
