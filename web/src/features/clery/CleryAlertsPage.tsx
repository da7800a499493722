import { useMemo } from 'react';
import { Link } from 'react-router';
import { type MassNotification } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { useLiveQuery } from '../../data/live-query';
import { cleryAlertsSpec } from '../../data/mass-notifications';
import type { WithId } from '../../data/spec';
import { csvFileName, downloadCsv } from '../../lib/csv';
import { formatDate } from '../../lib/format';
import { LogPeriodField, useLogWindow } from './log-window';
import { CLERY_ALERT_COLUMNS, cleryAlertCells, cleryAlertsCsv } from './clery-alerts';

const COLUMNS: Column<WithId<MassNotification> & { cells: string[] }>[] = CLERY_ALERT_COLUMNS.map(
  (header, i) => ({
    header,
    cell: (row) =>
      i === 2 ? (
        <Link className="text-sky-800 underline" to={`/mass-notifications/${row.id}`}>
          {row.cells[i]}
        </Link>
      ) : (
        row.cells[i] || '—'
      ),
  }),
);

/**
 * The Timely Warnings and Emergency Notifications of a period, for the annual security report
 * (docs/clery.md#timely-warnings-and-emergency-notifications): print and CSV.
 */
export default function CleryAlertsPage() {
  const { days, setDays, since } = useLogWindow();
  const alerts = useLiveQuery(useMemo(() => cleryAlertsSpec(since), [since]));
  const rows = alerts.data.map((a) => ({ ...a, cells: cleryAlertCells(a) }));
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title="Timely Warnings and Emergency Notifications"
          subtitle="Every Clery alert: when it was issued, to whom, who decided and approved, and the time from the report."
          actions={
            <>
              <Button
                variant="secondary"
                disabled={rows.length === 0}
                onClick={() =>
                  downloadCsv(
                    csvFileName(['clery-alerts', days, 'days']),
                    cleryAlertsCsv(alerts.data),
                  )
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
          live={alerts}
          isEmpty={rows.length === 0}
          emptyTitle="No Clery alerts in this period"
        >
          <Table caption="Clery alerts" columns={COLUMNS} rows={rows} rowKey={(r) => r.id} />
        </ListState>
      </div>
      <section aria-label="Printable Clery alerts" className="hidden print:block">
        <h1 className="text-xl font-semibold">Timely Warnings and Emergency Notifications</h1>
        <p className="mb-2 text-sm">
          From {formatDate(since)} to {formatDate(new Date())} · {rows.length} alerts
        </p>
        <Table
          caption="Clery alerts for print"
          layout="print"
          columns={CLERY_ALERT_COLUMNS.map((header, i) => ({
            header,
            cell: (r: { cells: string[] }) => r.cells[i],
          }))}
          rows={rows}
          rowKey={(r) => r.id}
        />
      </section>
    </>
  );
}
