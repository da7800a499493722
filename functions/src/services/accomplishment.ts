import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { COLLECTIONS, THREAT_LEVELS, accomplishmentSnapshot, isOneOf } from '@campus-safety/model';

import { eventDocId } from '../domain/event-ids';
import { runOnce } from '../platform/run-once';
import { accomplishmentEntryId, actorOf, addEntry, timelineCollection } from './timeline';
import { reportedAt } from '../platform/timestamps';

export interface AccomplishmentEvent {
  eventId: string;
  /** When the accomplishment write was committed (the timeline's time). */
  eventTime: Date;
  incidentId: string;
  accomplishmentId: string;
  before: DocumentData | undefined;
  after: DocumentData | undefined;
}

export type AccomplishmentOutcome = {
  duplicate: boolean;
  /** The top-level copy of this id belongs to another incident: nothing was written. */
  refused: boolean;
  copied: boolean;
  resolved: boolean;
  threatLevelSynced: boolean;
};

/**
 * Whether the top-level copy may be written or deleted for `incidentId`: only when there is none
 * yet or it copies this same incident. Ids are chosen by the client, so a sub-document under one
 * incident may carry the id of another incident's accomplishment (another campus's, even); its
 * copy must never be overwritten or deleted from there.
 */
function copyBelongsTo(copy: DocumentData | undefined, incidentId: string): boolean {
  return copy === undefined || copy.report?.id === incidentId;
}

function logRefusedCopy(event: AccomplishmentEvent) {
  logger.error('Accomplishment id already copies another incident; nothing written', {
    incidentId: event.incidentId,
    accomplishmentId: event.accomplishmentId,
  });
}

/**
 * An accomplishment report was written under an incident (docs/design.md#data-model): keep the
 * top-level copy `accomplishment_reports/{aid}` in step (with the incident snapshot), move a
 * Responded incident to Resolved, and carry a changed threat level onto the incident. The
 * timeline records the report and the threat-level change with its author (`updatedBy`, which
 * the rules hold to the writer's uid); the Resolved move carries the author on to the status
 * trigger through the incident's `updatedBy`. An archive toggle is not news. A deleted
 * accomplishment takes its copy with it. A copy of another incident is never touched, and the
 * accomplishment that tried is neither copied nor allowed to resolve its incident.
 */
export async function applyAccomplishmentWrite(
  deps: { db: Firestore; timeZone: string },
  event: AccomplishmentEvent,
): Promise<AccomplishmentOutcome> {
  const { db } = deps;
  const copyRef = db.collection(COLLECTIONS.accomplishmentReports).doc(event.accomplishmentId);
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(event.incidentId);
  const none = {
    duplicate: false,
    refused: false,
    copied: false,
    resolved: false,
    threatLevelSynced: false,
  };

  if (!event.after) {
    const refused = await db.runTransaction(async (tx) => {
      const copy = (await tx.get(copyRef)).data();
      if (!copyBelongsTo(copy, event.incidentId)) return true;
      if (copy) tx.delete(copyRef);
      return false;
    });
    if (refused) logRefusedCopy(event);
    return { ...none, refused };
  }
  const after = event.after;

  const run = await runOnce(
    db,
    { trigger: 'accomplishment', eventId: event.eventId },
    async (tx) => {
      const [incidentSnap, copySnap] = await tx.getAll(incidentRef, copyRef);
      if (!copyBelongsTo(copySnap!.data(), event.incidentId)) return 'refused' as const;
      const incident = incidentSnap!.data();
      if (!incident)
        logger.warn('Accomplishment report for a missing incident', {
          incidentId: event.incidentId,
        });
      const timeline = timelineCollection(db, event.incidentId);
      // A new report's entry has a fixed id: the seed and imports write it with the report, and
      // then it is history, not news. Edits are keyed by their event.
      const entryRef = event.before
        ? timeline.doc(eventDocId(event.eventId, 'accomplishment'))
        : timeline.doc(accomplishmentEntryId(event.accomplishmentId));
      const recorded = !event.before && (await tx.get(entryRef)).exists;
      const newsworthy =
        !!incident && !recorded && (!event.before || event.before.isArchived === after.isArchived);
      const actor = newsworthy ? await actorOf(tx, db, after.updatedBy) : null;
      const report = accomplishmentSnapshot(
        event.incidentId,
        { ...incident, reportedAt: reportedAt(incident) },
        after.threatLevel,
        deps.timeZone,
      );
      tx.set(copyRef, { ...after, isArchived: after.isArchived === true, report });

      const updates: Record<string, unknown> = {};
      const resolved = incident?.status === 'Responded' && after.isArchived !== true;
      if (resolved) {
        updates.status = 'Resolved';
        if (actor) updates.updatedBy = actor.uid;
      }
      const threatChanged = !event.before || event.before.threatLevel !== after.threatLevel;
      const threatLevelSynced =
        !!incident &&
        threatChanged &&
        isOneOf(THREAT_LEVELS, after.threatLevel) &&
        incident.threatLevel !== after.threatLevel;
      if (threatLevelSynced) updates.threatLevel = after.threatLevel;
      if (incident && Object.keys(updates).length > 0) tx.update(incidentRef, updates);
      if (newsworthy) {
        const at = event.eventTime;
        addEntry(tx, entryRef, {
          kind: 'accomplishment',
          at,
          actor,
          detail: `Accomplishment report ${event.before ? 'updated' : 'filed'}: ${String(after.title ?? '')}`,
        });
        if (threatLevelSynced) {
          addEntry(tx, timeline.doc(eventDocId(event.eventId, 'threat-level')), {
            kind: 'threat-level',
            at,
            actor,
            detail: `Threat level ${String(incident.threatLevel ?? 'unrated')} → ${String(after.threatLevel)}`,
          });
        }
      }
      return { copied: true, resolved, threatLevelSynced };
    },
  );
  if (run.duplicate) return { ...none, duplicate: true };
  if (run.result === 'refused') {
    logRefusedCopy(event);
    return { ...none, refused: true };
  }
  return { ...none, ...run.result };
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
