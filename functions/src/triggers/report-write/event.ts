import type {
  Change,
  FirestoreEvent,
  QueryDocumentSnapshot,
} from 'firebase-functions/v2/firestore';
import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';

/** A write of `incident_reports/{incidentId}` (create, update or delete), as the trigger gets it. */
export type ReportWrite = FirestoreEvent<
  Change<DocumentSnapshot> | undefined,
  { incidentId: string }
>;

/**
 * One effect of a report write, run by `handleIncidentReportWrite` for the kinds of write it
 * acts on; idempotent per event id, as a trigger of its own would be.
 */
export type ReportStep = (event: ReportWrite) => Promise<void>;

/** What a write did to the report. */
export type ReportWriteKind = 'created' | 'updated' | 'deleted';

export function writeKindOf(event: ReportWrite): ReportWriteKind | null {
  const before = event.data?.before.exists ?? false;
  const after = event.data?.after.exists ?? false;
  if (after) return before ? 'updated' : 'created';
  return before ? 'deleted' : null;
}

/** The new report of a create; undefined for an update or a delete. */
export function createdReport(event: ReportWrite): QueryDocumentSnapshot | undefined {
  const change = event.data;
  return change && !change.before.exists && change.after.exists
    ? (change.after as QueryDocumentSnapshot)
    : undefined;
}

/** Before and after of an update; undefined for a create or a delete. */
export function updatedReport(
  event: ReportWrite,
): { before: DocumentData; after: DocumentData } | undefined {
  const before = event.data?.before.data();
  const after = event.data?.after.data();
  return before && after ? { before, after } : undefined;
}
