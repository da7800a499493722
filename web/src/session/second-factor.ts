import { useCallback, useEffect, useRef } from 'react';
import {
  getMultiFactorResolver,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  type MultiFactorError,
  type MultiFactorInfo,
  type MultiFactorResolver,
  type PhoneMultiFactorInfo,
  type User,
} from 'firebase/auth';
import { auth } from '../lib/auth';
import { authErrorMessage } from './auth-errors';

/*
 * SMS second factors with the web SDK (docs/console.md#second-factor). Every code request needs
 * an application verifier: an invisible reCAPTCHA in production; under the Auth emulator
 * (connectAuthEmulator) the SDK swaps in a mock that needs no network, so the same code runs.
 */

/**
 * An invisible reCAPTCHA for a screen that sends codes: render `<div ref={container} />`, call
 * `verifier()` when sending. Made on first use, cleared when the screen goes.
 */
export function useInvisibleVerifier() {
  const container = useRef<HTMLDivElement>(null);
  const made = useRef<RecaptchaVerifier | null>(null);
  useEffect(
    () => () => {
      made.current?.clear();
      made.current = null;
    },
    [],
  );
  const verifier = useCallback((): RecaptchaVerifier => {
    if (!container.current) throw new Error('The security check is not ready. Reload the page.');
    made.current ??= new RecaptchaVerifier(auth, container.current, { size: 'invisible' });
    return made.current;
  }, []);
  return { container, verifier };
}

/** The phone factors of a person (the only kind the console offers). */
export function phoneFactors(factors: readonly MultiFactorInfo[]): PhoneMultiFactorInfo[] {
  return factors.filter(
    (f): f is PhoneMultiFactorInfo => f.factorId === PhoneMultiFactorGenerator.FACTOR_ID,
  );
}

export interface PendingSignIn {
  resolver: MultiFactorResolver;
  /** The phone the code goes to, as Auth shows it (partly hidden). */
  hint: PhoneMultiFactorInfo;
}

/** The second step of a sign-in (or re-authentication) that needs one. */
export function pendingSignIn(error: MultiFactorError): PendingSignIn {
  const resolver = getMultiFactorResolver(auth, error);
  const hint = phoneFactors(resolver.hints)[0];
  if (!hint) throw new Error('This account has no phone second factor. Ask an Admin for help.');
  return { resolver, hint };
}

/** Sends the code of a pending sign-in; resolves with the verification id to confirm it with. */
export function sendSignInCode(pending: PendingSignIn, verifier: RecaptchaVerifier) {
  return new PhoneAuthProvider(auth).verifyPhoneNumber(
    { multiFactorHint: pending.hint, session: pending.resolver.session },
    verifier,
  );
}

export async function confirmSignInCode(
  pending: PendingSignIn,
  verificationId: string,
  code: string,
): Promise<void> {
  const credential = PhoneAuthProvider.credential(verificationId, code);
  await pending.resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(credential));
}

/** Sends a code to a phone being added as a second factor of the signed-in person. */
export async function sendEnrolmentCode(
  user: User,
  phoneNumber: string,
  verifier: RecaptchaVerifier,
): Promise<string> {
  const session = await multiFactor(user).getSession();
  return new PhoneAuthProvider(auth).verifyPhoneNumber({ phoneNumber, session }, verifier);
}

/**
 * Adds the phone once its code is confirmed. Auth hands back a token that names the second
 * factor, so this session counts as a two-step one from here on.
 */
export async function confirmEnrolment(
  user: User,
  verificationId: string,
  code: string,
  displayName: string,
): Promise<void> {
  const credential = PhoneAuthProvider.credential(verificationId, code);
  await multiFactor(user).enroll(
    PhoneMultiFactorGenerator.assertion(credential),
    displayName || null,
  );
}

export function removeFactor(user: User, factor: MultiFactorInfo): Promise<void> {
  return multiFactor(user).unenroll(factor);
}

/** SMS codes are six digits; what people paste may carry spaces. */
export function codeProblem(code: string): string | undefined {
  return /^[0-9]{6}$/.test(code.replace(/\s/g, ''))
    ? undefined
    : 'Enter the 6-digit code from the SMS.';
}

const MESSAGES: Record<string, string> = {
  'auth/invalid-verification-code': 'That code is not right. Check the SMS and try again.',
  'auth/missing-verification-code': 'Enter the 6-digit code from the SMS.',
  'auth/code-expired': 'That code has expired. Send a new code.',
  'auth/invalid-verification-id': 'This code request has expired. Send a new code.',
  'auth/missing-verification-id': 'Send a code first.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then send a new code.',
  'auth/quota-exceeded': 'No more SMS can be sent right now. Try again later.',
  'auth/invalid-phone-number':
    'Enter the phone number with its country code, for example +63 912 345 6789.',
  'auth/missing-phone-number': 'Enter a phone number.',
  'auth/second-factor-already-in-use': 'This phone is already one of your second factors.',
  'auth/maximum-second-factor-count-exceeded':
    'You have as many second factors as Auth allows. Remove one first.',
  'auth/unverified-email':
    'A second factor needs a verified email. Verify your email address first.',
  'auth/captcha-check-failed': 'The security check failed. Reload the page and try again.',
  'auth/multi-factor-info-not-found': 'That second factor is no longer on your account.',
  'auth/requires-recent-login':
    'For your security, this needs a recent sign-in: sign out, sign in again, then retry.',
};

/** What a person reads for a second-factor failure; other Auth errors as at sign-in. */
export function secondFactorErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && MESSAGES[code]) return MESSAGES[code];
  if (error instanceof Error && !code) return error.message;
  return authErrorMessage(error);
}
