import type { TriggerFailure } from '@campus-safety/model';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { useLiveQuery } from '../../data/live-query';
import type { WithId } from '../../data/spec';
import { latestTriggerFailuresSpec } from '../../data/trigger-failures';
import { Time } from '../../components/Time';

/** The latest ones are what needs looking at; older records are history. */
export const TRIGGER_FAILURES_SHOWN = 20;

const STATE_LABELS: Record<TriggerFailure['state'], string> = {
  retrying: 'Retrying',
  recovered: 'Recovered',
  'gave-up': 'Gave up: work not done',
};

const COLUMNS: Column<WithId<TriggerFailure>>[] = [
  { header: 'Trigger', cell: (f) => <span className="font-medium">{f.trigger}</span> },
  { header: 'Document', cell: (f) => f.document ?? '—', className: 'break-all' },
  { header: 'Error', cell: (f) => f.error, className: 'break-words' },
  { header: 'Attempts', cell: (f) => f.attempts, numeric: true },
  { header: 'State', cell: (f) => STATE_LABELS[f.state] ?? f.state },
  { header: 'Last failed', cell: (f) => <Time value={f.lastFailedAt} /> },
];

/**
 * Admins only (rules): events a server trigger failed on, newest first. "Gave up" means the
 * notification, history entry or copy of that change was never made; the document says where.
 */
export function TriggerFailures() {
  const failures = useLiveQuery(latestTriggerFailuresSpec(TRIGGER_FAILURES_SHOWN));
  return (
    <section aria-labelledby="trigger-failures-heading" className="mt-6">
      <h2 id="trigger-failures-heading" className="mb-2 font-semibold text-slate-900">
        Server trigger failures
      </h2>
      <ListState live={failures} emptyTitle="No trigger has failed">
        <Table
          caption="Server trigger failures"
          columns={COLUMNS}
          rows={failures.data}
          rowKey={(f) => f.id}
        />
      </ListState>
    </section>
  );
}
