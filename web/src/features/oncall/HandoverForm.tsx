import { useState } from 'react';
import { Button } from '../../components/Button';
import { FormFailure, SelectField, TextAreaField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveQuery } from '../../data/live-query';
import { handOverReports } from '../../data/on-call';
import { byFirstName, staffDirectorySpec, staffOption } from '../../data/staff-directory';
import { useAuth } from '../../session/store';
import { useCampuses } from '../../data/settings';

/**
 * "Hand over my open reports": every report in progress assigned to me goes to the next person on
 * call of its campus (or the colleague chosen here) with the note as the reason.
 */
export function HandoverForm() {
  const campuses = useCampuses();
  const uid = useAuth((s) => s.user?.uid ?? '');
  const role = useAuth((s) => s.profile?.role ?? null);
  const campus = useAuth((s) => s.profile?.campus ?? null);
  const staff = useLiveQuery(staffDirectorySpec(role, campus));
  const [outcome, setOutcome] = useState<string | null>(null);
  const form = useForm({
    initial: { to: '', note: '' },
    request: ({ to, note }) => ({ toUid: to || null, note }),
    send: async (request, { reset }) => {
      const result = await handOverReports(request);
      const moved = result.handedOver.length;
      setOutcome(
        [
          `${moved} report${moved === 1 ? '' : 's'} handed over.`,
          ...result.kept.map((k) => `Kept ${k.incidentId}: ${k.reason}`),
        ].join(' '),
      );
      if (moved > 0) {
        toast.success(`${moved} report${moved === 1 ? '' : 's'} handed over`);
        reset();
      }
    },
    failureTitle: 'Could not hand over your reports',
  });
  const people = staff.data
    .filter((s) => s.id !== uid)
    .sort(byFirstName)
    .map((s) => staffOption(s, campuses));

  return (
    <section
      aria-labelledby="handover-heading"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="handover-heading" className="text-lg font-semibold text-slate-900">
        Hand over my open reports
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        Every report in progress assigned to you is reassigned with your note; you and the new
        assignee are told, and so is each reporter.
      </p>
      <form onSubmit={form.submit} noValidate>
        <div className="grid grid-cols-1 gap-x-3 md:grid-cols-2">
          <SelectField
            label="Hand over to"
            {...form.field('to')}
            placeholder="The next person on call"
            options={people}
          />
          <TextAreaField label="Handover note" rows={2} {...form.field('note')} />
        </div>
        <FormFailure message={form.failure} />
        {outcome && (
          <p role="status" className="text-sm text-slate-700">
            {outcome}
          </p>
        )}
        <Button type="submit" busy={form.busy} disabled={form.values.note.trim() === ''}>
          Hand over
        </Button>
      </form>
    </section>
  );
}
