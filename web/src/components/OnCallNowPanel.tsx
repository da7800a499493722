import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLiveQuery } from '../data/live-query';
import { onCallByCampus, onCallSchedulesSpec, watchedCampuses } from '../data/on-call';
import { formatDate } from '../lib/format';
import { programmeTimeZone } from '../lib/institution';
import { useAuth } from '../session/store';
import { useCampuses } from '../data/settings';
import { CampusName } from './CampusName';

/**
 * The current time, renewed when the earliest of `changesAt` passes (a handoff, an override's
 * end), so "on call now" turns over on its own without polling every second.
 */
export function useNowUntil(changesAt: readonly (number | null | undefined)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(...changesAt.filter((t): t is number => typeof t === 'number' && t > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // setTimeout holds at most ~24.8 days; a later change is looked at again then.
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(next - Date.now() + 50, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/**
 * "On call now" for the campuses the signed-in staff member watches (all for an Admin, their own
 * for IMT), on triage and Home: who, until when, and whether new reports go to them.
 */
export function OnCallNowPanel() {
  const role = useAuth((s) => s.profile?.role ?? null);
  const campus = useAuth((s) => s.profile?.campus ?? null);
  const campuses = watchedCampuses(role, campus, useCampuses());
  const schedules = useLiveQuery(campuses.length > 0 ? onCallSchedulesSpec() : null);
  const first = onCallByCampus(schedules.data, campuses, Date.now(), programmeTimeZone());
  const now = useNowUntil(first.map((c) => c.onCall?.untilMs));
  if (campuses.length === 0) return null;
  const rows = onCallByCampus(schedules.data, campuses, now, programmeTimeZone());

  return (
    <section
      aria-labelledby="on-call-now-heading"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id="on-call-now-heading" className="font-semibold text-slate-900">
          On call now
        </h2>
        <Link to="/on-call" className="text-sm font-medium text-sky-800 underline">
          Schedules
        </Link>
      </div>
      {schedules.error ? (
        <p className="text-sm text-red-700">Could not read the on-call schedules.</p>
      ) : (
        <ul className="mt-1 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((row) => (
            <li key={row.campus} data-testid={`on-call-${row.campus}`}>
              <span className="text-slate-600">
                <CampusName id={row.campus} />:{' '}
              </span>
              {row.onCall ? (
                <>
                  <span className="font-semibold text-slate-900">{row.onCall.displayName}</span>
                  <span className="text-slate-600">
                    {' '}
                    until {formatDate(row.onCall.untilMs)}
                    {row.onCall.source === 'override' ? ' (override)' : ''}
                    {row.autoAssign ? ' · new reports go to them' : ''}
                  </span>
                </>
              ) : (
                <span className="text-slate-600">nobody scheduled</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
