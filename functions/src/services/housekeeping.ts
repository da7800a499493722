import type { HousekeepingResponse } from '@campus-safety/model';
import { expireDefaultPasswords, type AccountDeps } from './accounts';
import { sweepProcessedEvents } from './run-once';

export interface HousekeepingDeps extends AccountDeps {
  /**
   * Whether to delete expired `processed_events` markers here. In production the TTL policy on
   * `expiresAt` does it (firestore.indexes.json); emulators have no TTL, so the local stack sweeps.
   */
  sweepMarkers: boolean;
}

/** The every-minute upkeep: expired default passwords stop signing in; expired markers go. */
export async function runHousekeeping(deps: HousekeepingDeps): Promise<HousekeepingResponse> {
  const expiredDefaultPasswords = await expireDefaultPasswords(deps);
  const removedProcessedEvents = deps.sweepMarkers
    ? await sweepProcessedEvents(deps.db, deps.now())
    : 0;
  return { expiredDefaultPasswords, removedProcessedEvents };
}
