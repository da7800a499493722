import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  calendarYearOf,
  activeCampuses,
  campusesWithoutTest,
  priorCalendarYears,
  type EmergencyTest,
  type MassNotification,
  type WarningDecision,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/fields';
import { PageHeader } from '../../../components/PageHeader';
import { ListState } from '../../../components/States';
import { Table, cellColumns, type Column } from '../../../components/Table';
import { Time } from '../../../components/Time';
import { emergencyTestsSpec, warningDecisionsSpec } from '../../../data/clery';
import { useLiveQuery } from '../../../data/live-query';
import { cleryAlertsSpec } from '../../../data/mass-notifications';
import type { WithId } from '../../../data/spec';
import { csvFileName, downloadCsv } from '../../../lib/csv';
import { parseDateTimeLocal } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';
import { cleryAlertColumns, cleryAlertCells, cleryAlertsCsv } from './clery-alerts';
import { EmergencyTestDialog } from './EmergencyTestDialog';
import { WarningDecisionDialog } from './WarningDecisionDialog';
import {
  emergencyTestColumns,
  warningDecisionColumns,
  emergencyTestCells,
  emergencyTestsCsv,
  warningDecisionCells,
  warningDecisionsCsv,
} from './warnings';
import { useCampusName, useCampuses } from '../../../data/settings';

type AlertRow = WithId<MassNotification> & { cells: string[] };
/** Each alert's title opens its page (receipts, text, approval). */
const alertColumns = (): Column<AlertRow>[] =>
  cleryAlertColumns().map((header, i) => ({
    header,
    cell: (row) =>
      i === 2 ? (
        <Link className="text-sky-800 underline" to={`/mass-notifications/${row.id}`}>
          {row.cells[i]}
        </Link>
      ) : (
        row.cells[i] || '—'
      ),
  }));

/** The start of calendar year `year` in the programme zone. */
const yearStart = (year: number) => parseDateTimeLocal(`${year}-01-01T00:00`) ?? new Date(0);

/**
 * The Clery records of warnings per calendar year, for the annual security report: the Timely
 * Warnings and Emergency Notifications issued (mass notifications), the decisions not to issue a
 * warning and the tests of the emergency response (docs/clery.md#timely-warnings-and-emergency-notifications,
 * #warnings-and-tests); listed, printable and exported. Decisions are recorded from the daily crime
 * log, alerts from Mass notifications, tests here.
 */
export default function WarningsPage() {
  const years = useMemo(() => {
    const now = Date.now();
    return [
      ...priorCalendarYears(now, programmeTimeZone()),
      calendarYearOf(now, programmeTimeZone()),
    ];
  }, []);
  const campuses = useCampuses();
  const nameOf = useCampusName();
  const [year, setYear] = useState(years[years.length - 1]!);
  const [since, until] = useMemo(() => [yearStart(year), yearStart(year + 1)], [year]);
  const decisions = useLiveQuery(useMemo(() => warningDecisionsSpec(since, until), [since, until]));
  const tests = useLiveQuery(useMemo(() => emergencyTestsSpec(since, until), [since, until]));
  // The query bounds the start; the year's end is applied here (few alerts a year).
  const alerts = useLiveQuery(useMemo(() => cleryAlertsSpec(since), [since]));
  const alertRows: AlertRow[] = alerts.data
    .filter((a) => a.createdAt.toMillis() < until.getTime())
    .map((a) => ({ ...a, cells: cleryAlertCells(a, campuses) }));
  // By id: the dialogs edit what is stored now, not a copy taken when they opened.
  const [revisingDecision, setRevisingDecision] = useState<string | null>(null);
  const [editingTest, setEditingTest] = useState<string | 'new' | null>(null);
  const decisionRevised = decisions.data.find((d) => d.id === revisingDecision);
  const testRevised = tests.data.find((t) => t.id === editingTest);
  const untested =
    tests.status === 'ready'
      ? campusesWithoutTest(
          tests.data,
          activeCampuses(campuses).map((c) => c.id),
        ).map(nameOf)
      : [];

  const decisionColumns: Column<WithId<WarningDecision>>[] = [
    { header: 'Case', cell: (d) => <span className="font-mono text-xs">{d.incidentId}</span> },
    { header: 'Campus', cell: (d) => nameOf(d.campus) },
    { header: 'Reported', cell: (d) => <Time value={d.reportedAt.toMillis()} /> },
    {
      header: 'Decided',
      cell: (d) => (
        <>
          <Time value={d.decidedAt.toMillis()} /> by {d.decidedByName}
        </>
      ),
    },
    { header: 'Reason', cell: (d) => <span className="whitespace-pre-wrap">{d.reason}</span> },
    {
      header: 'Actions',
      cell: (d) => (
        <Button
          variant="secondary"
          aria-label={`Revise the decision on ${d.incidentId}`}
          onClick={() => setRevisingDecision(d.id)}
        >
          Revise
        </Button>
      ),
    },
  ];
  const testColumns: Column<WithId<EmergencyTest>>[] = [
    { header: 'Date and time', cell: (t) => <Time value={t.testedAt.toMillis()} /> },
    { header: 'Announced', cell: (t) => (t.announced ? 'Announced' : 'Unannounced') },
    { header: 'Campuses', cell: (t) => t.campuses.map(nameOf).join(', ') },
    {
      header: 'Description',
      cell: (t) => <span className="whitespace-pre-wrap">{t.description}</span>,
    },
    {
      header: 'Follow-up',
      cell: (t) => <span className="whitespace-pre-wrap">{t.followUp || '—'}</span>,
    },
    {
      header: 'Actions',
      cell: (t) => (
        <Button variant="secondary" onClick={() => setEditingTest(t.id)}>
          Revise
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Warnings and emergency tests"
          subtitle="Clery Act, for the annual security report: the Timely Warnings and Emergency Notifications issued, the decisions not to issue a warning, and the yearly tests of the emergency response."
          actions={
            <>
              <Button onClick={() => setEditingTest('new')}>Record a test</Button>
              <Button variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </>
          }
        />
        <div className="mb-3 w-48">
          <SelectField
            label="Calendar year"
            value={String(year)}
            onChange={(v) => setYear(Number(v))}
            options={years.map(String)}
          />
        </div>

        <section aria-labelledby="alerts-heading" className="mb-8">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="alerts-heading" className="text-lg font-semibold">
              Timely Warnings and Emergency Notifications
            </h2>
            <Button
              variant="secondary"
              disabled={alertRows.length === 0}
              onClick={() =>
                downloadCsv(
                  csvFileName(['clery-alerts', year]),
                  cleryAlertsCsv(alertRows, campuses),
                )
              }
            >
              Export CSV
            </Button>
          </div>
          <ListState
            live={alerts}
            isEmpty={alertRows.length === 0}
            emptyTitle={`No Timely Warnings or Emergency Notifications in ${year}`}
            emptyHint="Send one from Mass notifications."
          >
            <Table
              caption="Clery alerts"
              columns={alertColumns()}
              rows={alertRows}
              rowKey={(r) => r.id}
            />
          </ListState>
        </section>

        <section aria-labelledby="decisions-heading" className="mb-8">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="decisions-heading" className="text-lg font-semibold">
              Decisions not to issue a Timely Warning
            </h2>
            <Button
              variant="secondary"
              disabled={decisions.data.length === 0}
              onClick={() =>
                downloadCsv(
                  csvFileName(['warning-decisions', year]),
                  warningDecisionsCsv(decisions.data),
                )
              }
            >
              Export CSV
            </Button>
          </div>
          <ListState
            live={decisions}
            emptyTitle={`No decisions recorded for reports of ${year}`}
            emptyHint="Record one from a crime's row on the daily crime log."
          >
            <Table
              caption="Decisions not to issue a Timely Warning"
              columns={decisionColumns}
              rows={decisions.data}
              rowKey={(d) => d.id}
            />
          </ListState>
        </section>

        <section aria-labelledby="tests-heading">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="tests-heading" className="text-lg font-semibold">
              Tests of the emergency response
            </h2>
            <Button
              variant="secondary"
              disabled={tests.data.length === 0}
              onClick={() =>
                downloadCsv(csvFileName(['emergency-tests', year]), emergencyTestsCsv(tests.data))
              }
            >
              Export CSV
            </Button>
          </div>
          {untested.length > 0 && (
            <p className="mb-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
              No test recorded in {year} for {untested.join(', ')}.
            </p>
          )}
          <ListState live={tests} emptyTitle={`No tests recorded in ${year}`}>
            <Table
              caption="Tests of the emergency response"
              columns={testColumns}
              rows={tests.data}
              rowKey={(t) => t.id}
            />
          </ListState>
        </section>
      </div>

      <section aria-label="Printable warnings and tests" className="hidden print:block">
        <h1 className="text-xl font-semibold">Warnings and emergency tests, {year}</h1>
        <h2 className="mt-4 text-lg font-semibold">Timely Warnings and Emergency Notifications</h2>
        <Table
          caption="Clery alerts, for print"
          layout="print"
          columns={cellColumns(cleryAlertColumns())}
          rows={alertRows.map((a) => ({ id: a.id, cells: a.cells }))}
          rowKey={(row) => row.id}
        />
        <h2 className="mt-4 text-lg font-semibold">Decisions not to issue a Timely Warning</h2>
        <Table
          caption="Decisions not to issue a Timely Warning, for print"
          layout="print"
          columns={cellColumns(warningDecisionColumns())}
          rows={decisions.data.map((d) => ({ id: d.id, cells: warningDecisionCells(d) }))}
          rowKey={(row) => row.id}
        />
        <h2 className="mt-4 text-lg font-semibold">Tests of the emergency response</h2>
        <Table
          caption="Tests of the emergency response, for print"
          layout="print"
          columns={cellColumns(emergencyTestColumns())}
          rows={tests.data.map((t) => ({ id: t.id, cells: emergencyTestCells(t) }))}
          rowKey={(row) => row.id}
        />
      </section>

      {decisionRevised && (
        <WarningDecisionDialog
          incidentId={decisionRevised.incidentId}
          reason={decisionRevised.reason}
          read={decisions}
          onClose={() => setRevisingDecision(null)}
        />
      )}
      {editingTest === 'new' && (
        <EmergencyTestDialog test={null} onClose={() => setEditingTest(null)} />
      )}
      {testRevised && (
        <EmergencyTestDialog test={testRevised} read={tests} onClose={() => setEditingTest(null)} />
      )}
    </>
  );
}
