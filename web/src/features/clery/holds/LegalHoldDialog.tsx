import { useState } from 'react';
import { setLegalHoldSchema, type CallableRequest } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import { setLegalHold } from '../api';

type LegalHoldRequest = CallableRequest<'setLegalHold'>;

/** Set or lift the legal hold of an incident (blocks archiving while on). */
export function LegalHoldDialog({
  incidentId,
  active,
  onClose,
}: {
  incidentId: string;
  active: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const { errors, failure, busy, submit } = useForm<object, string, LegalHoldRequest>({
    initial: {},
    schema: setLegalHoldSchema,
    request: () => ({ incidentId, active: !active, reason }),
    send: async (request) => {
      await setLegalHold(request);
      toast.success(active ? 'Legal hold lifted' : 'Legal hold set', `Incident ${incidentId}.`);
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      title={active ? `Lift the legal hold on ${incidentId}` : `Put ${incidentId} on legal hold`}
      description={
        active
          ? 'The incident can be archived again once the hold is lifted.'
          : 'While on hold the incident cannot be archived; its Clery record is never deleted.'
      }
    >
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label="Reason"
          value={reason}
          onChange={setReason}
          error={errors.reason}
          rows={3}
        />
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label={active ? 'Lift hold' : 'Set hold'} />
      </form>
    </Dialog>
  );
}
