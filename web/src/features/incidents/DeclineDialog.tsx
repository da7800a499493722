import { useState, type FormEvent } from 'react';
import { DECLINE_REASONS } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { SelectField, TextAreaField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { hasErrors, type FieldErrors } from '../../lib/validation';
import { declineIncident, type Incident } from './api';
import { validateDecline, type DeclineInput } from './forms';

export function DeclineDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const [input, setInput] = useState<DeclineInput>({ reason: '', description: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof DeclineInput>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateDecline(input);
    setErrors(problems);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      await declineIncident(incident.id, input.reason, input.description);
      toast.success('Report declined', 'The reporter will be notified.');
      onClose();
    } catch (error) {
      toast.error(
        'Could not decline the report',
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title="Decline report"
      description="The reporter sees the reason and description."
    >
      <form onSubmit={submit} noValidate>
        <SelectField
          label="Reason"
          value={input.reason}
          onChange={(v) => setInput((i) => ({ ...i, reason: v }))}
          placeholder="Choose…"
          options={DECLINE_REASONS}
          error={errors.reason}
        />
        <TextAreaField
          label="Description"
          value={input.description}
          onChange={(v) => setInput((i) => ({ ...i, description: v }))}
          error={errors.description}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            Decline report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
