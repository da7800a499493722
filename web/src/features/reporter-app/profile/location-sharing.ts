import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { GeoLoc } from '@campus-safety/model';
import { lastSharedAt, shareLastLocation } from '../../../data/last-locations';
import { messageOf } from '../../../lib/errors';

/**
 * "Share my approximate location for campus alerts" (docs/locations.md#sharing): off unless the
 * person turns it on, and a choice of this device (the phone in the pocket shares where it is;
 * the laptop at home does not), kept in its local storage per account.
 */
interface SharingChoice {
  on: Record<string, boolean>;
  choose: (uid: string, on: boolean) => void;
}

export const useSharingChoice = create<SharingChoice>()(
  persist(
    (set) => ({
      on: {},
      choose: (uid, on) => set((s) => ({ on: { ...s.on, [uid]: on } })),
    }),
    { name: 'csc-share-location', storage: createJSONStorage(() => localStorage) },
  ),
);

/**
 * At most one share every 5 minutes while the app is open: five times the rules' floor of one a
 * minute (so a reload or a second tab is not refused), and fresh enough for an alert that reads
 * locations of the last LAST_LOCATION_LIMITS.keepHours.
 */
export const LOCATION_SHARE_EVERY_MS = 5 * 60_000;

/** Whether a new share is due at `nowMs` after the last one at `lastMs` (null: none yet). */
export function shareDue(lastMs: number | null, nowMs: number): boolean {
  return lastMs === null || nowMs - lastMs >= LOCATION_SHARE_EVERY_MS;
}

/** How often the app looks whether a share is due (the position itself is watched). */
const CHECK_EVERY_MS = 30_000;

/**
 * While the signed-in person's choice is on and an /app page is open: the phone's position is
 * watched and shared (coarse) when a share is due, the first as soon as there is a fix unless
 * the server's pace says one was shared in the last LOCATION_SHARE_EVERY_MS. A refused or failed
 * share waits its turn like a sent one: the rate holds whatever happens.
 */
export function useLocationSharing(uid: string | null) {
  const on = useSharingChoice((s) => (uid ? s.on[uid] === true : false));
  useEffect(() => {
    if (!uid || !on || !('geolocation' in navigator)) return;
    let last: number | null = null;
    let paceKnown = false;
    let busy = false;
    let latest: GeoLoc | null = null;
    let stopped = false;
    const tick = () => {
      if (stopped || !paceKnown || busy || !latest || !shareDue(last, Date.now())) return;
      busy = true;
      last = Date.now();
      shareLastLocation(uid, latest)
        .catch((e: unknown) => console.warn('Location not shared', messageOf(e)))
        .finally(() => (busy = false));
    };
    lastSharedAt(uid)
      .then((at) => (last = at))
      .catch(() => undefined)
      .finally(() => {
        paceKnown = true;
        tick();
      });
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        latest = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        tick();
      },
      (error) => console.warn('No position to share', error.message),
      { maximumAge: 60_000 },
    );
    const every = window.setInterval(tick, CHECK_EVERY_MS);
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(every);
    };
  }, [uid, on]);
}
