import type { TriggerFailure } from '@campus-safety/model';
import { ListState } from '../../components/States';
import { useLiveQuery } from '../../data/live-query';
import { latestTriggerFailuresSpec } from '../../data/trigger-failures';
import { Time } from '../../components/Time';

/** The latest ones are what needs looking at; older records are history. */
export const TRIGGER_FAILURES_SHOWN = 20;

const STATE_LABELS: Record<TriggerFailure['state'], string> = {
  retrying: 'Retrying',
  recovered: 'Recovered',
  'gave-up': 'Gave up: work not done',
};

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
        <table className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="px-3 py-2">Trigger</th>
              <th className="px-3 py-2">Document</th>
              <th className="px-3 py-2">Error</th>
              <th className="px-3 py-2">Attempts</th>
              <th className="px-3 py-2">State</th>
              <th className="px-3 py-2">Last failed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {failures.data.map((f) => (
              <tr key={f.id}>
                <td className="px-3 py-2 font-medium">{f.trigger}</td>
                <td className="px-3 py-2 break-all">{f.document ?? '—'}</td>
                <td className="px-3 py-2 break-words">{f.error}</td>
                <td className="px-3 py-2 tabular-nums">{f.attempts}</td>
                <td className="px-3 py-2">{STATE_LABELS[f.state] ?? f.state}</td>
                <td className="px-3 py-2">
                  <Time value={f.lastFailedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListState>
    </section>
  );
}
