import { useState } from 'react';
import { activeCampuses, type Campus } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/fields';
import { ListState } from '../../components/States';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { useLiveQuery } from '../../data/live-query';
import { byFirstName, staffDirectorySpec } from '../../data/staff-directory';
import { campusLeadsSpec, clearCampusLead, setCampusLead } from '../../data/campus-leads';
import { useCampuses } from '../../data/settings';

/**
 * Admins designate one IMT member per campus as its lead: the person told (with the Admins) when
 * a report of the campus waits unassigned past its target. The rules check the choice.
 */
export function CampusLeadsPanel() {
  const campuses = useCampuses();
  const leads = useLiveQuery(campusLeadsSpec());
  const staff = useLiveQuery(staffDirectorySpec('Admin', null));
  const [choice, setChoice] = useState<Record<string, string>>({});
  const save = useAction(
    async (campus: Campus, uid: string) => {
      if (uid === '') {
        await clearCampusLead(campus);
        toast.success(`${campus.name} has no lead now`);
        return;
      }
      const person = staff.data.find((s) => s.id === uid);
      if (!person) return;
      await setCampusLead(campus, { uid, displayName: person.displayName, email: person.email });
      toast.success(`${person.displayName} leads ${campus.name}`);
    },
    { failureTitle: 'Could not save the campus lead' },
  );

  return (
    <section aria-labelledby="campus-leads-heading" className="mt-8">
      <h2 id="campus-leads-heading" className="text-lg font-semibold text-slate-900">
        Campus leads
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        The lead and the Admins are notified when a report waits unassigned past its target.
      </p>
      <ListState live={staff} emptyTitle="No staff accounts">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {activeCampuses(campuses).map((place) => {
            const { id: campus, name } = place;
            const current = leads.data.find((l) => l.id === campus);
            const value = choice[campus] ?? current?.uid ?? '';
            const options = staff.data
              .filter((s) => s.role === 'IMT' && s.campus === campus)
              .sort(byFirstName)
              .map((s) => ({ value: s.id, label: s.displayName }));
            return (
              <div key={campus} className="rounded border border-slate-200 p-3">
                <SelectField
                  label={`Lead of ${name}`}
                  value={value}
                  onChange={(uid) => setChoice({ ...choice, [campus]: uid })}
                  placeholder="No lead"
                  options={options}
                  hint={current ? `Now: ${current.displayName}` : 'Now: no lead'}
                />
                <Button
                  variant="secondary"
                  busy={save.running?.[0].id === campus}
                  disabled={value === (current?.uid ?? '')}
                  onClick={() => void save.run(place, value)}
                >
                  Save lead
                </Button>
              </div>
            );
          })}
        </div>
      </ListState>
    </section>
  );
}
