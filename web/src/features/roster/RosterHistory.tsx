import type { RosterImportEntry } from '@campus-safety/model';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { Time } from '../../components/Time';
import { useLiveQuery } from '../../data/live-query';
import { rosterImportsSpec } from '../../data/roster';
import type { Row } from '../../data/spec';

/** The latest imports shown; older ones stay in `roster_imports`. */
const HISTORY_SIZE = 20;

const COLUMNS: Column<Row<RosterImportEntry>>[] = [
  { header: 'When', cell: (e) => <Time value={e.at} /> },
  { header: 'By', cell: (e) => e.byName || e.by },
  { header: 'Mode', cell: (e) => e.mode },
  { header: 'From', cell: (e) => (e.source === 'endpoint' ? 'Nightly endpoint' : 'Console') },
  { header: 'Rows', cell: (e) => e.counts.rows, numeric: true },
  { header: 'Added', cell: (e) => e.counts.add, numeric: true },
  { header: 'Changed', cell: (e) => e.counts.change, numeric: true },
  { header: 'Unchanged', cell: (e) => e.counts.unchanged, numeric: true },
  { header: 'Retired', cell: (e) => e.counts.retire, numeric: true },
  { header: 'Linked', cell: (e) => e.linked, numeric: true },
];

/** Applied imports, newest first: when, who, mode and counts. */
export function RosterHistory() {
  const history = useLiveQuery(rosterImportsSpec(HISTORY_SIZE));
  return (
    <section aria-labelledby="roster-history" className="mb-8">
      <h2 id="roster-history" className="mb-2 text-lg font-semibold">
        Import history
      </h2>
      <ListState live={history} emptyTitle="No import applied yet">
        <Table
          caption="Roster imports, newest first"
          columns={COLUMNS}
          rows={history.data}
          rowKey={(e) => e.id}
        />
      </ListState>
    </section>
  );
}
