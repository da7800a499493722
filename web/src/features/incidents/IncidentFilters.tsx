import {
  CAMPUSES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  STATUS_LABELS,
  THREAT_LEVELS,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/fields';
import type { FieldBinding } from '../../components/use-form';
import { useLiveQuery } from '../../data/live-query';
import { tagsSpec } from '../../data/tags';
import { filterProblems, type IncidentFilters } from './query-spec';
import { useIncidentList } from './store';

/** Binds a filter to a field: its value in the list store, and the setter (which goes back to page one). */
function useFilterBinding() {
  const filters = useIncidentList((s) => s.filters);
  const setFilter = useIncidentList((s) => s.setFilter);
  return (name: keyof IncidentFilters): FieldBinding => ({
    value: filters[name],
    onChange: (value) => setFilter(name, value),
  });
}

/** Only staff may read the tag vocabulary, so only they get this filter. */
function TagFilter() {
  const filter = useFilterBinding();
  const tags = useLiveQuery(tagsSpec);
  return (
    <SelectField
      label="Tag"
      {...filter('tag')}
      placeholder="All tags"
      options={tags.data.map((t) => t.name)}
    />
  );
}

export function IncidentFiltersBar({
  showCampus,
  showTags,
}: {
  showCampus: boolean;
  showTags: boolean;
}) {
  const filters = useIncidentList((s) => s.filters);
  const filter = useFilterBinding();
  const clearFilters = useIncidentList((s) => s.clearFilters);
  const problems = filterProblems(filters);
  return (
    <section aria-label="Filters" className="mb-4 rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-8">
        <div className="col-span-2">
          <TextField
            label="Search"
            type="search"
            {...filter('search')}
            hint="Words, or a reporter's email"
          />
        </div>
        <SelectField
          label="Status"
          {...filter('status')}
          placeholder="All statuses"
          options={INCIDENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        {showCampus && (
          <SelectField
            label="Campus"
            {...filter('campus')}
            placeholder="All campuses"
            options={CAMPUSES}
          />
        )}
        <SelectField
          label="Threat level"
          {...filter('threatLevel')}
          placeholder="All levels"
          options={THREAT_LEVELS}
        />
        <SelectField
          label="Type"
          {...filter('incidentType')}
          placeholder="All types"
          options={INCIDENT_TYPES}
        />
        {showTags && <TagFilter />}
        <TextField label="From" type="date" {...filter('from')} error={problems.from} />
        <TextField label="To" type="date" {...filter('to')} error={problems.to} />
      </div>
      <Button variant="ghost" onClick={clearFilters}>
        Clear filters
      </Button>
    </section>
  );
}
