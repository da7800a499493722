import {
  COLLECTIONS,
  LAST_LOCATION_LIMITS,
  coarseLocation,
  type GeoLoc,
  type LastLocation,
  type LocationPace,
} from '@campus-safety/model';
import type { Timestamp } from 'firebase/firestore';
import {
  deleteDocument,
  deviceTime,
  entityConverter,
  readDocument,
  serverTime,
  setDocuments,
} from './firestore';
import type { DocSpec } from './spec';

/**
 * The person's opted-in coarse location for campus alerts (docs/locations.md): the app writes it
 * while its switch is on, reads it back to show what it shares, and deletes it when turned off.
 */

export function lastLocationSpec(uid: string): DocSpec<LastLocation<Timestamp>> {
  return {
    path: [COLLECTIONS.lastLocations, uid],
    converter: entityConverter<LastLocation<Timestamp>>(),
  };
}

/** When the person last shared (their pace), ms; null when never or long ago (its TTL ran). */
export async function lastSharedAt(uid: string): Promise<number | null> {
  const pace = await readDocument({
    path: [COLLECTIONS.locationPace, uid],
    converter: entityConverter<LocationPace<Timestamp>>(),
  });
  return pace ? pace.at.toMillis() : null;
}

/**
 * Shares `point` rounded to LAST_LOCATION_LIMITS.decimals: the location and its pace in one batch,
 * the server's time as `at`, and `expiresAt` (the TTL) the keep time on by this device's clock.
 */
export function shareLastLocation(uid: string, point: GeoLoc) {
  const expiresAt = deviceTime(Date.now() + LAST_LOCATION_LIMITS.keepHours * 3_600_000);
  return setDocuments(
    [
      {
        path: [COLLECTIONS.lastLocations, uid],
        data: { ...coarseLocation(point), at: serverTime(), expiresAt },
      },
      { path: [COLLECTIONS.locationPace, uid], data: { at: serverTime(), expiresAt } },
    ],
    'Your approximate location was not shared',
  );
}

/** Opting out: the location goes at once (the pace stays: it holds no place, and keeps the rate). */
export function deleteLastLocation(uid: string) {
  return deleteDocument([COLLECTIONS.lastLocations, uid], 'Your shared location was not deleted');
}
