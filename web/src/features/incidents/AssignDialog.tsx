import { useState, type FormEvent } from 'react';
import { THREAT_LEVELS } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { CheckboxGroup, SelectField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useStaff } from '../../hooks/use-staff';
import { canBeAssigned } from '../../lib/staff';
import { useAuth } from '../auth/store';
import { useTags } from '../../hooks/use-tags';
import { fullName } from '../../lib/format';
import { hasErrors, type FieldErrors } from '../../lib/validation';
import { assignIncident, type Incident } from './api';
import { validateAssign, type AssignInput } from './forms';

export function AssignDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const role = useAuth((s) => s.profile?.role ?? null);
  const campus = useAuth((s) => s.profile?.campus ?? null);
  const staffList = useStaff(role, campus);
  // The rules accept Admins, or IMT of the report's campus, as assignees.
  const staff = {
    ...staffList,
    data: staffList.data.filter((p) => canBeAssigned(p, incident.nearestCampus)),
  };
  const tags = useTags();
  const [input, setInput] = useState<AssignInput>({
    assigneeId: incident.assignedTo?.id ?? '',
    threatLevel: incident.threatLevel ?? '',
    tags: incident.tags ?? [],
  });
  const [errors, setErrors] = useState<FieldErrors<keyof AssignInput>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateAssign(
      input,
      staff.data.map((s) => s.id),
    );
    setErrors(problems);
    if (hasErrors(problems)) return;
    const person = staff.data.find((s) => s.id === input.assigneeId)!;
    setBusy(true);
    try {
      await assignIncident(incident.id, {
        assignee: { id: person.id, displayName: fullName(person), email: person.email },
        threatLevel: input.threatLevel,
        tags: input.tags,
      });
      toast.success(
        'Report assigned',
        `${fullName(person)} is handling it; status is now Processing.`,
      );
      onClose();
    } catch (error) {
      toast.error(
        'Could not assign the report',
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={busy ? () => undefined : onClose} title="Assign report">
      <form onSubmit={submit} noValidate>
        <SelectField
          label="Assignee"
          value={input.assigneeId}
          onChange={(v) => setInput((i) => ({ ...i, assigneeId: v }))}
          placeholder={staff.status === 'loading' ? 'Loading staff…' : 'Choose a staff member…'}
          options={staff.data.map((s) => ({
            value: s.id,
            label: `${fullName(s)} (${s.role}${s.campus ? `, ${s.campus}` : ''})`,
          }))}
          error={
            errors.assigneeId ?? (staff.status === 'error' ? (staff.error ?? undefined) : undefined)
          }
        />
        <SelectField
          label="Threat level"
          value={input.threatLevel}
          onChange={(v) => setInput((i) => ({ ...i, threatLevel: v }))}
          placeholder="Choose…"
          options={THREAT_LEVELS}
          error={errors.threatLevel}
        />
        <CheckboxGroup
          legend="Tags"
          options={tags.data.map((t) => t.name)}
          selected={input.tags}
          onChange={(next) => setInput((i) => ({ ...i, tags: next }))}
          error={errors.tags}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Assign
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
