import { useMemo, useState } from 'react';
import { priorCalendarYears, type FireLogEntry } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { PageHeader } from '../../../components/PageHeader';
import { ListState } from '../../../components/States';
import { Table, cellColumns, type Column } from '../../../components/Table';
import { Time } from '../../../components/Time';
import { fireLogSpec } from '../../../data/clery';
import { useLiveQuery } from '../../../data/live-query';
import type { WithId } from '../../../data/spec';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { formatDate, parseDateTimeLocal } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';
import { FireDialog } from './FireDialog';
import { FireStatisticsTable } from './FireStatisticsTable';
import { LogPeriodField, useLogWindow } from '../shared/log-window';
import { fireLogColumns, fireLogCells, fireLogCsv } from './fire-log';

/**
 * The fire log and the annual fire statistics of on-campus student housing (docs/clery.md#fire-log):
 * the log of the chosen window (print and CSV), and per facility the three prior calendar years.
 */
export default function FireLogPage() {
  const { days, setDays, since } = useLogWindow();
  const years = useMemo(() => priorCalendarYears(Date.now(), programmeTimeZone()), []);
  const statsSince = useMemo(
    () => parseDateTimeLocal(`${years[0]}-01-01T00:00`) ?? new Date(0),
    [years],
  );
  // One read serves both: the statistics' years start before any window of the log.
  const fires = useLiveQuery(useMemo(() => fireLogSpec(statsSince), [statsSince]));
  const entries = useMemo(
    () => fires.data.filter((e) => e.reportedAt.toMillis() >= since.getTime()),
    [fires.data, since],
  );
  // By id: the dialog edits the entry stored now, not a copy taken when it opened.
  const [revisingId, setRevisingId] = useState<string | null>(null);
  const revising = fires.data.find((e) => e.id === revisingId);

  const columns: Column<WithId<FireLogEntry>>[] = [
    { header: 'Case', cell: (e) => <span className="font-mono text-xs">{e.incidentId}</span> },
    { header: 'Reported', cell: (e) => <Time value={e.reportedAt.toMillis()} /> },
    {
      header: 'Occurred',
      cell: (e) => (e.occurredAt ? <Time value={e.occurredAt.toMillis()} /> : 'Unknown'),
    },
    { header: 'Facility', cell: (e) => e.facility },
    { header: 'Nature', cell: (e) => e.nature },
    { header: 'General location', cell: (e) => e.generalLocation },
    { header: 'Cause', cell: (e) => e.cause },
    {
      header: 'Injuries / deaths',
      cell: (e) => `${e.injuries} / ${e.deaths}`,
    },
    { header: 'Damage', cell: (e) => e.damage },
    {
      header: 'Actions',
      cell: (e) => (
        <Button
          variant="secondary"
          aria-label={`Revise ${e.incidentId}`}
          onClick={() => setRevisingId(e.id)}
        >
          Revise
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Fire log"
          subtitle="Fires in on-campus student housing (Clery Act, fire safety): the log and the annual fire statistics. Log a fire from its report on the daily crime log."
          actions={
            <>
              <Button
                variant="secondary"
                disabled={entries.length === 0}
                onClick={() =>
                  downloadCsv(csvFileName(['fire-log', days, 'days']), fireLogCsv(entries))
                }
              >
                Export CSV
              </Button>
              <Button onClick={() => window.print()}>Print</Button>
            </>
          }
        />
        <div className="mb-3">
          <LogPeriodField days={days} onChange={setDays} />
        </div>
        <ListState
          live={fires}
          isEmpty={entries.length === 0}
          emptyTitle="No fires logged in this period"
        >
          <Table caption="Fire log" columns={columns} rows={entries} rowKey={(e) => e.id} />
        </ListState>
        <h2 className="mt-6 mb-2 text-lg font-semibold">
          Annual fire statistics {years[0]}–{years[years.length - 1]}
        </h2>
        <ListState live={fires} isEmpty={false} emptyTitle="">
          <FireStatisticsTable entries={fires.data} years={years} campus={null} layout="grid" />
        </ListState>
      </div>

      <section
        aria-label="Printable fire log"
        data-testid="fire-log-print"
        className="hidden print:block"
      >
        <h1 className="text-xl font-semibold">Fire log: on-campus student housing</h1>
        <p className="mb-2 text-sm">
          Fires reported from {formatDate(since)} to {formatDate(new Date())} · {entries.length}{' '}
          entries
        </p>
        <Table
          caption="Fire log for print"
          layout="print"
          columns={cellColumns(fireLogColumns())}
          rows={entries.map((e) => ({ id: e.id, cells: fireLogCells(e) }))}
          rowKey={(row) => row.id}
        />
        <h2 className="mt-4 text-lg font-semibold">
          Annual fire statistics {years[0]}–{years[years.length - 1]}
        </h2>
        <FireStatisticsTable entries={fires.data} years={years} campus={null} layout="print" />
      </section>

      {revising && (
        <FireDialog
          incident={{ id: revising.incidentId, nearestCampus: revising.campus }}
          entry={revising}
          read={fires}
          onClose={() => setRevisingId(null)}
        />
      )}
    </>
  );
}
