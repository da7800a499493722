import { EMERGENCY_TEXT_LIMIT, recordWarningDecisionSchema } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import { recordWarningDecision } from '../api';

/**
 * Records that a reported crime needs no Timely Warning (not a serious or continuing threat), and
 * why (docs/clery.md#warnings-and-tests); a revision keeps the earlier reason in the history.
 */
export function WarningDecisionDialog({
  incidentId,
  reason,
  read,
  onClose,
}: {
  incidentId: string;
  /** The reason on record, when revising. */
  reason: string | null;
  /** The read of the decisions `reason` comes from. */
  read: ReadStatus;
  onClose: () => void;
}) {
  const form = useForm({
    initial: { reason: reason ?? '' },
    stored: { ...read, version: reason },
    schema: recordWarningDecisionSchema,
    request: (values) => ({ incidentId, reason: values.reason }),
    send: async (request) => {
      await recordWarningDecision(request);
      toast.success('Decision recorded', `No Timely Warning for ${incidentId}.`);
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      stored={{ read: form.read, what: 'the decisions not to warn' }}
      title={`No Timely Warning for ${incidentId}`}
      description="Record why this crime is not a serious or continuing threat to the campus. The decision is kept seven years and listed for the annual security report."
    >
      <form onSubmit={form.submit} noValidate>
        <TextAreaField
          label="Reason"
          {...form.field('reason')}
          rows={4}
          maxLength={EMERGENCY_TEXT_LIMIT}
          hint="Who decided is recorded with it."
        />
        <FormFailure message={form.failure} />
        <DialogFooter
          onCancel={onClose}
          busy={form.busy}
          label={reason ? 'Save changes' : 'Record decision'}
        />
      </form>
    </Dialog>
  );
}
