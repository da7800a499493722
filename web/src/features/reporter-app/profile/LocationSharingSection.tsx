import { LAST_LOCATION_LIMITS } from '@campus-safety/model';
import { CheckboxField } from '../../../components/fields';
import { Time } from '../../../components/Time';
import { useAction } from '../../../components/use-action';
import { deleteLastLocation, lastLocationSpec } from '../../../data/last-locations';
import { useLiveDoc } from '../../../data/live-query';
import { LOCATION_SHARE_EVERY_MS, useSharingChoice } from './location-sharing';

/**
 * The opt-in switch of docs/locations.md: off by default, explained, and what is shared now (the
 * person's own document, which only they read). Turning it off deletes the shared location.
 */
export function LocationSharingSection({ uid }: { uid: string }) {
  const on = useSharingChoice((s) => s.on[uid] === true);
  const choose = useSharingChoice((s) => s.choose);
  const shared = useLiveDoc(lastLocationSpec(uid)).data;
  const toggle = useAction(
    async (next: boolean) => {
      // Off: the location goes first, so a failure leaves the switch on and says so.
      if (!next) await deleteLastLocation(uid);
      choose(uid, next);
    },
    { failureTitle: 'Could not change location sharing' },
  );
  return (
    <section aria-labelledby="location-sharing-heading" className="mt-8 max-w-md">
      <h2 id="location-sharing-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Location for campus alerts
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        An alert can go to the people who are on a campus now, not only to its members. With this
        on, while the app is open on this device, it shares where you are, rounded to about 110 m,
        at most every {LOCATION_SHARE_EVERY_MS / 60_000} minutes. Only the alert system uses it: no
        staff member sees it. It is deleted {LAST_LOCATION_LIMITS.keepHours} hours after it was
        shared, and at once when you turn this off.
      </p>
      <CheckboxField
        label="Share my approximate location for campus alerts"
        checked={on}
        onChange={(next) => void toggle.run(next)}
        className="mb-2 min-h-11"
      />
      <p className="text-sm text-slate-700" data-testid="location-shared" role="status">
        {shared ? (
          <>
            Shared <Time value={shared.at} />: {shared.latitude.toFixed(3)},{' '}
            {shared.longitude.toFixed(3)}.
          </>
        ) : on ? (
          'On: your location is shared once the phone gives one (allow location for this site).'
        ) : (
          'Off: nothing is shared.'
        )}
      </p>
      {toggle.failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {toggle.failure}
        </p>
      )}
    </section>
  );
}
