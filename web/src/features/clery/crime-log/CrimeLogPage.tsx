import { useMemo, useState } from 'react';
import {
  CRIME_LOG_BUSINESS_DAYS,
  printableEntries,
  type CrimeLogEntry,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { PageHeader } from '../../../components/PageHeader';
import { ListState } from '../../../components/States';
import { Table, cellColumns, type Column } from '../../../components/Table';
import {
  activeLegalHoldsSpec,
  cleryCalendarSpec,
  cleryRecordsSpec,
  crimeLogIncidentsSpec,
  fireLogSpec,
  warningDecisionsSpec,
} from '../../../data/clery';
import { combineLive, useLiveDoc, useLiveQuery } from '../../../data/live-query';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { formatDate } from '../../../lib/format';
import { Time } from '../../../components/Time';
import { ClassifyDialog } from './ClassifyDialog';
import { LogPeriodField, useLogWindow } from '../shared/log-window';
import { FireDialog } from '../fire-log/FireDialog';
import { WarningDecisionDialog } from '../warnings/WarningDecisionDialog';
import { HolidaysDialog } from './HolidaysDialog';
import { LegalHoldDialog } from '../holds/LegalHoldDialog';
import { WithholdDialog } from './WithholdDialog';
import {
  crimeLogColumns,
  buildCrimeLog,
  crimeLogCells,
  crimeLogCsv,
  withheldLabel,
} from './crime-log';
import { useCampuses } from '../../../data/settings';
import { CampusName } from '../../../components/CampusName';

/** Reports of this type are offered a fire log entry (any report already on the fire log too). */
const FIRE_TYPE = 'Fire';

type Open =
  | { kind: 'classify'; id: string }
  | { kind: 'withhold'; id: string }
  | { kind: 'hold'; id: string }
  | { kind: 'holidays' }
  | { kind: 'fire'; id: string }
  | { kind: 'warning'; id: string }
  | null;

/** The printed log: the public columns only, one row per entry on the log. */

function Badge({ tone, children }: { tone: 'red' | 'amber' | 'slate' | 'sky'; children: string }) {
  const tones = {
    red: 'bg-red-100 text-red-800',
    amber: 'bg-amber-100 text-amber-900',
    slate: 'bg-slate-100 text-slate-700',
    sky: 'bg-sky-100 text-sky-900',
  };
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

/**
 * The Clery daily crime log (docs/clery.md): every report of the window with its classification;
 * the print view and the CSV hold the public log (classified crimes not withheld).
 */
export default function CrimeLogPage() {
  const campuses = useCampuses();
  const { days, setDays, since } = useLogWindow();
  const incidents = useLiveQuery(useMemo(() => crimeLogIncidentsSpec(since), [since]));
  const records = useLiveQuery(useMemo(() => cleryRecordsSpec(since), [since]));
  const holds = useLiveQuery(activeLegalHoldsSpec);
  const calendar = useLiveDoc(cleryCalendarSpec);
  const fires = useLiveQuery(useMemo(() => fireLogSpec(since), [since]));
  const decisions = useLiveQuery(useMemo(() => warningDecisionsSpec(since), [since]));
  const [open, setOpen] = useState<Open>(null);
  const holidays = useMemo(() => calendar.data?.holidays ?? [], [calendar.data]);

  const entries = useMemo(
    () => buildCrimeLog(incidents.data, records.data, Date.now(), holidays),
    [incidents.data, records.data, holidays],
  );
  const printable = useMemo(() => printableEntries(entries), [entries]);
  const held = new Set(holds.data.map((h) => h.id));
  const overdue = entries.filter((e) => e.overdue).length;
  const toUpdate = entries.filter((e) => e.dispositionToUpdate).length;
  const incidentOf = (id: string) => incidents.data.find((i) => i.id === id);
  const recordOf = (id: string) => records.data.find((r) => r.id === id) ?? null;
  const fireOf = (id: string) => fires.data.find((f) => f.id === id) ?? null;
  const decisionOf = (id: string) => decisions.data.find((d) => d.id === id) ?? null;

  const columns: Column<CrimeLogEntry>[] = [
    { header: 'Case', cell: (e) => <span className="font-mono text-xs">{e.incidentId}</span> },
    { header: 'Reported', cell: (e) => <Time value={e.reportedAt} /> },
    {
      header: 'Occurred',
      cell: (e) =>
        e.state === 'unclassified' ? (
          '—'
        ) : e.occurredAt === null ? (
          'Unknown'
        ) : (
          <Time value={e.occurredAt} />
        ),
      className: 'hidden lg:table-cell',
    },
    {
      header: 'Campus',
      cell: (e) => <CampusName id={e.campus} />,
      className: 'hidden lg:table-cell',
    },
    {
      header: 'General location',
      cell: (e) => e.generalLocation ?? '—',
      className: 'hidden md:table-cell',
    },
    { header: 'Nature', cell: (e) => e.nature ?? incidentOf(e.incidentId)?.incidentType ?? '—' },
    { header: 'Disposition', cell: (e) => e.disposition ?? '—', className: 'hidden lg:table-cell' },
    {
      header: 'State',
      cell: (e) => {
        const label = withheldLabel(e);
        return (
          <div className="flex flex-wrap gap-1">
            {e.state === 'unclassified' &&
              (e.overdue ? (
                <Badge tone="red">Overdue: not classified</Badge>
              ) : (
                <Badge tone="amber">Not classified</Badge>
              ))}
            {e.state === 'notCrime' && <Badge tone="slate">Not a crime</Badge>}
            {e.state === 'crime' && !label && <Badge tone="sky">On the log</Badge>}
            {e.dispositionToUpdate && <Badge tone="amber">Case closed: update disposition</Badge>}
            {label && <Badge tone="amber">{label}</Badge>}
            {held.has(e.incidentId) && <Badge tone="red">Legal hold</Badge>}
            {fireOf(e.incidentId) && <Badge tone="slate">On the fire log</Badge>}
            {decisionOf(e.incidentId) && <Badge tone="slate">No Timely Warning: decided</Badge>}
          </div>
        );
      },
    },
    {
      header: 'Actions',
      cell: (e) => (
        <div className="flex flex-wrap gap-1">
          <Button
            variant="secondary"
            aria-label={`${e.state === 'unclassified' ? 'Classify' : 'Reclassify'} ${e.incidentId}`}
            onClick={() => setOpen({ kind: 'classify', id: e.incidentId })}
          >
            {e.state === 'unclassified' ? 'Classify' : 'Reclassify'}
          </Button>
          {(incidentOf(e.incidentId)?.incidentType === FIRE_TYPE || fireOf(e.incidentId)) && (
            <Button
              variant="secondary"
              aria-label={`${fireOf(e.incidentId) ? 'Revise fire' : 'Log fire'} ${e.incidentId}`}
              onClick={() => setOpen({ kind: 'fire', id: e.incidentId })}
            >
              {fireOf(e.incidentId) ? 'Revise fire' : 'Log fire'}
            </Button>
          )}
          {e.state === 'crime' && (
            <Button
              variant="secondary"
              aria-label={`${decisionOf(e.incidentId) ? 'Warning decision on' : 'No warning for'} ${e.incidentId}`}
              onClick={() => setOpen({ kind: 'warning', id: e.incidentId })}
            >
              {decisionOf(e.incidentId) ? 'Warning decision' : 'No warning'}
            </Button>
          )}
          {e.state === 'crime' && (
            <Button
              variant="secondary"
              aria-label={`${e.withheld ? 'Release' : 'Withhold'} ${e.incidentId}`}
              onClick={() => setOpen({ kind: 'withhold', id: e.incidentId })}
            >
              {e.withheld ? 'Release' : 'Withhold'}
            </Button>
          )}
          <Button
            variant="secondary"
            aria-label={`${held.has(e.incidentId) ? 'Lift hold on' : 'Legal hold on'} ${e.incidentId}`}
            onClick={() => setOpen({ kind: 'hold', id: e.incidentId })}
          >
            {held.has(e.incidentId) ? 'Lift hold' : 'Legal hold'}
          </Button>
        </div>
      ),
    },
  ];

  const openIncident = open?.kind === 'classify' ? incidentOf(open.id) : undefined;
  // The legal holds are part of every row (badge, button): their failure is the list's failure.
  // So are the holidays: without them the overdue flags could be wrong.
  const source = combineLive([incidents, records, holds, calendar, fires, decisions]);

  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Daily crime log"
          subtitle={`Clery Act: reports of the last ${days} days; entries are due within ${CRIME_LOG_BUSINESS_DAYS} business days`}
          actions={
            <>
              <Button variant="secondary" onClick={() => setOpen({ kind: 'holidays' })}>
                Holidays
              </Button>
              <Button
                variant="secondary"
                disabled={printable.length === 0}
                onClick={() =>
                  downloadCsv(
                    csvFileName(['crime-log', days, 'days']),
                    crimeLogCsv(printable, campuses),
                  )
                }
              >
                Export CSV
              </Button>
              <Button onClick={() => window.print()}>Print log</Button>
            </>
          }
        />
        <div className="mb-3 flex flex-wrap items-end gap-4">
          <LogPeriodField days={days} onChange={setDays} />
          <p className="mb-3 text-sm text-slate-700" aria-live="polite">
            {entries.length} reports · {printable.length} on the public log ·{' '}
            <span className={overdue ? 'font-semibold text-red-700' : ''}>
              {overdue} overdue without a classification
            </span>
            {toUpdate > 0 && <> · {toUpdate} closed with an open disposition</>}
          </p>
        </div>
        <ListState
          live={source}
          isEmpty={entries.length === 0}
          emptyTitle="No reports in this period"
        >
          <Table
            caption="Daily crime log"
            columns={columns}
            rows={entries}
            rowKey={(e) => e.incidentId}
          />
        </ListState>
      </div>

      <section
        aria-label="Printable daily crime log"
        data-testid="crime-log-print"
        className="hidden print:block"
      >
        <h1 className="text-xl font-semibold">Daily crime log</h1>
        <p className="mb-2 text-sm">
          Reports from {formatDate(since)} to {formatDate(new Date())} · {printable.length} entries
        </p>
        <Table
          caption="Daily crime log for print"
          layout="print"
          columns={cellColumns(crimeLogColumns())}
          rows={printable.map((e) => ({ id: e.incidentId, cells: crimeLogCells(e, campuses) }))}
          rowKey={(row) => row.id}
        />
      </section>

      {open?.kind === 'classify' && openIncident && (
        <ClassifyDialog
          incident={openIncident}
          record={recordOf(open.id)}
          read={combineLive([incidents, records])}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'withhold' && (
        <WithholdDialog
          incidentId={open.id}
          withheld={entries.some((e) => e.incidentId === open.id && e.withheld !== null)}
          read={records}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'fire' && incidentOf(open.id) && (
        <FireDialog
          incident={incidentOf(open.id)!}
          entry={fireOf(open.id)}
          read={combineLive([incidents, fires])}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'warning' && (
        <WarningDecisionDialog
          incidentId={open.id}
          reason={decisionOf(open.id)?.reason ?? null}
          read={decisions}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'holidays' && (
        <HolidaysDialog holidays={holidays} read={calendar} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'hold' && (
        <LegalHoldDialog
          incidentId={open.id}
          active={held.has(open.id)}
          read={holds}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
