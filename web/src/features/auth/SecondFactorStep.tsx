import { useEffect, useState } from 'react';
import type { MultiFactorError } from 'firebase/auth';
import { Button } from '../../components/Button';
import { TextField } from '../../components/fields';
import { useAction } from '../../components/use-action';
import { useForm } from '../../components/use-form';
import {
  codeProblem,
  confirmSignInCode,
  pendingSignIn,
  secondFactorErrorMessage,
  sendSignInCode,
  useInvisibleVerifier,
  type PendingSignIn,
} from '../../session/second-factor';

interface SecondFactorStepProps {
  /** The `auth/multi-factor-auth-required` error of the first step. */
  error: MultiFactorError;
  /** Back to the first step (the password). */
  onCancel: () => void;
  /** After the code is accepted (a sign-in then follows by itself through the session). */
  onDone?: () => void;
}

/**
 * The second step of a sign-in or re-authentication: sends an SMS code to the enrolled phone
 * and confirms it. Wrong, expired and too many codes each say what to do next.
 */
export function SecondFactorStep({ error, onCancel, onDone }: SecondFactorStepProps) {
  const { container, verifier } = useInvisibleVerifier();
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [verificationId, setVerificationId] = useState<string | null>(null);
  // Sending a code (first to the phone of `error`'s sign-in, then again on request).
  const sending = useAction(
    async (to?: PendingSignIn) => {
      const next = to ?? pendingSignIn(error);
      setPending(next);
      setVerificationId(await sendSignInCode(next, verifier()));
    },
    { failureText: secondFactorErrorMessage },
  );

  useEffect(() => {
    void sending.run();
    // One code per first step; "Send a new code" asks for another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const form = useForm({
    initial: { code: '' },
    validate: ({ code }) => ({ code: codeProblem(code) }),
    send: async ({ code }) => {
      if (!pending || !verificationId) throw new Error('Send a code first.');
      try {
        await confirmSignInCode(pending, verificationId, code.replace(/\s/g, ''));
      } catch (confirmError) {
        throw new Error(secondFactorErrorMessage(confirmError));
      }
      onDone?.();
    },
  });

  const phone = pending?.hint.phoneNumber ?? 'your phone';
  const failure = form.failure ?? sending.failure;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Second step: SMS code">
      <p className="mb-4 text-sm text-slate-700">
        {verificationId ? (
          <>
            We sent a 6-digit code to <strong>{phone}</strong>. Enter it to finish signing in.
          </>
        ) : sending.busy ? (
          <>Sending a code to {phone}…</>
        ) : (
          <>Your account has a second factor: we send a code to {phone}.</>
        )}
      </p>
      <TextField
        label="SMS code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        {...form.field('code')}
        autoFocus
      />
      {failure && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div ref={container} />
      <Button type="submit" busy={form.busy} disabled={!verificationId} className="w-full">
        Verify and sign in
      </Button>
      <div className="mt-3 flex flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Back
        </Button>
        <Button
          variant="ghost"
          busy={sending.busy}
          disabled={!pending}
          onClick={() => pending && void sending.run(pending)}
        >
          Send a new code
        </Button>
      </div>
    </form>
  );
}
