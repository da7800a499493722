import type { HousekeepingResponse } from '@campus-safety/model';
import type { PushSender } from '../push/sender';
import { expireDefaultPasswords } from './accounts';
import type { AccountDeps } from './credentials';
import { escalateOpenEmergencies } from './emergencies';
import { escalateOverdueReports, type EscalationDeps } from './escalation';
import { sweepProcessedEvents } from '../platform/run-once';
import { retryDueFailures } from '../platform/trigger-failures';
import type { Bucket } from '../platform/firebase';
import { purgeQuarantine } from './file-checks';
import { expireDueSafetyTimers, type SafetyTimerDeps } from './safety-timers';
import { sweepDownloadTokens } from './download-tokens';

export interface HousekeepingDeps
  extends AccountDeps, Pick<SafetyTimerDeps, 'mail' | 'sms' | 'account'> {
  /**
   * Whether to delete expired `processed_events` markers here. In production the TTL policy on
   * `expiresAt` does it (firestore.indexes.json); emulators have no TTL, so the local stack sweeps.
   */
  sweepMarkers: boolean;
  push: PushSender;
  /** The phones people proved, by uid: escalation steps text them (services/escalation.ts). */
  phonesOf: EscalationDeps['phonesOf'];
  /** The console's address, for the pages SMS link to. */
  consoleUrl: string;
  /**
   * The default bucket: quarantined files past their keep time are deleted from it, and media
   * objects lose the download tokens anyone minted.
   */
  bucket: Bucket;
  /** The programme zone on-call handoffs are read in. */
  timeZone: string;
}

/**
 * The every-minute upkeep: failed trigger runs whose time has come run again (first, so an
 * assignment they page is seen as such by escalation); expired default passwords stop signing
 * in; safety timers past due raise their emergency and tell their guardians (before the
 * emergencies escalate); open reports, and emergencies nobody acknowledged, escalate by their campus's policy;
 * quarantined files past their keep time go (a page a run); media objects lose any download
 * token (a page of the bucket a run, and the walks queued when someone's access ended); expired
 * markers go.
 */
export async function runHousekeeping(deps: HousekeepingDeps): Promise<HousekeepingResponse> {
  const retriedFailures = await retryDueFailures(deps.db, deps.now());
  const expiredDefaultPasswords = await expireDefaultPasswords(deps);
  const escalatedReports = await escalateOverdueReports(deps);
  const raisedSafetyTimers = await expireDueSafetyTimers(deps);
  const escalatedEmergencies = await escalateOpenEmergencies(deps);
  const purgedQuarantinedFiles = await purgeQuarantine(deps);
  const droppedDownloadTokens = await sweepDownloadTokens(deps);
  const removedProcessedEvents = deps.sweepMarkers
    ? await sweepProcessedEvents(deps.db, deps.now())
    : 0;
  return {
    retriedFailures,
    expiredDefaultPasswords,
    escalatedReports,
    raisedSafetyTimers,
    escalatedEmergencies,
    purgedQuarantinedFiles,
    droppedDownloadTokens,
    removedProcessedEvents,
  };
}
