import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  fullName,
  type CallableInput,
  type FileAnonymousReportResponse,
  type RevealAnonymousReporterResponse,
} from '@campus-safety/model';
import type { Caller } from '../platform/caller';
import { fail } from '../platform/errors';
import { runTransaction } from '../platform/transactions';
import { countReportInQuota } from './report-quota';
import { addEntry, timelineCollection } from './timeline';
import { requireActiveCampuses } from './campuses';
import { requireOfferedIncidentType } from './settings';

/**
 * An app user files a report anonymously (docs/anonymity.md). In one transaction: the report,
 * with no field naming its reporter; `anonymous_reporters/{id}` (server-only) holding their uid,
 * so the server can still notify them; and `users/{uid}/anonymous_reports/{id}`, which lets them
 * (and only them) find and read it. The report is counted into the caller's hourly quota in the
 * same transaction, as the rules count the reports the app writes (services/report-quota.ts).
 */
export async function fileAnonymousReport(
  db: Firestore,
  input: CallableInput<'fileAnonymousReport'>,
  caller: Caller,
  timeZone: string,
  now: () => Date = () => new Date(),
): Promise<FileAnonymousReportResponse> {
  await requireActiveCampuses(db, [input.nearestCampus], 'nearestCampus');
  await requireOfferedIncidentType(db, input.incidentType);
  const incident = db.collection(COLLECTIONS.incidentReports).doc();
  await runTransaction(db, async (tx) => {
    await countReportInQuota(tx, db, caller.uid, incident.id, now(), timeZone);
    tx.create(incident, {
      timestamp: FieldValue.serverTimestamp(),
      geoLoc: input.geoLoc,
      nearestCampus: input.nearestCampus,
      incidentType: input.incidentType,
      ...(input.description ? { description: input.description } : {}),
      status: 'Reported',
      isArchived: false,
      anonymous: true,
    });
    tx.create(db.collection(COLLECTIONS.anonymousReporters).doc(incident.id), {
      uid: caller.uid,
      filedAt: FieldValue.serverTimestamp(),
    });
    tx.create(
      db
        .collection(COLLECTIONS.users)
        .doc(caller.uid)
        .collection(COLLECTIONS.anonymousReports)
        .doc(incident.id),
      { filedAt: FieldValue.serverTimestamp() },
    );
  });
  return { incidentId: incident.id };
}

/**
 * An Admin learns who filed an anonymous report (docs/anonymity.md#reveal): the identity goes to
 * that Admin only, in the answer; the act, the Admin and the reason go on the report's timeline,
 * where its campus's staff see them.
 */
export async function revealAnonymousReporter(
  db: Firestore,
  input: { incidentId: string; reason: string },
  caller: Caller,
  now: () => Date = () => new Date(),
): Promise<RevealAnonymousReporterResponse> {
  const ref = db.collection(COLLECTIONS.incidentReports).doc(input.incidentId);
  const link = db.collection(COLLECTIONS.anonymousReporters).doc(input.incidentId);
  return db.runTransaction(async (tx) => {
    const incident = (await tx.get(ref)).data();
    if (!incident) fail('not-found', 'This report no longer exists.');
    if (incident.anonymous !== true)
      fail('failed-precondition', 'This report was not filed anonymously.');
    const uid = (await tx.get(link)).get('uid');
    const profile =
      typeof uid === 'string'
        ? (await tx.get(db.collection(COLLECTIONS.users).doc(uid))).data()
        : undefined;
    if (typeof uid !== 'string' || !profile)
      fail('not-found', "The reporter's account no longer exists.");
    const at = now();
    addEntry(tx, timelineCollection(db, ref.id).doc(`identity-revealed-${at.getTime()}`), {
      kind: 'identity-revealed',
      at,
      actor: { uid: caller.uid, name: caller.displayName, role: caller.role },
      detail: `Reporter's identity revealed to ${caller.displayName || caller.uid}: ${input.reason}`,
    });
    return {
      incidentId: ref.id,
      uid,
      name: fullName(profile),
      email: typeof profile.email === 'string' ? profile.email : '',
      contactNumber: typeof profile.contactNumber === 'string' ? profile.contactNumber : null,
    };
  });
}
