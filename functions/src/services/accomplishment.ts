import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS, THREAT_LEVELS } from '@campus-safety/model';
import { accomplishmentSnapshot } from '../domain/accomplishment-snapshot';
import { runOnce } from './run-once';
import { reportedAt } from './timestamps';

export interface AccomplishmentEvent {
  eventId: string;
  incidentId: string;
  accomplishmentId: string;
  before: DocumentData | undefined;
  after: DocumentData | undefined;
}

export type AccomplishmentOutcome = {
  duplicate: boolean;
  copied: boolean;
  resolved: boolean;
  threatLevelSynced: boolean;
};

function isThreatLevel(value: unknown): value is string {
  return typeof value === 'string' && (THREAT_LEVELS as readonly string[]).includes(value);
}

/**
 * An accomplishment report was written under an incident (DESIGN section 2): keep the top-level
 * copy `accomplishment_reports/{aid}` in step (with the incident snapshot), move a Responded
 * incident to Resolved, and carry a changed threat level onto the incident. A deleted
 * accomplishment takes its copy with it.
 */
export async function applyAccomplishmentWrite(
  deps: { db: Firestore; timeZone: string },
  event: AccomplishmentEvent,
): Promise<AccomplishmentOutcome> {
  const { db } = deps;
  const copyRef = db.collection(COLLECTIONS.accomplishmentReports).doc(event.accomplishmentId);
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const none = { duplicate: false, copied: false, resolved: false, threatLevelSynced: false };

  if (!event.after) {
    await copyRef.delete();
    return none;
  }
  const after = event.after;

  const run = await runOnce(
    db,
    { trigger: 'accomplishment', eventId: event.eventId },
    async (tx) => {
      const incidentSnap = await tx.get(incidentRef);
      const incident = incidentSnap.data();
      if (!incident)
        logger.warn('Accomplishment report for a missing incident', {
          incidentId: event.incidentId,
        });
      const report = accomplishmentSnapshot(
        event.incidentId,
        { ...incident, reportedAt: reportedAt(incident) },
        after.threatLevel,
        deps.timeZone,
      );
      tx.set(copyRef, { ...after, isArchived: after.isArchived === true, report });

      const updates: Record<string, unknown> = {};
      const resolved = incident?.status === 'Responded' && after.isArchived !== true;
      if (resolved) updates.status = 'Resolved';
      const threatChanged = !event.before || event.before.threatLevel !== after.threatLevel;
      const threatLevelSynced =
        !!incident &&
        threatChanged &&
        isThreatLevel(after.threatLevel) &&
        incident.threatLevel !== after.threatLevel;
      if (threatLevelSynced) updates.threatLevel = after.threatLevel;
      if (incident && Object.keys(updates).length > 0) tx.update(incidentRef, updates);
      return { copied: true, resolved, threatLevelSynced };
    },
  );
  return run.duplicate ? { ...none, duplicate: true } : { duplicate: false, ...run.result };
}

/**
 * The top-level copy was archived or restored (the console's accomplishment screens list the
 * copies): carry `isArchived` back to the accomplishment under its incident. The comparison stops
 * the ping-pong with applyAccomplishmentWrite, which writes the same value back to the copy.
 */
export async function syncArchiveToSource(
  db: Firestore,
  accomplishmentId: string,
  before: DocumentData,
  after: DocumentData,
): Promise<boolean> {
  const archived = after.isArchived === true;
  if ((before.isArchived === true) === archived) return false;
  const incidentId: unknown = after.report?.id;
  if (typeof incidentId !== 'string' || incidentId.length === 0) return false;
  const sourceRef = db
    .collection(COLLECTIONS.incidentReports)
    .doc(incidentId)
    .collection(COLLECTIONS.accomplishmentReports)
    .doc(accomplishmentId);
  return db.runTransaction(async (tx) => {
    const source = await tx.get(sourceRef);
    if (!source.exists || (source.get('isArchived') === true) === archived) return false;
    tx.update(sourceRef, { isArchived: archived });
    return true;
  });
}
