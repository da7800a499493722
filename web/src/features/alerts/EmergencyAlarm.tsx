import { EMERGENCY_ALARM_EVERY_MS, type Emergency, type StaffRole } from '@campus-safety/model';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Time } from '../../components/Time';
import { acknowledgeEmergency, emergencyPerson, openEmergenciesSpec } from '../../data/emergencies';
import { useLiveQuery } from '../../data/live-query';
import type { WithId } from '../../data/spec';
import { messageOf } from '../../lib/errors';
import { playAlertSound } from './beep';
import { CampusName } from '../../components/CampusName';

function AlarmRow({ emergency }: { emergency: WithId<Emergency> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function acknowledge() {
    setBusy(true);
    setError(null);
    try {
      await acknowledgeEmergency(emergency.id);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2" data-emergency={emergency.id}>
      <p className="mr-auto min-w-0">
        <span className="font-bold">SOS: {emergencyPerson(emergency)}</span>
        <span className="block text-sm sm:inline">
          {' '}
          · <CampusName id={emergency.campus} /> · sent <Time value={emergency.openedAt} />
          {emergency.location ? '' : ' · no location'}
          {emergency.fromTimer ? ' · from a safety timer' : ''}
        </span>
      </p>
      <Link
        to={`/emergencies/${encodeURIComponent(emergency.id)}`}
        className="rounded-md bg-white px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
      >
        Show on map
      </Link>
      <Button
        variant="secondary"
        onClick={() => void acknowledge()}
        disabled={busy}
        aria-label={`Acknowledge the SOS of ${emergencyPerson(emergency)}`}
      >
        Acknowledge
      </Button>
      {error && <p className="basis-full text-sm">{error}</p>}
    </li>
  );
}

/**
 * On every staff screen: each open emergency of the viewer's campus (Admins: every campus) as a
 * red banner with a sound every EMERGENCY_ALARM_EVERY_MS, until someone acknowledges it
 * (docs/console.md#emergency-alarm). The server's acknowledgement ends it for every console.
 */
export function EmergencyAlarm({ role, campus }: { role: StaffRole; campus: string | null }) {
  const open = useLiveQuery(openEmergenciesSpec(role, campus)).data;
  const sounding = open.length > 0;
  useEffect(() => {
    if (!sounding) return;
    playAlertSound();
    const timer = window.setInterval(playAlertSound, EMERGENCY_ALARM_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [sounding]);
  if (!sounding) return null;
  const sorted = [...open].sort((a, b) => a.id.localeCompare(b.id));
  return (
    <div
      role="alert"
      data-testid="emergency-alarm"
      className="mb-4 rounded-lg bg-red-700 p-3 text-white shadow-lg ring-4 ring-red-300 motion-safe:animate-pulse"
    >
      <p className="mb-2 text-sm font-semibold uppercase tracking-wide">
        Emergency: {open.length === 1 ? 'an SOS waits' : `${open.length} SOS wait`} for an
        acknowledgement
      </p>
      <ul className="space-y-2">
        {sorted.map((e) => (
          <AlarmRow key={e.id} emergency={e} />
        ))}
      </ul>
    </div>
  );
}
