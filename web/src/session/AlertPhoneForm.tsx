import { useState } from 'react';
import { ALERT_PHONE_LIMITS, PHONE_FORMAT_MESSAGE } from '@campus-safety/model';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';
import { TextField } from '../components/fields';
import { ReadState } from '../components/States';
import { useAction } from '../components/use-action';
import { useForm } from '../components/use-form';
import { useProgrammeTimeZone } from '../lib/institution';
import { useAuth } from './store';
import {
  confirmAlertPhone,
  removeAlertPhone,
  startAlertPhoneVerification,
  useAlertPhone,
} from './alert-phone';
import {
  ALERT_PHONE_RULES,
  alertPhoneProblems,
  alertPhonePurpose,
  codeSentText,
  newCodeLabel,
  typedCode,
  type AlertPhoneForm as Values,
  type PendingCode,
} from './alert-phone-form';

/**
 * "Phone for alerts" on both profile screens: no number (type one, a code is sent), a code sent
 * (type it, ask for a new one, or go back to the number), a proved number (remove it, or prove
 * another in its place), for the signed-in person. Staff are told pages reach the number too.
 */
export function AlertPhoneForm() {
  const uid = useAuth((s) => s.profile?.id ?? '');
  const staff = useAuth((s) => s.profile?.role !== 'User');
  const proved = useAlertPhone(uid);
  const timeZone = useProgrammeTimeZone();
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const form = useForm<Values>({
    initial: { phone: '', code: '' },
    validate: (values) => alertPhoneProblems(values, pending),
    send: async (values, { reset }) => {
      if (!pending) {
        setPending(await startAlertPhoneVerification(values.phone));
        return;
      }
      await confirmAlertPhone(typedCode(values.code));
      setPending(null);
      setReplacing(false);
      reset();
    },
  });
  const resend = useAction(async () => {
    form.set('code')('');
    form.clearFailure();
    setPending(await startAlertPhoneVerification(pending!.phone));
  });
  const phone = proved.data?.phone ?? null;
  // A server refusal belongs to the field its step asks for, where the person is looking.
  const refusal = form.failure ?? resend.failure ?? undefined;

  function backToNumber() {
    setPending(null);
    form.set('code')('');
    form.clearFailure();
    resend.clearFailure();
  }

  return (
    <ReadState read={proved} what="your phone for alerts">
      <div className="max-w-xl space-y-3 text-sm text-slate-700">
        <p>
          {alertPhonePurpose(staff)} {ALERT_PHONE_RULES}
        </p>
        {phone && !replacing && !pending ? (
          <>
            <p role="status" className="font-medium text-emerald-800">
              Alerts reach {phone} by SMS.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setReplacing(true)}>
                Use another number
              </Button>
              <Button variant="secondary" onClick={() => setRemoving(true)}>
                Remove
              </Button>
            </div>
            <ConfirmDialog
              open={removing}
              title="Remove your phone for alerts?"
              message={`Alerts will no longer reach ${phone} by SMS. You can add a number again at any time.`}
              confirmLabel="Remove"
              destructive
              failureTitle="Could not remove the phone"
              onConfirm={async () => {
                await removeAlertPhone();
                setRemoving(false);
              }}
              onClose={() => setRemoving(false)}
            />
          </>
        ) : (
          <form onSubmit={form.submit} noValidate aria-label="Phone for alerts">
            {pending ? (
              <>
                <p role="status" className="mb-3 font-medium text-slate-900">
                  {codeSentText(pending, timeZone)}
                </p>
                <div className="max-w-xs">
                  <TextField
                    label="Code from the SMS"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={ALERT_PHONE_LIMITS.codeDigits * 2}
                    {...form.field('code')}
                    error={form.errors.code ?? refusal}
                    autoFocus
                  />
                </div>
              </>
            ) : (
              <>
                <p className="mb-3 font-medium text-slate-900">
                  {phone ? 'Prove another number for alerts' : 'Add a phone for alerts'}
                </p>
                <div className="max-w-xs">
                  <TextField
                    label="Mobile number"
                    type="tel"
                    autoComplete="tel"
                    maxLength={ALERT_PHONE_LIMITS.typedPhoneChars}
                    hint={PHONE_FORMAT_MESSAGE}
                    {...form.field('phone')}
                    error={form.errors.phone ?? refusal}
                  />
                </div>
              </>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={form.busy}>
                {pending ? 'Confirm code' : 'Text me a code'}
              </Button>
              {pending && (
                <>
                  <Button
                    variant="secondary"
                    busy={resend.busy}
                    disabled={pending.codesLeftThisHour === 0}
                    onClick={() => void resend.run()}
                  >
                    {newCodeLabel(pending)}
                  </Button>
                  <Button variant="secondary" onClick={backToNumber}>
                    Use another number
                  </Button>
                </>
              )}
              {!pending && replacing && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setReplacing(false);
                    form.clearFailure();
                  }}
                >
                  Keep {phone}
                </Button>
              )}
            </div>
          </form>
        )}
      </div>
    </ReadState>
  );
}
