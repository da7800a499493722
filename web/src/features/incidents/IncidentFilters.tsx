import {
  CAMPUSES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  STATUS_LABELS,
  THREAT_LEVELS,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/fields';
import { useTags } from '../../hooks/use-tags';
import { filterProblems } from './query-spec';
import { useIncidentList } from './store';

/** Only staff may read the tag vocabulary, so only they get this filter. */
function TagFilter() {
  const value = useIncidentList((s) => s.filters.tag);
  const setFilter = useIncidentList((s) => s.setFilter);
  const tags = useTags();
  return (
    <SelectField
      label="Tag"
      value={value}
      onChange={(v) => setFilter('tag', v)}
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
  const setFilter = useIncidentList((s) => s.setFilter);
  const clearFilters = useIncidentList((s) => s.clearFilters);
  const problems = filterProblems(filters);
  return (
    <section aria-label="Filters" className="mb-4 rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-8">
        <div className="col-span-2">
          <TextField
            label="Search"
            type="search"
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
            hint="Words, or a reporter's email"
          />
        </div>
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
          placeholder="All statuses"
          options={INCIDENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        />
        {showCampus && (
          <SelectField
            label="Campus"
            value={filters.campus}
            onChange={(v) => setFilter('campus', v)}
            placeholder="All campuses"
            options={CAMPUSES}
          />
        )}
        <SelectField
          label="Threat level"
          value={filters.threatLevel}
          onChange={(v) => setFilter('threatLevel', v)}
          placeholder="All levels"
          options={THREAT_LEVELS}
        />
        <SelectField
          label="Type"
          value={filters.incidentType}
          onChange={(v) => setFilter('incidentType', v)}
          placeholder="All types"
          options={INCIDENT_TYPES}
        />
        {showTags && <TagFilter />}
        <TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={(v) => setFilter('from', v)}
          error={problems.from}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          onChange={(v) => setFilter('to', v)}
          error={problems.to}
        />
      </div>
      <Button variant="ghost" onClick={clearFilters}>
        Clear filters
      </Button>
    </section>
  );
}
