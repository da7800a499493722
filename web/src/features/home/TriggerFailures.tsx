import type { TriggerFailure } from '@campus-safety/model';
import { ListState } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { useLiveQuery } from '../../data/live-query';
import type { WithId } from '../../data/spec';
import { latestTriggerFailuresSpec } from '../../data/trigger-failures';
import { Time } from '../../components/Time';

/** The latest ones are what needs looking at; older records are history. */
export const TRIGGER_FAILURES_SHOWN = 20;

/** Housekeeping runs a `retrying` one again at `retryAt`; `failed` ran out of attempts. */
const STATE_LABELS: Record<TriggerFailure['state'], string> = {
  retrying: 'Will run again',
  recovered: 'Recovered',
  failed: 'Failed: work not done',
  'gave-up': 'Failed: work not done',
};

function stateCell(f: TriggerFailure) {
  const label = STATE_LABELS[f.state] ?? f.state;
  if (f.state !== 'retrying' || !f.retryAt) return label;
  return (
    <>
      {label} at <Time value={f.retryAt} />
    </>
  );
}

const COLUMNS: Column<WithId<TriggerFailure>>[] = [
  { header: 'Trigger', cell: (f) => <span className="font-medium">{f.trigger}</span> },
  { header: 'Document', cell: (f) => f.document ?? '—', className: 'break-all' },
  { header: 'Error', cell: (f) => f.error, className: 'break-words' },
  { header: 'Attempts', cell: (f) => f.attempts, numeric: true },
  { header: 'State', cell: stateCell },
  { header: 'Last failed', cell: (f) => <Time value={f.lastFailedAt} /> },
];

/**
 * Admins only (rules): events a server trigger failed on, newest first. "Failed" means the
 * notification, history entry or copy of that change was never made, after every re-run
 * housekeeping gave it; the document says where.
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
