import { useState } from 'react';
import {
  WITHHOLD_REASONS,
  WITHHOLD_REASON_LABELS,
  withholdCrimeLogEntrySchema,
  type CallableRequest,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, SelectField, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import { withholdCrimeLogEntry } from '../api';

type WithholdRequest = CallableRequest<'withholdCrimeLogEntry'>;

/** Withhold a crime log entry for a reason, or release it (both logged with the note). */
export function WithholdDialog({
  incidentId,
  withheld,
  onClose,
}: {
  incidentId: string;
  withheld: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const { errors, failure, busy, submit } = useForm<object, string, WithholdRequest>({
    initial: {},
    schema: withholdCrimeLogEntrySchema,
    request: () => ({ incidentId, reason: withheld ? null : reason, note }) as WithholdRequest,
    send: async (request) => {
      await withholdCrimeLogEntry(request);
      toast.success(withheld ? 'Entry released' : 'Entry withheld', `Incident ${incidentId}.`);
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
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
            value={reason}
            onChange={setReason}
            placeholder="Choose a reason"
            options={WITHHOLD_REASONS.map((r) => ({ value: r, label: WITHHOLD_REASON_LABELS[r] }))}
            error={errors.reason}
          />
        )}
        <TextAreaField
          label="Note (kept in the record's history)"
          value={note}
          onChange={setNote}
          error={errors.note}
          rows={3}
        />
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label={withheld ? 'Release' : 'Withhold'} />
      </form>
    </Dialog>
  );
}
