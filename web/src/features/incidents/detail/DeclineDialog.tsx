import { Dialog, DialogFooter } from '../../../components/Dialog';
import { SelectField, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import type { Incident } from '../../../data/incidents';
import { useDeclineReasons } from '../../../data/settings';
import { declineIncident } from '../api';
import { validateDecline, type DeclineInput } from './forms';

export function DeclineDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const reasons = useDeclineReasons();
  const form = useForm<DeclineInput>({
    initial: { reason: '', description: '' },
    validate: (input) => validateDecline(input, reasons),
    send: async ({ reason, description }) => {
      await declineIncident(incident.id, reason, description);
      toast.success('Report declined', 'The reporter will be notified.');
      onClose();
    },
    failureTitle: 'Could not decline the report',
  });

  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      title="Decline report"
      description="The reporter sees the reason and description."
    >
      <form onSubmit={form.submit} noValidate>
        <SelectField
          label="Reason"
          {...form.field('reason')}
          placeholder="Choose…"
          options={reasons}
        />
        <TextAreaField label="Description" {...form.field('description')} />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Decline report" destructive />
      </form>
    </Dialog>
  );
}
