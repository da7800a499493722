import { useState } from 'react';
import { normalisePhoneNumber } from '@campus-safety/model';
import { multiFactor, type PhoneMultiFactorInfo, type User } from 'firebase/auth';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';
import { TextField } from '../components/fields';
import { toast } from '../components/toast-store';
import { useForm } from '../components/use-form';
import { Time } from '../components/Time';
import {
  codeProblem,
  confirmEnrolment,
  phoneFactors,
  removeFactor,
  secondFactorErrorMessage,
  sendEnrolmentCode,
  useInvisibleVerifier,
} from './second-factor';
import { useAuth } from './store';

const NAME_MAX = 40;

interface EnrolmentInput {
  phone: string;
  name: string;
  code: string;
}

/** Phone, then the code sent to it: two steps of one form, so nothing typed is lost. */
function AddPhoneForm({ user, onAdded }: { user: User; onAdded: () => void }) {
  const { container, verifier } = useInvisibleVerifier();
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const form = useForm<EnrolmentInput>({
    initial: { phone: '', name: '', code: '' },
    validate: ({ phone, name, code }) => ({
      phone: normalisePhoneNumber(phone)
        ? undefined
        : 'Enter the phone number with its country code, for example +63 912 345 6789.',
      name: name.trim().length > NAME_MAX ? `Use at most ${NAME_MAX} characters.` : undefined,
      code: verificationId ? codeProblem(code) : undefined,
    }),
    send: async ({ phone, name, code }, { reset }) => {
      try {
        if (!verificationId) {
          setVerificationId(
            await sendEnrolmentCode(user, normalisePhoneNumber(phone)!, verifier()),
          );
          return;
        }
        await confirmEnrolment(user, verificationId, code.replace(/\s/g, ''), name.trim());
      } catch (error) {
        throw new Error(secondFactorErrorMessage(error));
      }
      toast.success('Second factor added', 'Signing in now asks for a code sent to this phone.');
      setVerificationId(null);
      reset();
      onAdded();
    },
  });

  return (
    <form onSubmit={form.submit} noValidate aria-label="Add a phone" className="max-w-2xl">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+63 912 345 6789"
          {...form.field('phone')}
          disabled={verificationId !== null}
        />
        <TextField
          label="Name (optional)"
          hint="Helps you tell your phones apart."
          maxLength={NAME_MAX}
          {...form.field('name')}
          disabled={verificationId !== null}
        />
      </div>
      {verificationId && (
        <div className="max-w-xs">
          <TextField
            label="SMS code"
            hint="The 6-digit code we just sent to this phone."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            {...form.field('code')}
            autoFocus
          />
        </div>
      )}
      {form.failure && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {form.failure}
        </p>
      )}
      <div ref={container} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={form.busy}>
          {verificationId ? 'Confirm code and add phone' : 'Send code'}
        </Button>
        {verificationId && (
          <Button
            variant="secondary"
            onClick={() => {
              setVerificationId(null);
              form.set('code')('');
            }}
          >
            Use another number
          </Button>
        )}
      </div>
    </form>
  );
}

function FactorList({
  factors,
  onRemove,
}: {
  factors: PhoneMultiFactorInfo[];
  onRemove: (factor: PhoneMultiFactorInfo) => void;
}) {
  if (factors.length === 0)
    return <p className="mb-4 text-sm text-slate-600">No second factor yet.</p>;
  return (
    <ul aria-label="Your second factors" className="mb-4 divide-y divide-slate-200 text-sm">
      {factors.map((factor) => (
        <li key={factor.uid} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div>
            <p className="font-medium">{factor.displayName || 'Phone'}</p>
            <p className="text-slate-600">
              {factor.phoneNumber} · added <Time value={factor.enrollmentTime} />
            </p>
          </div>
          <Button variant="secondary" onClick={() => onRemove(factor)}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Second factors of the signed-in person: SMS codes to a phone. Auth allows them only on an
 * account whose email is verified.
 */
export function SecondFactorEnrolment() {
  const user = useAuth((s) => s.user);
  const emailVerified = useAuth((s) => s.emailVerified);
  // The SDK updates the user's factors in place after enrolling or removing: re-read them then.
  const [, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);
  const [removing, setRemoving] = useState<PhoneMultiFactorInfo | null>(null);

  if (!user) return null;
  const factors = phoneFactors(multiFactor(user).enrolledFactors);

  async function remove(factor: PhoneMultiFactorInfo) {
    await removeFactor(user!, factor);
    toast.success('Second factor removed');
    setRemoving(null);
    refresh();
  }

  return (
    <div>
      <p className="mb-3 max-w-2xl text-sm text-slate-700">
        With a second factor, signing in also asks for a code sent by SMS to your phone, so a
        password alone is not enough. It needs a verified email address.
      </p>
      <FactorList factors={factors} onRemove={setRemoving} />
      {emailVerified ? (
        <AddPhoneForm user={user} onAdded={refresh} />
      ) : (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          Verify your email address ({user.email}) before adding a second factor.
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this second factor?"
        message={
          <>
            Signing in will no longer send a code to {removing?.phoneNumber}
            {factors.length === 1 ? ', and a password alone will be enough' : ''}.
          </>
        }
        confirmLabel="Remove"
        destructive
        onConfirm={() => (removing ? remove(removing) : undefined)}
        failureTitle="Could not remove the second factor"
        failureText={secondFactorErrorMessage}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
