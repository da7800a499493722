import { LIMITS } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { SelectField, TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import type { Incident } from '../../../data/incidents';
import { staffOption } from '../../../data/staff-directory';
import { reassignReport } from '../api';
import { useAssignableStaff } from './use-assignable-staff';
import { validateReassign, type ReassignInput } from './forms';
import { useCampuses } from '../../../data/settings';

/**
 * Hands a report in progress to another staff member of its campus, with a reason: the new
 * assignee and the previous one are told, and the new one acknowledges anew.
 */
export function ReassignDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const campuses = useCampuses();
  const current = incident.assignedTo?.id ?? null;
  const staffList = useAssignableStaff(incident.nearestCampus, current);
  const staff = staffList.data;
  const form = useForm<ReassignInput>({
    initial: { assigneeId: '', reason: '' },
    validate: (input) =>
      validateReassign(
        input,
        staff.map((s) => s.id),
        current,
      ),
    send: async (input) => {
      const person = staff.find((s) => s.id === input.assigneeId)!;
      await reassignReport({
        incidentId: incident.id,
        assigneeId: person.id,
        reason: input.reason.trim(),
      });
      toast.success('Report reassigned', `${person.displayName} is told and handles it now.`);
      onClose();
    },
    failureTitle: 'Could not reassign the report',
  });

  return (
    <Dialog open onClose={onClose} busy={form.busy} title="Reassign report">
      <form onSubmit={form.submit} noValidate>
        <p className="mb-3 text-sm text-slate-700">
          Now with {incident.assignedTo?.displayName ?? 'nobody'}. Both of you are told.
        </p>
        <SelectField
          label="New assignee"
          {...form.field('assigneeId')}
          placeholder={staffList.status === 'loading' ? 'Loading staff…' : 'Choose a staff member…'}
          options={staff.map((s) => staffOption(s, campuses))}
          error={
            form.errors.assigneeId ??
            (staffList.status === 'error' ? (staffList.error ?? undefined) : undefined)
          }
        />
        <TextAreaField
          label="Reason"
          {...form.field('reason')}
          maxLength={LIMITS.reassignReason}
          rows={3}
          hint={`Shown in the report's timeline and to both assignees; at most ${LIMITS.reassignReason} characters.`}
        />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Reassign" />
      </form>
    </Dialog>
  );
}
