import type { HousekeepingResponse } from '@campus-safety/model';
import { expireDefaultPasswords, type AccountDeps } from './accounts';
import { sweepProcessedEvents } from './run-once';

/**
 * The every-minute upkeep: default passwords past their expiry stop signing in, and expired
 * `processed_events` markers are removed (production's TTL policy does that too; emulators
 * have none).
 */
export async function runHousekeeping(deps: AccountDeps): Promise<HousekeepingResponse> {
  const expiredDefaultPasswords = await expireDefaultPasswords(deps);
  const removedProcessedEvents = await sweepProcessedEvents(deps.db, deps.now());
  return { expiredDefaultPasswords, removedProcessedEvents };
}
