import { useEffect, useRef, useState } from 'react';
import {
  INCIDENT_STATUSES,
  MAX_SEARCH_LENGTH,
  STATUS_LABELS,
  THREAT_LEVELS,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { SelectField, TextField } from '../../../components/fields';
import type { FieldBinding } from '../../../components/use-form';
import { useLiveQuery } from '../../../data/live-query';
import { useCampusOptions, useIncidentTypes } from '../../../data/settings';
import { tagsSpec } from '../../../data/tags';
import { filterProblems, type IncidentFilters } from './query-spec';
import { useIncidentView } from './use-incident-view';

/** How long typing pauses before the search runs (one query and one count per search, not per key). */
const SEARCH_DELAY_MS = 400;

/**
 * Binds a filter to a field: its value in the URL's view, the setter (a navigation back to page
 * one) and the filter's problem, if any.
 */
function useFilterBinding() {
  const { view, setFilter } = useIncidentView();
  const problems = filterProblems(view.filters);
  return (name: keyof IncidentFilters): FieldBinding => ({
    value: view.filters[name],
    onChange: (value) => setFilter(name, value),
    error: problems[name as keyof typeof problems],
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

/** The search box: what is typed shows at once; the view (URL, query) follows after a pause. */
function SearchField() {
  const { value, onChange, error } = useFilterBinding()('search');
  const [draft, setDraft] = useState(value);
  // The latest setter, so a re-render (the live list moving) does not restart the pause.
  const search = useRef(onChange);
  search.current = onChange;
  // The URL changed under the box (Back, a link, Clear filters): show what it says.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => search.current(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <TextField
      label="Search"
      type="search"
      value={draft}
      onChange={setDraft}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && draft !== value) onChange(draft);
      }}
      maxLength={MAX_SEARCH_LENGTH}
      error={error}
      hint="Finds reports with any of these words"
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
  const filter = useFilterBinding();
  const { clearFilters } = useIncidentView();
  // Every catalog type, so old reports of a type no longer offered can still be found.
  const incidentTypes = useIncidentTypes();
  const campusOptions = useCampusOptions('all');
  return (
    <section aria-label="Filters" className="mb-4 rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-8">
        <div className="col-span-2">
          <SearchField />
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
            options={campusOptions}
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
          options={incidentTypes.map((t) => ({
            value: t.type,
            label: t.offered ? t.label : `${t.label} (no longer offered)`,
          }))}
        />
        {showTags && <TagFilter />}
        <TextField label="From" type="date" {...filter('from')} />
        <TextField label="To" type="date" {...filter('to')} />
      </div>
      <Button variant="ghost" onClick={clearFilters}>
        Clear filters
      </Button>
    </section>
  );
}
