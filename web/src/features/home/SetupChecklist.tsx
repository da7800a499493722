import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { activeCampuses, campusesOf } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/States';
import { combineLive, useLiveDoc, useLiveQuery } from '../../data/live-query';
import { massNotificationSettingsSpec } from '../../data/mass-notifications';
import { onCallSchedulesSpec } from '../../data/on-call';
import { settingSpec } from '../../data/settings';
import { staffDirectorySpec } from '../../data/staff-directory';
import { setupChecklist } from './setup-checklist';

/** Hiding is per browser and Admin: another Admin, or this one elsewhere, still sees what is left. */
const hiddenKey = (uid: string) => `setupChecklistHidden:${uid}`;

function readHidden(uid: string): boolean {
  try {
    return window.localStorage.getItem(hiddenKey(uid)) === '1';
  } catch {
    return false;
  }
}

function writeHidden(uid: string, hidden: boolean) {
  try {
    if (hidden) window.localStorage.setItem(hiddenKey(uid), '1');
    else window.localStorage.removeItem(hiddenKey(uid));
  } catch {
    // Storage refused (private mode): it stays hidden until the page reloads.
  }
}

/**
 * Home's set-up checklist for Admins (docs/setup.md#set-up-checklist): each step done or not,
 * with a link to the screen that does it; shown until every step is done.
 */
export function SetupChecklist({ uid }: { uid: string }) {
  const institution = useLiveDoc(settingSpec('institution'));
  const campusSetting = useLiveDoc(settingSpec('campuses'));
  const incidentTypes = useLiveDoc(settingSpec('incidentTypes'));
  const responseTargets = useLiveDoc(settingSpec('responseTargets'));
  const alertSettings = useLiveDoc(massNotificationSettingsSpec);
  const schedules = useLiveQuery(onCallSchedulesSpec());
  const staff = useLiveQuery(staffDirectorySpec('Admin', null));
  const live = combineLive([
    institution,
    campusSetting,
    incidentTypes,
    responseTargets,
    alertSettings,
    schedules,
    staff,
  ]);
  const [hidden, setHidden] = useState(() => readHidden(uid));
  const items = useMemo(
    () =>
      setupChecklist({
        institution: institution.data,
        campusSetting: campusSetting.data,
        incidentTypes: incidentTypes.data,
        responseTargets: responseTargets.data,
        alertSettings: alertSettings.data,
        onCallSchedules: schedules.data.map((s) => s.id),
        campuses: activeCampuses(campusesOf(campusSetting.data)),
        staff: staff.data.map((s) => s.id),
        self: uid,
      }),
    [
      institution.data,
      campusSetting.data,
      incidentTypes.data,
      responseTargets.data,
      alertSettings.data,
      schedules.data,
      staff.data,
      uid,
    ],
  );

  if (live.status === 'error')
    return <ErrorState message={live.error ?? ''} onRetry={live.retry} />;
  // Nothing until everything is read, so no step flashes as not done.
  if (live.status === 'loading') return null;
  const done = items.filter((i) => i.done).length;
  if (done === items.length) return null;
  const toggle = (next: boolean) => {
    writeHidden(uid, next);
    setHidden(next);
  };

  if (hidden) {
    return (
      <p className="mb-4 text-sm text-slate-600">
        Set-up checklist hidden ({done} of {items.length} done).{' '}
        <button
          type="button"
          className="font-medium text-sky-800 underline"
          onClick={() => toggle(false)}
        >
          Show it
        </button>
      </p>
    );
  }
  return (
    <section
      aria-labelledby="setup-checklist-heading"
      className="mb-6 rounded-lg border border-sky-200 bg-sky-50 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-heading" className="font-semibold text-slate-900">
          Set up this deployment
        </h2>
        <p className="text-sm text-slate-700">
          {done} of {items.length} done
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        What makes the console your institution’s. Each step is read from what is saved; this list
        goes away once every step is done.
      </p>
      <ul className="mt-3 divide-y divide-sky-100 rounded-md border border-sky-100 bg-white">
        {items.map((item) => (
          <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <span
              aria-hidden
              className={`flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                item.done ? 'bg-emerald-700 text-white' : 'border-2 border-slate-400'
              }`}
            >
              {item.done ? '✓' : ''}
            </span>
            <span className="min-w-0 flex-1">
              <span className="font-medium text-slate-900">{item.label}</span>
              <span className="sr-only">{item.done ? ': done.' : ': not done.'}</span>
              <span className="block text-sm text-slate-600">{item.detail}</span>
            </span>
            {!item.done && (
              <Link className="text-sm font-medium text-sky-800 underline" to={item.to}>
                Open<span className="sr-only"> {item.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-2" onClick={() => toggle(true)}>
        Hide checklist
      </Button>
    </section>
  );
}
