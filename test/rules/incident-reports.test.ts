/**
 * incident_reports: reporters create and read their own; staff read their scope and make only the
 * status moves of STATUS_TRANSITIONS; the server owns timing fields, history and Resolved.
 */
import {
  COLLECTIONS,
  INCIDENT_STATUSES,
  LIMITS,
  OPEN_STATUSES,
  STATUS_TRANSITIONS,
  type Assignee,
  type IncidentStatus,
} from '@campus-safety/model';
import {
  GeoPoint,
  Timestamp,
  average,
  collection,
  count,
  deleteDoc,
  doc,
  getDoc,
  getAggregateFromServer,
  getCountFromServer,
  getDocs,
  increment,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { fileReportAsApp, quotaWithReport } from '@campus-safety/testkit/app-report';
import { ACTORS, COLLEAGUE, OTHER_CAMPUS, SAME_CAMPUS, type Actor } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  APP_USERS,
  NOBODY,
  OTHER_CAMPUS_STAFF,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { ADDED_TYPE, REPORTS, RETIRED_TYPE, TAG } from './support/seed';

const reports = COLLECTIONS.incidentReports;
const report = (db: Firestore, id: string) => doc(db, reports, id);
/**
 * A status move is signed with the caller's uid (`updatedBy`), as the console writes it, unless
 * the row sets `updatedBy` itself (to test a missing or forged signature).
 */
const update = (id: string, changes: DocumentData) => (db: Firestore, actor: Actor) =>
  updateDoc(
    report(db, id),
    'status' in changes && !('updatedBy' in changes)
      ? { ...changes, updatedBy: actor.uid }
      : changes,
  );

const WRITTEN_SKEW_MS = LIMITS.reportWrittenSkewSeconds * 1000;
const WRITTEN_MAX_AGE_MS = LIMITS.reportWrittenMaxAgeDays * 86_400_000;

/** A report exactly as the mobile app submits it for the signed-in actor. */
function newReport(actor: Actor, changes: DocumentData = {}): DocumentData {
  return {
    timestamp: serverTimestamp(),
    geoLoc: { latitude: 14.61, longitude: 121.01 },
    nearestCampus: SAME_CAMPUS,
    status: 'Reported',
    isArchived: false,
    email: actor.email,
    reporterId: actor.uid,
    incidentType: 'Fire',
    description: 'Smoke near the gym',
    ...changes,
  };
}
/** As the app files a report: with its count in the reporter's hourly quota, one transaction. */
const submit =
  (changes: DocumentData = {}) =>
  (db: Firestore, actor: Actor) =>
    fileReportAsApp(db, actor.uid, newReport(actor, changes));

/** A report written `offsetMs` from the moment the row runs: a time fixed when the table is
 * built drifts past the skew bound while a slow engine works through the rows before it. */
const submitWrittenAt = (offsetMs: number) => (db: Firestore, actor: Actor) =>
  submit({ writtenAt: Timestamp.fromMillis(Date.now() + offsetMs) })(db, actor);

const colleague: Assignee = {
  id: COLLEAGUE.uid,
  displayName: 'Colleague Tester',
  email: COLLEAGUE.email,
};
const northImt = ACTORS.imtOtherCampus;
const northAssignee: Assignee = {
  id: northImt.uid,
  displayName: 'imtnorth Tester',
  email: northImt.email ?? '',
};
const assignment = (changes: DocumentData = {}): DocumentData => ({
  status: 'Processing',
  assignedTo: colleague,
  threatLevel: 'High',
  tags: [TAG, 'night'],
  ...changes,
});
/** "Assign to me": the actor as assignee, named as the fixture's directory entry names them. */
const selfAssignment = (actor: Actor, changes: DocumentData = {}): DocumentData => ({
  status: 'Processing',
  // Signed, as every status move (the console's data layer adds it).
  updatedBy: actor.uid,
  assignedTo: {
    id: actor.uid,
    displayName: `${actor.uid.replace(/[^a-z]/g, '')} Tester`,
    email: actor.email ?? '',
  },
  ...changes,
});
const decline = (changes: DocumentData = {}): DocumentData => ({
  status: 'Declined',
  declineReason: 'Duplicate report',
  declineDescription: 'Reported twice by the same person',
  ...changes,
});

describe('incident_reports', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const campusQuery = (db: Firestore, campus: string, archived: boolean) =>
    getDocs(
      query(
        collection(db, reports),
        where('nearestCampus', '==', campus),
        where('isArchived', '==', archived),
        orderBy('timestamp', 'desc'),
      ),
    );

  const reads: Row<Firestore>[] = [
    read('get a same-campus report of the app user', ['appUser', ...SAME_CAMPUS_STAFF], (db) =>
      getDoc(report(db, REPORTS.reported)),
    ),
    read(
      'get an other-campus report of the other app user',
      ['otherAppUser', ...OTHER_CAMPUS_STAFF],
      (db) => getDoc(report(db, REPORTS.otherCampus)),
    ),
    read('get an archived report of the app user', ['appUser', 'admin'], (db) =>
      getDoc(report(db, REPORTS.archived)),
    ),
    read('list every report', ADMIN, (db) => getDocs(collection(db, reports))),
    read('Admin console: list by archived flag, newest first', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, reports),
          where('isArchived', '==', false),
          orderBy('timestamp', 'desc'),
        ),
      ),
    ),
    read('Admin archive screen: list archived reports', ADMIN, (db) =>
      getDocs(query(collection(db, reports), where('isArchived', '==', true))),
    ),
    read('IMT console query for the same campus', SAME_CAMPUS_STAFF, (db) =>
      campusQuery(db, SAME_CAMPUS, false),
    ),
    read('IMT console query for the other campus', OTHER_CAMPUS_STAFF, (db) =>
      campusQuery(db, OTHER_CAMPUS, false),
    ),
    read('IMT query without the campus filter', ADMIN, (db) =>
      getDocs(query(collection(db, reports), where('isArchived', '==', false))),
    ),
    read('IMT query without the archived filter', ADMIN, (db) =>
      getDocs(query(collection(db, reports), where('nearestCampus', '==', SAME_CAMPUS))),
    ),
    read('IMT query on archived reports of the same campus', ADMIN, (db) =>
      campusQuery(db, SAME_CAMPUS, true),
    ),
    read('reporter query: one’s own reports', [...APP_USERS, 'admin'], (db, actor) =>
      getDocs(query(collection(db, reports), where('reporterId', '==', actor.uid))),
    ),
    read('reporter query for the app user’s reports', ['appUser', 'admin'], (db) =>
      getDocs(query(collection(db, reports), where('reporterId', '==', ACTORS.appUser.uid))),
    ),
    read('query by one’s email instead of reporterId', ADMIN, (db, actor) =>
      getDocs(query(collection(db, reports), where('email', '==', actor.email ?? ''))),
    ),
  ];
  describeMatrix('incident_reports: reads and queries', reads, options);

  // What the console's other screens ask, each inside the role's scope.
  const sameCampusScope = [
    where('nearestCampus', '==', SAME_CAMPUS),
    where('isArchived', '==', false),
  ];
  const consoleQueries: Row<Firestore>[] = [
    read('dashboard count of Reported reports (IMT scope)', SAME_CAMPUS_STAFF, (db) =>
      getCountFromServer(
        query(collection(db, reports), ...sameCampusScope, where('status', '==', 'Reported')),
      ),
    ),
    read('dashboard count without the campus filter', ADMIN, (db) =>
      getCountFromServer(
        query(
          collection(db, reports),
          where('isArchived', '==', false),
          where('status', '==', 'Reported'),
        ),
      ),
    ),
    read('dashboard averages (IMT scope)', SAME_CAMPUS_STAFF, (db) =>
      getAggregateFromServer(query(collection(db, reports), ...sameCampusScope), {
        total: count(),
        response: average('responseTimeInMinutes'),
        waiting: average('waitingTimeInMinutes'),
      }),
    ),
    read('dashboard averages over live reports of every campus', ADMIN, (db) =>
      getAggregateFromServer(query(collection(db, reports), where('isArchived', '==', false)), {
        response: average('responseTimeInMinutes'),
      }),
    ),
    read('accomplishment dialog: open reports of the same campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(
        query(
          collection(db, reports),
          ...sameCampusScope,
          where('status', 'in', [...OPEN_STATUSES]),
          orderBy('timestamp', 'desc'),
          limit(100),
        ),
      ),
    ),
    read('new-incident alert: same-campus reports since a moment', SAME_CAMPUS_STAFF, (db) =>
      getDocs(
        query(
          collection(db, reports),
          ...sameCampusScope,
          where('timestamp', '>=', Timestamp.fromMillis(Date.now() - 60 * 60 * 1000)),
        ),
      ),
    ),
    // The reports screen's search (keywords kept by the server) and its count, in each scope.
    read('search by keywords inside the IMT scope, newest first', SAME_CAMPUS_STAFF, (db) =>
      getDocs(
        query(
          collection(db, reports),
          ...sameCampusScope,
          where('keywords', 'array-contains-any', ['smoke', 'gym']),
          orderBy('timestamp', 'desc'),
          limit(26),
        ),
      ),
    ),
    read('count of a keywords search inside the IMT scope', SAME_CAMPUS_STAFF, (db) =>
      getCountFromServer(
        query(
          collection(db, reports),
          ...sameCampusScope,
          where('keywords', 'array-contains-any', ['smoke']),
          orderBy('timestamp', 'desc'),
        ),
      ),
    ),
    read('search by keywords without the campus scope', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, reports),
          where('isArchived', '==', false),
          where('keywords', 'array-contains-any', ['smoke']),
        ),
      ),
    ),
    read('search by keywords in one’s own reports', [...APP_USERS, 'admin'], (db, actor) =>
      getDocs(
        query(
          collection(db, reports),
          where('reporterId', '==', actor.uid),
          where('keywords', 'array-contains-any', ['smoke']),
        ),
      ),
    ),
  ];
  describeMatrix('incident_reports: console screens’ queries', consoleQueries, options);

  // The CSV export (web/src/data/export.ts): a count of the list's query, then its pages of 500
  // after the previous page's last row. The role's scope travels with it, so another campus's
  // rows are refused whatever the filters.
  const exportQuery = (db: Firestore, campus: string) =>
    query(
      collection(db, reports),
      where('nearestCampus', '==', campus),
      where('isArchived', '==', false),
      where('status', '==', 'Processing'),
      orderBy('timestamp', 'desc'),
    );
  const exports: Row<Firestore>[] = [
    read('export count of the filtered list (IMT scope)', SAME_CAMPUS_STAFF, (db) =>
      getCountFromServer(exportQuery(db, SAME_CAMPUS)),
    ),
    read('export page after the previous page (IMT scope)', SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(exportQuery(db, SAME_CAMPUS), startAfter(Timestamp.now()), limit(500))),
    ),
    read('export count of the other campus', OTHER_CAMPUS_STAFF, (db) =>
      getCountFromServer(exportQuery(db, OTHER_CAMPUS)),
    ),
    read('export page of the other campus', OTHER_CAMPUS_STAFF, (db) =>
      getDocs(query(exportQuery(db, OTHER_CAMPUS), startAfter(Timestamp.now()), limit(500))),
    ),
    read('export count of every campus (Admin scope)', ADMIN, (db) =>
      getCountFromServer(
        query(
          collection(db, reports),
          where('isArchived', '==', false),
          orderBy('timestamp', 'desc'),
        ),
      ),
    ),
    read('export page of archived reports (Admin archive)', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, reports),
          where('isArchived', '==', true),
          orderBy('timestamp', 'desc'),
          limit(500),
        ),
      ),
    ),
  ];
  describeMatrix('incident_reports: CSV export', exports, options);

  const creates: Row<Firestore>[] = [
    write('submit a report as oneself', APP_USERS, submit()),
    write(
      'submit a report with a GeoPoint location',
      APP_USERS,
      submit({ geoLoc: new GeoPoint(14.6, 121) }),
    ),
    write('submit a report without a description', APP_USERS, (db, actor) => {
      const { description: _omitted, ...rest } = newReport(actor);
      return fileReportAsApp(db, actor.uid, rest);
    }),
    write(
      'submit a report as someone else (reporterId)',
      NOBODY,
      submit({ reporterId: 'someone-else' }),
    ),
    write(
      'submit a report under someone else’s email',
      NOBODY,
      submit({ email: 'bob@elsewhere.example' }),
    ),
    write('submit a report already Processing', NOBODY, submit({ status: 'Processing' })),
    write('submit a report already archived', NOBODY, submit({ isArchived: true })),
    write(
      'submit a report with a client clock timestamp',
      NOBODY,
      submit({
        timestamp: Timestamp.fromMillis(Date.now() - 60_000),
      }),
    ),
    write('submit a report for an unknown campus', NOBODY, submit({ nearestCampus: 'atlantis' })),
    write('submit a report for a retired campus', NOBODY, submit({ nearestCampus: 'old-campus' })),
    write(
      'submit a report naming a campus by its name, not its id',
      NOBODY,
      submit({ nearestCampus: 'Main Campus' }),
    ),
    write('submit a report of an unknown incident type', NOBODY, submit({ incidentType: 'Alien' })),
    write(
      'submit a report of a type the institution added',
      APP_USERS,
      submit({ incidentType: ADDED_TYPE }),
    ),
    write('submit a report of a retired type', NOBODY, submit({ incidentType: RETIRED_TYPE })),
    write(
      'submit a report naming an added type by its label, not its key',
      NOBODY,
      submit({ incidentType: 'Noise' }),
    ),
    write(
      'submit a report with latitude out of range',
      NOBODY,
      submit({
        geoLoc: { latitude: 91, longitude: 121 },
      }),
    ),
    write('submit a report with a location that is not a place', NOBODY, submit({ geoLoc: 'Gym' })),
    write(
      `submit a description longer than ${LIMITS.body}`,
      NOBODY,
      submit({
        description: 'x'.repeat(LIMITS.body + 1),
      }),
    ),
    ...(
      [
        ['assignedTo', colleague],
        ['waitingTimeInMinutes', 0],
        ['responseTimeInMinutes', 0],
        ['threatLevel', 'Low'],
        ['tags', [TAG]],
        ['declineReason', 'Other'],
        ['declineDescription', 'x'],
        ['statusHistory', []],
        ['keywords', ['fire']],
        ['escalatedAt', Timestamp.now()],
        ['updatedBy', 'someone'],
      ] as const
    ).map(([field, value]) =>
      write(`submit a report carrying ${field}`, NOBODY, submit({ [field]: value })),
    ),
    write('submit a report with an unknown field', NOBODY, submit({ priority: 'urgent' })),
    // The device's time of writing (issue 32 item 4): a report may wait days on a phone without
    // signal; neither the future beyond a clock's skew nor an old report passed off as new.
    write('submit a report written now (writtenAt)', APP_USERS, submitWrittenAt(0)),
    write(
      'submit a report written days ago on a phone without signal',
      APP_USERS,
      submitWrittenAt(-WRITTEN_MAX_AGE_MS + 3_600_000),
    ),
    write(
      'submit a report from a phone whose clock is a little ahead',
      APP_USERS,
      submitWrittenAt(WRITTEN_SKEW_MS / 2),
    ),
    write(
      'submit a report written in the future beyond the skew',
      NOBODY,
      submitWrittenAt(WRITTEN_SKEW_MS + 60_000),
    ),
    write(
      'submit a report written longer ago than a phone may keep it',
      NOBODY,
      submitWrittenAt(-WRITTEN_MAX_AGE_MS - 60_000),
    ),
    write(
      'submit a report whose writtenAt is not a time',
      NOBODY,
      submit({ writtenAt: new Date().toISOString() }),
    ),
  ];
  describeMatrix('incident_reports: create', creates, options);

  const moves: Row<Firestore>[] = [
    write(
      '"Assign to me": assign oneself without a threat level (Unrated)',
      SAME_CAMPUS_STAFF,
      (db, actor) => updateDoc(report(db, REPORTS.reported), selfAssignment(actor)),
    ),
    write('"Assign to me" with a null threat level', SAME_CAMPUS_STAFF, (db, actor) =>
      updateDoc(report(db, REPORTS.reported), selfAssignment(actor, { threatLevel: null })),
    ),
    write(
      'assign someone else without a threat level (only oneself may be left unrated)',
      NOBODY,
      update(REPORTS.reported, { status: 'Processing', assignedTo: colleague }),
    ),
    write(
      'assign someone else with a null threat level',
      NOBODY,
      update(REPORTS.reported, assignment({ threatLevel: null })),
    ),
    write('"Assign to me" with a threat level that is not one', NOBODY, (db, actor) =>
      updateDoc(report(db, REPORTS.reported), selfAssignment(actor, { threatLevel: 'Extreme' })),
    ),
    write('"Assign to me" on a report already being processed', NOBODY, (db, actor) =>
      updateDoc(report(db, REPORTS.processing), selfAssignment(actor)),
    ),
    write(
      'assign a same-campus report (Reported→Processing)',
      SAME_CAMPUS_STAFF,
      update(REPORTS.reported, assignment()),
    ),
    write(
      'assign without tags',
      SAME_CAMPUS_STAFF,
      update(REPORTS.reported, assignment({ tags: [] })),
    ),
    write(
      'assign an other-campus report to its IMT',
      OTHER_CAMPUS_STAFF,
      update(
        REPORTS.otherCampus,
        assignment({
          assignedTo: northAssignee,
        }),
      ),
    ),
    write('assign an archived report', NOBODY, update(REPORTS.archived, assignment())),
    write(
      'assign and write the search keywords (the server keeps them)',
      NOBODY,
      update(REPORTS.reported, assignment({ keywords: ['forged'] })),
    ),
    write(
      'rewrite the search keywords of a report',
      NOBODY,
      update(REPORTS.processing, { keywords: ['forged'] }),
    ),
    write(
      'assign to IMT of another campus',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          assignedTo: northAssignee,
        }),
      ),
    ),
    write(
      'assign to an archived staff account',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          assignedTo: {
            id: ACTORS.archivedStaff.uid,
            displayName: 'Archived',
            email: ACTORS.archivedStaff.email,
          },
        }),
      ),
    ),
    write(
      'assign to an app user',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          assignedTo: {
            id: ACTORS.otherAppUser.uid,
            displayName: 'Bob',
            email: ACTORS.otherAppUser.email,
          },
        }),
      ),
    ),
    write(
      'assign naming a colleague with a wrong email',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          assignedTo: { ...colleague, email: 'someone@else.example' },
        }),
      ),
    ),
    write('assign without an assignee', NOBODY, (db) => {
      const { assignedTo: _omitted, ...rest } = assignment();
      return updateDoc(report(db, REPORTS.reported), rest);
    }),
    write(
      'assign naming a colleague with a forged display name (text injection)',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          assignedTo: { ...colleague, displayName: 'Campus Police. Call +1-555-0100 and pay' },
        }),
      ),
    ),
    write(
      'assign naming someone without a directory entry',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          assignedTo: {
            id: ACTORS.demotedStaff.uid,
            displayName: 'imtdemoted Tester',
            email: ACTORS.demotedStaff.email,
          },
        }),
      ),
    ),
    write(
      `assign with tags of ${LIMITS.tagName} characters (the longest allowed)`,
      SAME_CAMPUS_STAFF,
      update(
        REPORTS.reported,
        assignment({
          tags: Array.from({ length: LIMITS.tagsPerItem }, (_, i) =>
            `${i}`.padEnd(LIMITS.tagName, 'x'),
          ),
        }),
      ),
    ),
    write(
      `assign with a tag longer than ${LIMITS.tagName} characters`,
      NOBODY,
      update(REPORTS.reported, assignment({ tags: [TAG, 'x'.repeat(LIMITS.tagName + 1)] })),
    ),
    write(
      'assign with a tag that is not a string',
      NOBODY,
      update(REPORTS.reported, assignment({ tags: [TAG, { name: 'map' }] })),
    ),
    write('assign with an empty tag', NOBODY, update(REPORTS.reported, assignment({ tags: [''] }))),
    write(
      'assign with a tag holding a line break',
      NOBODY,
      update(REPORTS.reported, assignment({ tags: [TAG, 'fire\nCall +1-555-0100'] })),
    ),
    write(
      `assign with a tag made of ${LIMITS.tagName}-character lines (one line break each)`,
      NOBODY,
      update(
        REPORTS.reported,
        assignment({ tags: [Array(100).fill('x'.repeat(LIMITS.tagName)).join('\n')] }),
      ),
    ),
    write(
      'assign with a tag holding a bidirectional override',
      NOBODY,
      update(REPORTS.reported, assignment({ tags: ['fire\u202Eerif'] })),
    ),
    write(
      'assign with tags that are not a list',
      NOBODY,
      update(REPORTS.reported, assignment({ tags: 'fire' })),
    ),
    write(
      'assign with an unknown threat level',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          threatLevel: 'Apocalyptic',
        }),
      ),
    ),
    write(
      `assign with more than ${LIMITS.tagsPerItem} tags`,
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          tags: Array.from({ length: LIMITS.tagsPerItem + 1 }, (_, i) => `tag-${i}`),
        }),
      ),
    ),
    write(
      'assign and set waitingTimeInMinutes',
      NOBODY,
      update(
        REPORTS.reported,
        assignment({
          waitingTimeInMinutes: 1,
        }),
      ),
    ),
    write(
      'assign and write escalatedAt',
      NOBODY,
      update(REPORTS.reported, assignment({ escalatedAt: Timestamp.now() })),
    ),
    // The status trigger names the actor from updatedBy: it must be the caller's own uid.
    write(
      'assign without signing it (no updatedBy)',
      NOBODY,
      update(REPORTS.reported, assignment({ updatedBy: null })),
    ),
    write(
      "assign signed with a colleague's uid",
      NOBODY,
      update(REPORTS.reported, assignment({ updatedBy: COLLEAGUE.uid })),
    ),
    write(
      "respond signed with a colleague's uid",
      NOBODY,
      update(REPORTS.processing, { status: 'Responded', updatedBy: COLLEAGUE.uid }),
    ),
    write(
      "decline signed with a colleague's uid",
      NOBODY,
      update(REPORTS.reported, decline({ updatedBy: COLLEAGUE.uid })),
    ),
    write('set escalatedAt', NOBODY, update(REPORTS.reported, { escalatedAt: Timestamp.now() })),
    write(
      'decline with a reason holding a NUL character',
      NOBODY,
      update(REPORTS.reported, decline({ declineReason: 'Dup\u0000licate' })),
    ),
    write(
      'respond (Processing→Responded)',
      SAME_CAMPUS_STAFF,
      update(REPORTS.processing, { status: 'Responded' }),
    ),
    write(
      'respond and set responseTimeInMinutes',
      NOBODY,
      update(REPORTS.processing, {
        status: 'Responded',
        responseTimeInMinutes: 1,
      }),
    ),
    write(
      'skip Processing (Reported→Responded)',
      NOBODY,
      update(REPORTS.reported, { status: 'Responded' }),
    ),
    write(
      'resolve from the client (Responded→Resolved)',
      NOBODY,
      update(REPORTS.responded, { status: 'Resolved' }),
    ),
    write(
      'move back (Processing→Reported)',
      NOBODY,
      update(REPORTS.processing, { status: 'Reported' }),
    ),
    write('decline a Resolved report', NOBODY, update(REPORTS.resolved, decline())),
    write(
      'reopen a Declined report (Declined→Processing)',
      NOBODY,
      update(REPORTS.declined, { status: 'Processing' }),
    ),
    write('decline a Reported report', SAME_CAMPUS_STAFF, update(REPORTS.reported, decline())),
    write('decline a Processing report', SAME_CAMPUS_STAFF, update(REPORTS.processing, decline())),
    write('decline a Responded report', SAME_CAMPUS_STAFF, update(REPORTS.responded, decline())),
    write(
      'decline without a description',
      NOBODY,
      update(REPORTS.reported, {
        status: 'Declined',
        declineReason: 'Other',
      }),
    ),
    write(
      'decline with a reason not in the saved list',
      NOBODY,
      update(REPORTS.reported, decline({ declineReason: 'Because I said so' })),
    ),
    write(
      'decline with an empty reason',
      NOBODY,
      update(REPORTS.reported, decline({ declineReason: '' })),
    ),
    write(
      `decline with a description over ${LIMITS.declineDescription}`,
      NOBODY,
      update(
        REPORTS.reported,
        decline({
          declineDescription: 'x'.repeat(LIMITS.declineDescription + 1),
        }),
      ),
    ),
    write(
      'change the threat level without a status move',
      NOBODY,
      update(REPORTS.processing, {
        threatLevel: 'Critical',
      }),
    ),
    write(
      'move a report to another campus',
      NOBODY,
      update(REPORTS.reported, { nearestCampus: OTHER_CAMPUS }),
    ),
    write(
      'edit the description of a report',
      NOBODY,
      update(REPORTS.reported, { description: 'Edited' }),
    ),
    write(
      'set the timing fields',
      NOBODY,
      update(REPORTS.processing, {
        waitingTimeInMinutes: 0,
        responseTimeInMinutes: 0,
      }),
    ),
    write('archive a report', ADMIN, update(REPORTS.reported, { isArchived: true })),
    write('restore an archived report', ADMIN, update(REPORTS.archived, { isArchived: false })),
    write(
      'archive and change the status at once',
      NOBODY,
      update(REPORTS.reported, {
        isArchived: true,
        status: 'Declined',
      }),
    ),
    write('delete a report', NOBODY, (db) => deleteDoc(report(db, REPORTS.reported))),
  ];
  describeMatrix('incident_reports: status moves and other updates', moves, options);

  // Every (from, to) pair, derived from the model: staff make exactly the moves of
  // STATUS_TRANSITIONS except Responded→Resolved, which only the accomplishment trigger makes.
  const seededWithStatus: Record<IncidentStatus, string> = {
    Reported: REPORTS.reported,
    Processing: REPORTS.processing,
    Responded: REPORTS.responded,
    Resolved: REPORTS.resolved,
    Declined: REPORTS.declined,
  };
  const payloadFor = (to: IncidentStatus): DocumentData =>
    to === 'Processing' ? assignment() : to === 'Declined' ? decline() : { status: to };
  const transitions: Row<Firestore>[] = INCIDENT_STATUSES.flatMap((from) =>
    INCIDENT_STATUSES.map((to) => {
      const staffMove = STATUS_TRANSITIONS[from].includes(to) && to !== 'Resolved';
      return write(
        `${from}→${to}`,
        staffMove ? SAME_CAMPUS_STAFF : NOBODY,
        update(seededWithStatus[from], payloadFor(to)),
      );
    }),
  );
  describeMatrix(
    'incident_reports: every status pair against STATUS_TRANSITIONS',
    transitions,
    options,
  );
});

describe('incident_reports: the hourly report quota (issue 17 item 5, issue 28 item 5)', () => {
  const fixture = useFixture();
  const quotaPath = (uid: string) => `${COLLECTIONS.reportQuotas}/${uid}`;
  const HOUR = 3_600_000;
  const setQuota = (uid: string, quota: DocumentData) =>
    fixture().env.withSecurityRulesDisabled((context) =>
      setDoc(doc(context.firestore() as unknown as Firestore, quotaPath(uid)), quota),
    );
  const quotaOf = async (uid: string) => {
    let data: DocumentData | undefined;
    await fixture().env.withSecurityRulesDisabled(async (context) => {
      const snap = await getDoc(doc(context.firestore() as unknown as Firestore, quotaPath(uid)));
      data = snap.data();
    });
    return data;
  };
  const refused = async (attempt: Promise<unknown>) => {
    const error = await attempt.then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    if (error?.code !== 'permission-denied') throw new Error(`expected a refusal, got ${error}`);
  };
  /** A report and a quota write of the caller's choosing, in one batch. */
  const batched = (actor: Actor, quota: (reportId: string) => DocumentData) => {
    const db = fixture().firestore(actor);
    const ref = doc(collection(db, reports));
    const batch = writeBatch(db);
    batch.set(ref, newReport(actor));
    batch.set(doc(db, quotaPath(actor.uid)), quota(ref.id));
    return batch.commit();
  };
  beforeEach(async () => {
    await fixture().ensureSeeded();
    fixture().markDirty();
  });

  it('each report counts one more in the open window, naming it; a full window refuses; another reporter is not', async () => {
    const alice = ACTORS.appUser;
    const start = Timestamp.fromMillis(Date.now() - 30 * 60_000);
    await setQuota(alice.uid, {
      windowStart: start,
      filed: LIMITS.reportsPerReporterPerHour - 1,
      lastId: 'x',
    });
    await submit()(fixture().firestore(alice), alice);
    const counted = await quotaOf(alice.uid);
    if (counted?.filed !== LIMITS.reportsPerReporterPerHour || !counted.windowStart.isEqual(start))
      throw new Error(`not counted in the open window: ${JSON.stringify(counted)}`);
    // Full: even a count the rules would take is past the limit.
    await refused(
      batched(alice, (id) => ({
        windowStart: start,
        filed: LIMITS.reportsPerReporterPerHour + 1,
        lastId: id,
      })),
    );
    const bob = ACTORS.otherAppUser;
    await submit({ nearestCampus: OTHER_CAMPUS })(fixture().firestore(bob), bob);
  });

  it('once the window has passed the next report opens a new one at the commit time', async () => {
    const alice = ACTORS.appUser;
    const old = Timestamp.fromMillis(Date.now() - HOUR - 1000);
    await setQuota(alice.uid, {
      windowStart: old,
      filed: LIMITS.reportsPerReporterPerHour,
      lastId: 'x',
    });
    // Carrying the old window on is refused; a new one from now is taken.
    await refused(
      batched(alice, (id) => ({
        windowStart: old,
        filed: LIMITS.reportsPerReporterPerHour + 1,
        lastId: id,
      })),
    );
    await submit()(fixture().firestore(alice), alice);
    const counted = await quotaOf(alice.uid);
    if (counted?.filed !== 1 || counted.windowStart.toMillis() <= old.toMillis() + HOUR)
      throw new Error(`no new window: ${JSON.stringify(counted)}`);
  });

  /** As the app queues a report without signal: counted into the window the phone last saw. */
  const queued = (actor: Actor, changes: DocumentData = {}) => {
    const db = fixture().firestore(actor);
    const ref = doc(collection(db, reports));
    const batch = writeBatch(db);
    batch.update(doc(db, quotaPath(actor.uid)), { filed: increment(1), lastId: ref.id });
    batch.set(ref, newReport(actor, changes));
    return batch.commit();
  };

  it('a report queued without signal is counted into the window the phone saw, even one that closed before it arrived, and still capped', async () => {
    const alice = ACTORS.appUser;
    const old = Timestamp.fromMillis(Date.now() - 3 * HOUR);
    await setQuota(alice.uid, { windowStart: old, filed: 4, lastId: 'x' });
    await queued(alice, { writtenAt: Timestamp.fromMillis(Date.now() - 2 * HOUR) });
    const counted = await quotaOf(alice.uid);
    if (counted?.filed !== 5 || !counted.windowStart.isEqual(old))
      throw new Error(`not counted into the window the phone saw: ${JSON.stringify(counted)}`);
    // That window holds the limit: however late, one more is refused (a new window is not).
    await setQuota(alice.uid, {
      windowStart: old,
      filed: LIMITS.reportsPerReporterPerHour,
      lastId: 'x',
    });
    await refused(queued(alice));
    await setQuota(alice.uid, {
      windowStart: Timestamp.fromMillis(Date.now() - 60_000),
      filed: LIMITS.reportsPerReporterPerHour,
      lastId: 'x',
    });
    await refused(queued(alice));
    if ((await quotaOf(alice.uid))?.filed !== LIMITS.reportsPerReporterPerHour)
      throw new Error('the count moved');
  });

  it('a quota kept before counts were written with reports (no window) takes the next report in a new window', async () => {
    const alice = ACTORS.appUser;
    await setQuota(alice.uid, {
      filed: [{ id: 'earlier', at: Timestamp.now() }],
      fullUntil: Timestamp.fromMillis(Date.now() + HOUR),
    });
    await submit()(fixture().firestore(alice), alice);
    if ((await quotaOf(alice.uid))?.filed !== 1) throw new Error('not counted from one');
  });

  it('a report without its count, with a count that skips, restarts or names another report, is refused', async () => {
    const alice = ACTORS.appUser;
    const db = fixture().firestore(alice);
    await refused(setDoc(doc(collection(db, reports)), newReport(alice)));
    const start = Timestamp.fromMillis(Date.now() - 60_000);
    await setQuota(alice.uid, { windowStart: start, filed: 3, lastId: 'x' });
    await refused(batched(alice, (id) => ({ windowStart: start, filed: 5, lastId: id })));
    await refused(batched(alice, (id) => ({ windowStart: start, filed: 3, lastId: id })));
    await refused(
      batched(alice, (id) => ({ windowStart: serverTimestamp(), filed: 1, lastId: id })),
    );
    await refused(batched(alice, () => ({ windowStart: start, filed: 4, lastId: 'another' })));
    // Two reports under one count: the count names only one of them.
    const first = doc(collection(db, reports));
    const second = doc(collection(db, reports));
    const batch = writeBatch(db);
    batch.set(first, newReport(alice));
    batch.set(second, newReport(alice));
    batch.set(doc(db, quotaPath(alice.uid)), quotaWithReport(await quotaOf(alice.uid), second.id)!);
    await refused(batch.commit());
    if ((await quotaOf(alice.uid))?.filed !== 3) throw new Error('the count moved');
  });

  it('the app cannot mark its report imported (the mark that keeps a report out of the quota)', async () => {
    const alice = ACTORS.appUser;
    await refused(submit({ imported: true })(fixture().firestore(alice), alice));
  });

  it('a reporter reads their own quota, nobody else’s; it is written only with a new report, never removed', async () => {
    const alice = ACTORS.appUser;
    const start = Timestamp.fromMillis(Date.now() - 60_000);
    await setQuota(alice.uid, {
      windowStart: start,
      filed: LIMITS.reportsPerReporterPerHour,
      lastId: 'x',
    });
    const own = await getDoc(doc(fixture().firestore(alice), quotaPath(alice.uid)));
    if (!own.exists()) throw new Error('the reporter could not read their quota');
    const bob = ACTORS.otherAppUser;
    await refused(getDoc(doc(fixture().firestore(bob), quotaPath(alice.uid))));
    await refused(
      setDoc(doc(fixture().firestore(alice), quotaPath(alice.uid)), {
        windowStart: start,
        filed: 0,
        lastId: 'x',
      }),
    );
    await refused(deleteDoc(doc(fixture().firestore(alice), quotaPath(alice.uid))));
    // Someone else's quota, with a report of one's own.
    await refused(
      (async () => {
        const db = fixture().firestore(bob);
        const ref = doc(collection(db, reports));
        const batch = writeBatch(db);
        batch.set(ref, newReport(bob, { nearestCampus: OTHER_CAMPUS }));
        batch.set(doc(db, quotaPath(alice.uid)), { windowStart: start, filed: 0, lastId: ref.id });
        await batch.commit();
      })(),
    );
  });
});
