/**
 * People's last known location, for one purpose only: the mass-notification audience "people last
 * located inside a campus area" (docs/locations.md). The reporter app writes
 * `last_locations/{uid}` only while its user has opted in, coarse (three decimals, about 110 m),
 * with `location_pace/{uid}` in the same batch, and deletes the location when they opt out; only its owner reads it, the fan-out counts people from it and
 * nobody else ever sees it.
 */
import { activeCampuses, isInsideBoundary, type CampusId, type Campuses } from './campuses';
import type { GeoLoc } from './entities';

export const LAST_LOCATION_LIMITS = {
  /** A location older than this is not used, and its TTL (`expiresAt`) deletes it. */
  keepHours: 6,
  /** Decimals kept of latitude and longitude: 3 is about 110 m, enough to tell a campus. */
  decimals: 3,
} as const;

/** The fields of a `last_locations/{uid}` doc (the rules allow exactly these). */
export interface LastLocation<T = { toMillis(): number }> {
  latitude: number;
  longitude: number;
  /** When it was shared: the server's time of the write. */
  at: T;
  /** When the TTL policy deletes it: `at` + keepHours. */
  expiresAt: T;
}

/**
 * `location_pace/{uid}`: written in the same batch as each location, with the same `at` and
 * `expiresAt`; the rules take a location only a minute after the pace's last `at`.
 */
export type LocationPace<T = { toMillis(): number }> = Pick<LastLocation<T>, 'at' | 'expiresAt'>;

/** The coarse point the app shares (the rules refuse a finer one). */
export function coarseLocation(point: GeoLoc): GeoLoc {
  const scale = 10 ** LAST_LOCATION_LIMITS.decimals;
  return {
    latitude: Math.round(point.latitude * scale) / scale,
    longitude: Math.round(point.longitude * scale) / scale,
  };
}

/** The oldest `at` still used at `now`. */
export function freshLocationSince(now: Date): Date {
  return new Date(now.getTime() - LAST_LOCATION_LIMITS.keepHours * 3_600_000);
}

/**
 * Whether a location lies inside the grounds of one of `ids` (every active campus when null), of
 * the institution's saved `campuses`.
 */
export function isLocatedIn(
  point: GeoLoc,
  ids: readonly CampusId[] | null,
  campuses: Campuses,
): boolean {
  return activeCampuses(campuses).some(
    (c) => (ids === null || ids.includes(c.id)) && isInsideBoundary(point, c.boundary),
  );
}
