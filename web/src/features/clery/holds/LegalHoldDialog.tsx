import { setLegalHoldSchema, type CallableRequest } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import { setLegalHold } from '../api';

type LegalHoldRequest = CallableRequest<'setLegalHold'>;

/**
 * Set or lift the legal hold of an incident (blocks archiving while on). Which of the two is
 * offered comes from the holds read, so the form appears only once they are.
 */
export function LegalHoldDialog({
  incidentId,
  active,
  read,
  onClose,
}: {
  incidentId: string;
  active: boolean;
  /** The read of the active holds `active` comes from. */
  read: ReadStatus;
  onClose: () => void;
}) {
  const form = useForm<{ reason: string }, 'reason', LegalHoldRequest>({
    initial: { reason: '' },
    stored: { ...read, version: active },
    schema: setLegalHoldSchema,
    request: ({ reason }) => ({ incidentId, active: !active, reason }),
    send: async (request) => {
      await setLegalHold(request);
      toast.success(active ? 'Legal hold lifted' : 'Legal hold set', `Incident ${incidentId}.`);
      onClose();
    },
  });
  const { failure, busy, submit } = form;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      stored={{ read: form.read, what: 'the legal holds' }}
      title={active ? `Lift the legal hold on ${incidentId}` : `Put ${incidentId} on legal hold`}
      description={
        active
          ? 'The incident can be archived again once the hold is lifted.'
          : 'While on hold the incident cannot be archived; its Clery record is never deleted.'
      }
    >
      <form onSubmit={submit} noValidate>
        <TextAreaField label="Reason" {...form.field('reason')} rows={3} />
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label={active ? 'Lift hold' : 'Set hold'} />
      </form>
    </Dialog>
  );
}
