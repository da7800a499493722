import { useState } from 'react';
import { AFFILIATION_LABELS, ROSTER_STATUSES, type RosterPerson } from '@campus-safety/model';
import { SelectField, TextField } from '../../components/fields';
import { ListState } from '../../components/States';
import { Pager, Table, type Column } from '../../components/Table';
import { useLiveQuery } from '../../data/live-query';
import { rosterPeopleSpec } from '../../data/roster';
import type { RosterFilters } from '../../data/roster-filters';
import type { Row, TextPageBoundary } from '../../data/spec';
import { useCampusOptions } from '../../data/settings';
import { CampusName } from '../../components/CampusName';

const PAGE_SIZE = 25;
const NO_FILTERS: RosterFilters = { search: '', campus: '', status: '' };

type Person = Row<RosterPerson>;
const COLUMNS: Column<Person>[] = [
  { header: 'Name', cell: (p) => p.name },
  { header: 'External id', cell: (p) => p.externalId },
  { header: 'Email', cell: (p) => <span className="break-all">{p.email}</span> },
  { header: 'Phone', cell: (p) => p.phone ?? '—' },
  { header: 'Campus', cell: (p) => <CampusName id={p.campus} /> },
  { header: 'Affiliation', cell: (p) => AFFILIATION_LABELS[p.affiliation] },
  { header: 'Status', cell: (p) => (p.status === 'active' ? 'Active' : 'Retired') },
  // A linked person is reached once, by their account; the others by mail and SMS only.
  { header: 'Account', cell: (p) => (p.uid ? 'Linked' : 'Contact only') },
];

/** The roster by name, a page at a time, filtered on the server (composite indexes). */
export function RosterPeople() {
  const campusOptions = useCampusOptions('all');
  const [filters, setFilters] = useState(NO_FILTERS);
  // The start of every page before this one: Previous goes back one.
  const [starts, setStarts] = useState<TextPageBoundary[]>([]);
  const list = useLiveQuery(rosterPeopleSpec(filters, PAGE_SIZE + 1, starts.at(-1) ?? null));
  const rows = list.data.slice(0, PAGE_SIZE);
  const filter =
    <K extends keyof RosterFilters>(key: K) =>
    (value: string) => {
      setFilters((f) => ({ ...f, [key]: value }));
      setStarts([]);
    };
  const last = rows.at(-1);
  const hasNext = list.data.length > PAGE_SIZE;
  return (
    <section aria-labelledby="roster-people">
      <h2 id="roster-people" className="mb-2 text-lg font-semibold">
        People
      </h2>
      <div className="grid max-w-3xl gap-x-3 sm:grid-cols-3">
        <TextField
          label="Name begins with"
          type="search"
          value={filters.search}
          onChange={filter('search')}
        />
        <SelectField
          label="Campus"
          value={filters.campus}
          onChange={filter('campus')}
          options={campusOptions}
          placeholder="All campuses"
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={filter('status')}
          options={ROSTER_STATUSES.map((s) => ({
            value: s,
            label: s === 'active' ? 'Active' : 'Retired',
          }))}
          placeholder="Any status"
        />
      </div>
      <ListState live={list} isEmpty={rows.length === 0} emptyTitle="No people match">
        <Table caption="Roster people" columns={COLUMNS} rows={rows} rowKey={(p) => p.id} />
        {(hasNext || starts.length > 0) && (
          <Pager
            page={starts.length + 1}
            hasPrevious={starts.length > 0}
            hasNext={hasNext}
            onPrevious={() => setStarts((s) => s.slice(0, -1))}
            onNext={() =>
              last &&
              setStarts((s) => [...s, { side: 'after', text: last.nameLowerCase, id: last.id }])
            }
          />
        )}
      </ListState>
    </section>
  );
}
