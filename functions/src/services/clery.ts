import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  CLERY_CALENDAR,
  CLERY_LOG,
  COLLECTIONS,
  facilityProblem,
  geographyProblem,
  campusOf,
  retainUntilOf,
  type CallableInput,
  type CleryChangeResponse,
  type CleryLogEntry,
  type RecordEmergencyTestResponse,
  type SaveCleryCalendarResponse,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { requireActiveCampuses } from './campuses';
import { currentCampuses } from './settings';
import { fail } from '../platform/errors';
import { reportedAt } from '../platform/timestamps';

/**
 * Clery records and legal holds (docs/clery.md). Only these functions write `clery_records` and
 * `legal_holds` (the rules refuse every client write), and nothing deletes them: housekeeping and
 * TTL policies do not touch either collection. Their history is append-only: each change adds an
 * entry under the record or hold (CLERY_LOG) in the same transaction, and none is ever rewritten.
 */

const MINUTE = 60_000;

/** What happened cannot follow its report (a minute of slack for clocks and rounding). */
function refuseOccurredAfterReport(occurredAt: Date | null, reported: Date) {
  if (occurredAt && occurredAt.getTime() > reported.getTime() + MINUTE)
    fail('invalid-argument', 'Occurred at cannot be after the incident was reported.');
}

function appendLogEntry(
  tx: Transaction,
  parent: DocumentReference,
  action: CleryLogEntry['action'],
  caller: Caller,
  note: string | null,
) {
  const entry = { action, at: Timestamp.now(), by: caller.uid, note };
  tx.create(parent.collection(CLERY_LOG).doc(), entry satisfies CleryLogEntry<Timestamp>);
}

/**
 * Classifies an incident, open or closed: the offences, the geography of its campus, and the crime
 * log columns (an open case's entry is due within two business days like any other). A second
 * call reclassifies; the withholding and history stay.
 */
export async function classifyIncident(
  db: Firestore,
  input: CallableInput<'classifyIncident'>,
  caller: Caller,
  timeZone: string,
): Promise<CleryChangeResponse> {
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  const recordRef = db.collection(COLLECTIONS.cleryRecords).doc(input.incidentId);
  const campuses = await currentCampuses(db, { fresh: true });
  await db.runTransaction(async (tx) => {
    const [incident, existing] = await Promise.all([tx.get(incidentRef), tx.get(recordRef)]);
    if (!incident.exists) fail('not-found', 'The incident no longer exists.');
    const data = incident.data();
    const campus = campusOf(campuses, data?.nearestCampus);
    const reported = reportedAt(data);
    if (!campus || !reported)
      fail('failed-precondition', 'The incident has no campus or report time to classify by.');
    const problem = geographyProblem(campus, input.geography, input.noncampusProperty);
    if (problem)
      fail('invalid-argument', problem, { issues: [{ path: ['geography'], message: problem }] });
    refuseOccurredAfterReport(input.occurredAt, reported);
    const before = existing.data();
    const { incidentId, occurredAt, unfoundedReason, ...fields } = input;
    tx.set(recordRef, {
      incidentId,
      campus: campus.id,
      reportedAt: Timestamp.fromDate(reported),
      occurredAt: occurredAt ? Timestamp.fromDate(occurredAt) : null,
      ...fields,
      // The schema lets a reason through only with Unfounded.
      unfoundedReason: unfoundedReason?.trim() || null,
      withheld: before?.withheld ?? null,
      // A record from before the history moved keeps its old lines as they were.
      ...(before?.log ? { log: before.log } : {}),
      classifiedAt: Timestamp.now(),
      classifiedBy: caller.uid,
      retainUntil: Timestamp.fromDate(retainUntilOf(reported, timeZone)),
    });
    appendLogEntry(tx, recordRef, existing.exists ? 'reclassified' : 'classified', caller, null);
  });
  return { incidentId: input.incidentId };
}

/** Withholds a classified crime log entry for a reason, or releases it (`reason` null); logged. */
export async function withholdCrimeLogEntry(
  db: Firestore,
  input: CallableInput<'withholdCrimeLogEntry'>,
  caller: Caller,
): Promise<CleryChangeResponse> {
  const ref = db.collection(COLLECTIONS.cleryRecords).doc(input.incidentId);
  await db.runTransaction(async (tx) => {
    const record = await tx.get(ref);
    if (!record.exists)
      fail('failed-precondition', 'Classify the incident before withholding its entry.');
    const withheld: unknown = record.get('withheld');
    if (input.reason === null && !withheld)
      fail('failed-precondition', 'The entry is not withheld.');
    tx.update(ref, {
      withheld: input.reason === null ? null : { reason: input.reason, note: input.note },
    });
    appendLogEntry(tx, ref, input.reason === null ? 'released' : 'withheld', caller, input.note);
  });
  return { incidentId: input.incidentId };
}

/** Sets or lifts the legal hold of an incident; while it is on, the rules refuse archiving. */
export async function setLegalHold(
  db: Firestore,
  input: CallableInput<'setLegalHold'>,
  caller: Caller,
): Promise<CleryChangeResponse> {
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  const holdRef = db.collection(COLLECTIONS.legalHolds).doc(input.incidentId);
  await db.runTransaction(async (tx) => {
    const [incident, hold] = await Promise.all([tx.get(incidentRef), tx.get(holdRef)]);
    if (!incident.exists) fail('not-found', 'The incident no longer exists.');
    if ((hold.get('active') === true) === input.active)
      fail(
        'failed-precondition',
        input.active ? 'The hold is already on.' : 'There is no hold to lift.',
      );
    const legacyLog: unknown = hold.get('log');
    tx.set(holdRef, {
      active: input.active,
      reason: input.reason,
      updatedAt: Timestamp.now(),
      updatedBy: caller.uid,
      ...(legacyLog ? { log: legacyLog } : {}),
    });
    appendLogEntry(
      tx,
      holdRef,
      input.active ? 'legalHoldSet' : 'legalHoldLifted',
      caller,
      input.reason,
    );
  });
  return { incidentId: input.incidentId };
}

/**
 * Admins replace the holidays of the crime log's calendar (not business days when an entry falls
 * due). Kept in date order, with who saved it and when.
 */
export async function saveCleryCalendar(
  db: Firestore,
  input: CallableInput<'saveCleryCalendar'>,
  caller: Caller,
): Promise<SaveCleryCalendarResponse> {
  const holidays = [...input.holidays].sort();
  await db
    .collection(CLERY_CALENDAR.collection)
    .doc(CLERY_CALENDAR.id)
    .set({ holidays, updatedAt: Timestamp.now(), updatedBy: caller.uid });
  return { holidays };
}

/**
 * Logs a fire in on-campus student housing for an incident (its campus's housing facilities
 * only), or revises the entry; each change is logged. Kept like a Clery record (`retainUntil`).
 */
export async function recordFire(
  db: Firestore,
  input: CallableInput<'recordFire'>,
  caller: Caller,
  timeZone: string,
): Promise<CleryChangeResponse> {
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  const entryRef = db.collection(COLLECTIONS.fireLog).doc(input.incidentId);
  const campuses = await currentCampuses(db, { fresh: true });
  await db.runTransaction(async (tx) => {
    const [incident, existing] = await Promise.all([tx.get(incidentRef), tx.get(entryRef)]);
    if (!incident.exists) fail('not-found', 'The incident no longer exists.');
    const campus = campusOf(campuses, incident.get('nearestCampus'));
    const reported = reportedAt(incident.data());
    if (!reported) fail('failed-precondition', 'The incident has no report time to log it by.');
    const problem = facilityProblem(campus, input.facility);
    if (problem || !campus)
      fail('invalid-argument', problem ?? 'The incident has no campus.', {
        issues: [{ path: ['facility'], message: problem }],
      });
    refuseOccurredAfterReport(input.occurredAt, reported);
    const { incidentId, occurredAt, ...fields } = input;
    tx.set(entryRef, {
      incidentId,
      campus: campus.id,
      reportedAt: Timestamp.fromDate(reported),
      occurredAt: occurredAt ? Timestamp.fromDate(occurredAt) : null,
      ...fields,
      recordedAt: Timestamp.now(),
      recordedBy: caller.uid,
      retainUntil: Timestamp.fromDate(retainUntilOf(reported, timeZone)),
    });
    appendLogEntry(tx, entryRef, existing.exists ? 'fireRevised' : 'fireRecorded', caller, null);
  });
  return { incidentId: input.incidentId };
}

/**
 * Records (or revises) the decision that a reported incident needs no Timely Warning, with the
 * reason (docs/clery.md#warnings-and-tests). A revision keeps the earlier reason in the history.
 */
export async function recordWarningDecision(
  db: Firestore,
  input: CallableInput<'recordWarningDecision'>,
  caller: Caller,
  timeZone: string,
): Promise<CleryChangeResponse> {
  const incidentRef = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  const decisionRef = db.collection(COLLECTIONS.warningDecisions).doc(input.incidentId);
  const campuses = await currentCampuses(db, { fresh: true });
  await db.runTransaction(async (tx) => {
    const [incident, existing] = await Promise.all([tx.get(incidentRef), tx.get(decisionRef)]);
    if (!incident.exists) fail('not-found', 'The incident no longer exists.');
    const campus = campusOf(campuses, incident.get('nearestCampus'))?.id;
    if (!campus) fail('failed-precondition', 'The incident has no campus.');
    const reported = reportedAt(incident.data());
    if (!reported) fail('failed-precondition', 'The incident has no report time.');
    tx.set(decisionRef, {
      incidentId: input.incidentId,
      campus,
      reportedAt: Timestamp.fromDate(reported),
      reason: input.reason,
      decidedAt: Timestamp.now(),
      decidedBy: caller.uid,
      decidedByName: caller.displayName,
      retainUntil: Timestamp.fromDate(retainUntilOf(reported, timeZone)),
    });
    const previous: unknown = existing.get('reason');
    appendLogEntry(
      tx,
      decisionRef,
      existing.exists ? 'warningDecisionRevised' : 'warningDecisionRecorded',
      caller,
      typeof previous === 'string' ? `Earlier reason: ${previous}` : null,
    );
  });
  return { incidentId: input.incidentId };
}

/** Records a test of the emergency response procedures, or revises one (its history kept). */
export async function recordEmergencyTest(
  db: Firestore,
  input: CallableInput<'recordEmergencyTest'>,
  caller: Caller,
  timeZone: string,
): Promise<RecordEmergencyTestResponse> {
  await requireActiveCampuses(db, input.campuses, 'campuses');
  const tests = db.collection(COLLECTIONS.emergencyTests);
  const ref = input.id ? tests.doc(input.id) : tests.doc();
  await db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (input.id && !existing.exists) fail('not-found', 'That test is no longer on record.');
    if (input.testedAt.getTime() > Date.now() + MINUTE)
      fail('invalid-argument', 'Tested at cannot be in the future.', {
        issues: [{ path: ['testedAt'], message: 'Tested at cannot be in the future.' }],
      });
    tx.set(ref, {
      testedAt: Timestamp.fromDate(input.testedAt),
      announced: input.announced,
      campuses: input.campuses,
      description: input.description,
      followUp: input.followUp ?? '',
      recordedAt: Timestamp.now(),
      recordedBy: caller.uid,
      recordedByName: caller.displayName,
      retainUntil: Timestamp.fromDate(retainUntilOf(input.testedAt, timeZone)),
    });
    appendLogEntry(
      tx,
      ref,
      existing.exists ? 'emergencyTestRevised' : 'emergencyTestRecorded',
      caller,
      null,
    );
  });
  return { id: ref.id };
}
