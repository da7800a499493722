import {
  WITHHOLD_REASONS,
  WITHHOLD_REASON_LABELS,
  withholdCrimeLogEntrySchema,
  type CallableRequest,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, SelectField, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import { withholdCrimeLogEntry } from '../api';

type WithholdRequest = CallableRequest<'withholdCrimeLogEntry'>;

/**
 * Withhold a crime log entry for a reason, or release it (both logged with the note). Which of
 * the two is offered comes from the records read, so the form appears only once they are.
 */
export function WithholdDialog({
  incidentId,
  withheld,
  read,
  onClose,
}: {
  incidentId: string;
  withheld: boolean;
  /** The read of the Clery records `withheld` comes from. */
  read: ReadStatus;
  onClose: () => void;
}) {
  const form = useForm<{ reason: string; note: string }, 'reason' | 'note', WithholdRequest>({
    initial: { reason: '', note: '' },
    stored: { ...read, version: withheld },
    schema: withholdCrimeLogEntrySchema,
    request: ({ reason, note }) =>
      ({ incidentId, reason: withheld ? null : reason, note }) as WithholdRequest,
    send: async (request) => {
      await withholdCrimeLogEntry(request);
      toast.success(withheld ? 'Entry released' : 'Entry withheld', `Incident ${incidentId}.`);
      onClose();
    },
  });
  const { failure, busy, submit } = form;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      stored={{ read: form.read, what: 'the Clery record' }}
      title={
        withheld ? `Release the entry of ${incidentId}` : `Withhold the entry of ${incidentId}`
      }
      description={
        withheld
          ? 'The entry appears on the printed log and its export again.'
          : 'The entry leaves the printed log and its export until it is released.'
      }
    >
      <form onSubmit={submit} noValidate>
        {!withheld && (
          <SelectField
            label="Reason"
            {...form.field('reason')}
            placeholder="Choose a reason"
            options={WITHHOLD_REASONS.map((r) => ({ value: r, label: WITHHOLD_REASON_LABELS[r] }))}
          />
        )}
        <TextAreaField
          label="Note (kept in the record's history)"
          {...form.field('note')}
          rows={3}
        />
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label={withheld ? 'Release' : 'Withhold'} />
      </form>
    </Dialog>
  );
}
