import { THREAT_LEVELS } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { CheckboxGroup, SelectField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import type { Incident } from '../../../data/incidents';
import { useLiveQuery } from '../../../data/live-query';
import { staffOption } from '../../../data/staff-directory';
import { tagsSpec } from '../../../data/tags';
import { assignReport } from '../api';
import { useAssignableStaff } from './use-assignable-staff';
import { validateAssign, type AssignInput } from './forms';
import { useCampuses } from '../../../data/settings';

export function AssignDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const campuses = useCampuses();
  const staff = useAssignableStaff(incident.nearestCampus);
  const tags = useLiveQuery(tagsSpec);
  const form = useForm<AssignInput>({
    initial: {
      assigneeId: incident.assignedTo?.id ?? '',
      threatLevel: incident.threatLevel ?? '',
      tags: incident.tags ?? [],
    },
    validate: (input) =>
      validateAssign(
        input,
        staff.data.map((s) => s.id),
      ),
    send: async (input) => {
      const person = staff.data.find((s) => s.id === input.assigneeId)!;
      await assignReport(incident.id, person, {
        threatLevel: input.threatLevel,
        tags: input.tags,
      });
      toast.success(
        'Report assigned',
        `${person.displayName} is handling it; status is now Processing.`,
      );
      onClose();
    },
    failureTitle: 'Could not assign the report',
  });

  return (
    <Dialog open onClose={onClose} busy={form.busy} title="Assign report">
      <form onSubmit={form.submit} noValidate>
        <SelectField
          label="Assignee"
          {...form.field('assigneeId')}
          placeholder={staff.status === 'loading' ? 'Loading staff…' : 'Choose a staff member…'}
          options={staff.data.map((s) => staffOption(s, campuses))}
          error={
            form.errors.assigneeId ??
            (staff.status === 'error' ? (staff.error ?? undefined) : undefined)
          }
        />
        <SelectField
          label="Threat level"
          {...form.field('threatLevel')}
          placeholder="Choose…"
          options={THREAT_LEVELS}
        />
        <CheckboxGroup
          legend="Tags"
          options={tags.data.map((t) => t.name)}
          selected={form.values.tags}
          onChange={form.set('tags')}
          error={form.errors.tags}
        />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Assign" />
      </form>
    </Dialog>
  );
}
