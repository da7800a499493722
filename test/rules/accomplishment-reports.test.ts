/**
 * Accomplishment reports: staff write them under the incident they may work on; the server copies
 * them to the top-level collection, which staff only read (and Admin archives).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { COLLECTIONS, LIMITS, type RecordCount } from '@campus-safety/model';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { ACTORS, COLLEAGUE, OTHER_CAMPUS, SAME_CAMPUS, type Actor } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  OTHER_CAMPUS_STAFF,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { countedWrite, recordCountRef } from './support/record-counts';
import { ACCOMPLISHMENTS, ADDED_RESOLVE_CODE, DROPPED_RESOLVE_CODE, REPORTS } from './support/seed';

const reports = COLLECTIONS.incidentReports;
const accomplishments = COLLECTIONS.accomplishmentReports;
const under = (db: Firestore, reportId: string) =>
  collection(db, reports, reportId, accomplishments);
const nested = (db: Firestore, reportId: string, id: string) => doc(under(db, reportId), id);

function accomplishment(changes: DocumentData = {}): DocumentData {
  return {
    title: 'Fire put out',
    description: 'Extinguisher used; nobody hurt',
    resolveCode: 'Referred to police',
    timestamp: serverTimestamp(),
    imageUrl: 'https://example.com/a.png',
    threatLevel: 'High',
    isArchived: false,
    ...changes,
  };
}
/**
 * Written as the console writes it: in one commit with the report's accomplishment-write count
 * grown by one (the seed counts none) and the new count as `revision` (`counter` overrides what
 * the count says; null: not counted).
 */
const counted =
  (
    reportId: string,
    id: string | null,
    how: 'set' | 'update',
    data: (actor: Actor) => DocumentData,
    counter: Partial<RecordCount> | null = {},
  ) =>
  (db: Firestore, actor: Actor) =>
    countedWrite(
      db,
      reportId,
      'accomplishment_reports',
      id ?? doc(under(db, reportId)).id,
      how,
      (revision) => ({ revision, ...data(actor) }),
      1,
      counter,
    );
/** Signed with the caller's uid (`updatedBy`) as the console writes it, unless the row sets it. */
const record = (
  reportId: string,
  changes: DocumentData = {},
  counter: Partial<RecordCount> | null = {},
) =>
  counted(
    reportId,
    null,
    'set',
    (actor) => accomplishment({ updatedBy: actor.uid, ...changes }),
    counter,
  );
/** Content edits are signed and counted like new reports. */
const editLive = (changes: DocumentData, counter: Partial<RecordCount> | null = {}) =>
  counted(
    REPORTS.responded,
    ACCOMPLISHMENTS.live,
    'update',
    (actor) => ('updatedBy' in changes ? changes : { updatedBy: actor.uid, ...changes }),
    counter,
  );
/** An archive toggle is neither signed nor counted (it changes nothing else). */
const toggleLive = (changes: DocumentData) => (db: Firestore) =>
  updateDoc(nested(db, REPORTS.responded, ACCOMPLISHMENTS.live), changes);

describe('accomplishment_reports', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const nestedRows: Row<Firestore>[] = [
    read('get a same-campus accomplishment', SAME_CAMPUS_STAFF, (db) =>
      getDoc(nested(db, REPORTS.responded, ACCOMPLISHMENTS.live)),
    ),
    read('get an archived accomplishment', ADMIN, (db) =>
      getDoc(nested(db, REPORTS.responded, ACCOMPLISHMENTS.archived)),
    ),
    read('get an other-campus accomplishment', OTHER_CAMPUS_STAFF, (db) =>
      getDoc(nested(db, REPORTS.otherCampus, ACCOMPLISHMENTS.otherCampus)),
    ),
    read('list a report’s accomplishments, archived included', ADMIN, (db) =>
      getDocs(under(db, REPORTS.responded)),
    ),
    read('list a report’s live accomplishments', SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(under(db, REPORTS.responded), where('isArchived', '==', false))),
    ),
    write(
      'record an accomplishment for a Responded report',
      SAME_CAMPUS_STAFF,
      record(REPORTS.responded),
    ),
    write(
      'record an accomplishment for a Processing report',
      SAME_CAMPUS_STAFF,
      record(REPORTS.processing),
    ),
    write(
      'record an accomplishment without image and threat level',
      SAME_CAMPUS_STAFF,
      counted(REPORTS.responded, null, 'set', (a) => {
        const {
          imageUrl: _image,
          threatLevel: _threat,
          ...rest
        } = accomplishment({ updatedBy: a.uid });
        return rest;
      }),
    ),
    write(
      'record an accomplishment for an other-campus report',
      OTHER_CAMPUS_STAFF,
      record(REPORTS.otherCampus),
    ),
    write(
      'record an accomplishment under an own report with the id of an other-campus one',
      NOBODY,
      counted(REPORTS.responded, ACCOMPLISHMENTS.otherCampus, 'set', (a) =>
        accomplishment({ updatedBy: a.uid }),
      ),
    ),
    // The trigger names the author in the timeline from updatedBy: it must be the writer's uid.
    write(
      'record an accomplishment without signing it (no updatedBy)',
      NOBODY,
      counted(REPORTS.responded, null, 'set', () => accomplishment()),
    ),
    write(
      "record an accomplishment signed with a colleague's uid",
      NOBODY,
      record(REPORTS.responded, { updatedBy: COLLEAGUE.uid }),
    ),
    write(
      "edit an accomplishment signed with a colleague's uid",
      NOBODY,
      editLive({ description: 'Updated', updatedBy: COLLEAGUE.uid }),
    ),
    write('record an accomplishment for a Declined report', NOBODY, record(REPORTS.declined)),
    write('record an accomplishment for an archived report', NOBODY, record(REPORTS.archived)),
    write(
      'record an accomplishment for a report that does not exist',
      NOBODY,
      record('no-such-report'),
    ),
    write(
      'record an accomplishment already archived',
      NOBODY,
      record(REPORTS.responded, { isArchived: true }),
    ),
    write(
      'record an accomplishment with a client clock timestamp',
      NOBODY,
      record(REPORTS.responded, {
        timestamp: Timestamp.fromMillis(Date.now() - 60_000),
      }),
    ),
    write(
      'record an accomplishment with an unknown resolve code',
      NOBODY,
      record(REPORTS.responded, {
        resolveCode: 'Magic',
      }),
    ),
    write(
      'record an accomplishment with a resolve code the institution added',
      SAME_CAMPUS_STAFF,
      record(REPORTS.responded, { resolveCode: ADDED_RESOLVE_CODE }),
    ),
    write(
      'record an accomplishment with a code dropped from the list',
      NOBODY,
      record(REPORTS.responded, { resolveCode: DROPPED_RESOLVE_CODE }),
    ),
    write(
      'edit an accomplishment to a code not in the list',
      NOBODY,
      editLive({ resolveCode: 'Magic' }),
    ),
    write(
      'record an accomplishment with an unknown threat level',
      NOBODY,
      record(REPORTS.responded, {
        threatLevel: 'Apocalyptic',
      }),
    ),
    write(
      `record an accomplishment titled over ${LIMITS.title}`,
      NOBODY,
      record(REPORTS.responded, {
        title: 'x'.repeat(LIMITS.title + 1),
      }),
    ),
    write(
      'record an accomplishment without a description',
      NOBODY,
      record(REPORTS.responded, {
        description: '',
      }),
    ),
    write(
      'record an accomplishment carrying the server’s report snapshot',
      NOBODY,
      record(REPORTS.responded, {
        report: { campus: OTHER_CAMPUS },
      }),
    ),
    // Its code, 'Resolved on site', is no longer in the saved list: an edit keeps it.
    write(
      'edit an accomplishment',
      SAME_CAMPUS_STAFF,
      editLive({
        description: 'Updated',
        threatLevel: 'Critical',
        timestamp: serverTimestamp(),
      }),
    ),
    write(
      'edit an accomplishment’s time to a client clock',
      NOBODY,
      editLive({
        timestamp: Timestamp.fromMillis(0),
      }),
    ),
    write('archive an accomplishment', ADMIN, toggleLive({ isArchived: true })),
    write(
      'archive and edit an accomplishment at once',
      NOBODY,
      toggleLive({
        isArchived: true,
        description: 'Hidden edit',
      }),
    ),
    write('edit an archived accomplishment', NOBODY, (db) =>
      updateDoc(nested(db, REPORTS.responded, ACCOMPLISHMENTS.archived), { description: 'Edited' }),
    ),
    write('delete an accomplishment', NOBODY, (db) =>
      deleteDoc(nested(db, REPORTS.responded, ACCOMPLISHMENTS.live)),
    ),
    // The bound on accomplishment writes per report (issue 17 finding 8).
    write(
      'record an accomplishment without counting it',
      NOBODY,
      record(REPORTS.responded, {}, null),
    ),
    write(
      'edit an accomplishment without counting it',
      NOBODY,
      editLive({ description: 'Uncounted' }, null),
    ),
    write(
      'edit an accomplishment counted twice (the count grows by two)',
      NOBODY,
      editLive({ description: 'Twice' }, { count: 2 }),
    ),
    write(
      'edit an accomplishment whose count names another',
      NOBODY,
      editLive({ description: 'Elsewhere' }, { lastId: ACCOMPLISHMENTS.archived }),
    ),
    write(
      'edit an accomplishment carrying another revision than its count',
      NOBODY,
      editLive({ description: 'Off by one', revision: 7 }),
    ),
    write('set the accomplishment count to what an accomplishment already carries', NOBODY, (db) =>
      setDoc(recordCountRef(db, REPORTS.responded, 'accomplishment_reports'), {
        count: 0,
        lastId: ACCOMPLISHMENTS.live,
      }),
    ),
    write('grow the accomplishment count without writing one', NOBODY, (db) =>
      setDoc(recordCountRef(db, REPORTS.responded, 'accomplishment_reports'), {
        count: 1,
        lastId: ACCOMPLISHMENTS.live,
      }),
    ),
  ];
  describeMatrix('incident_reports/{id}/accomplishment_reports', nestedRows, options);

  describe(`at most ${LIMITS.accomplishmentWritesPerReport} accomplishment writes per report`, () => {
    beforeEach(async () => {
      await fixture().ensureSeeded();
      fixture().markDirty();
    });
    it(`the ${LIMITS.accomplishmentWritesPerReport}th create or edit is taken, the next is refused`, async () => {
      const limit = LIMITS.accomplishmentWritesPerReport;
      await fixture().env.withSecurityRulesDisabled((context) =>
        setDoc(
          recordCountRef(
            context.firestore() as unknown as Firestore,
            REPORTS.responded,
            'accomplishment_reports',
          ),
          { count: limit - 1, lastId: ACCOMPLISHMENTS.live },
        ),
      );
      const imt = ACTORS.imtSameCampus;
      const db = fixture().firestore(imt);
      await assertSucceeds(editLive({ description: 'Last edit' }, { count: limit })(db, imt));
      await assertFails(editLive({ description: 'One too many' }, { count: limit + 1 })(db, imt));
      await assertFails(record(REPORTS.responded, {}, { count: limit + 1 })(db, imt));
    });
  });

  const copy = (db: Firestore, id: string) => doc(db, accomplishments, id);
  const copies: Row<Firestore>[] = [
    read('get a same-campus copy', SAME_CAMPUS_STAFF, (db) =>
      getDoc(copy(db, ACCOMPLISHMENTS.live)),
    ),
    read('get an archived copy', ADMIN, (db) => getDoc(copy(db, ACCOMPLISHMENTS.archived))),
    read('get an other-campus copy', OTHER_CAMPUS_STAFF, (db) =>
      getDoc(copy(db, ACCOMPLISHMENTS.otherCampus)),
    ),
    read('list every copy', ADMIN, (db) => getDocs(collection(db, accomplishments))),
    read('IMT console query: live copies of the same campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(
        query(
          collection(db, accomplishments),
          where('report.campus', '==', SAME_CAMPUS),
          where('isArchived', '==', false),
          orderBy('timestamp', 'desc'),
          limit(50),
        ),
      ),
    ),
    read('query live copies without the campus filter', ADMIN, (db) =>
      getDocs(query(collection(db, accomplishments), where('isArchived', '==', false))),
    ),
    read('query archived copies of the same campus', ADMIN, (db) =>
      getDocs(
        query(
          collection(db, accomplishments),
          where('report.campus', '==', SAME_CAMPUS),
          where('isArchived', '==', true),
        ),
      ),
    ),
    write('create a copy', NOBODY, (db) =>
      setDoc(copy(db, 'forged'), { ...accomplishment(), report: { campus: SAME_CAMPUS } }),
    ),
    write('archive a copy', ADMIN, (db) =>
      updateDoc(copy(db, ACCOMPLISHMENTS.live), { isArchived: true }),
    ),
    write('restore a copy', ADMIN, (db) =>
      updateDoc(copy(db, ACCOMPLISHMENTS.archived), { isArchived: false }),
    ),
    write('edit a copy', NOBODY, (db) =>
      updateDoc(copy(db, ACCOMPLISHMENTS.live), { title: 'Edited' }),
    ),
    write('archive and edit a copy at once', NOBODY, (db) =>
      updateDoc(copy(db, ACCOMPLISHMENTS.live), { isArchived: true, title: 'Edited' }),
    ),
    write('delete a copy', NOBODY, (db) => deleteDoc(copy(db, ACCOMPLISHMENTS.live))),
  ];
  describeMatrix('accomplishment_reports (server copies)', copies, options);

  // The CSV export: a count of the screen's query, then pages of 500 after a cursor.
  const exportQuery = (db: Firestore, campus: string) =>
    query(
      collection(db, accomplishments),
      where('report.campus', '==', campus),
      where('isArchived', '==', false),
      orderBy('timestamp', 'desc'),
    );
  const exports: Row<Firestore>[] = [
    read('export count (IMT scope)', SAME_CAMPUS_STAFF, (db) =>
      getCountFromServer(exportQuery(db, SAME_CAMPUS)),
    ),
    read('export page after a cursor (IMT scope)', SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(exportQuery(db, SAME_CAMPUS), startAfter(Timestamp.now()), limit(500))),
    ),
    read('export count of the other campus', OTHER_CAMPUS_STAFF, (db) =>
      getCountFromServer(exportQuery(db, OTHER_CAMPUS)),
    ),
    read('export page of the other campus', OTHER_CAMPUS_STAFF, (db) =>
      getDocs(query(exportQuery(db, OTHER_CAMPUS), limit(500))),
    ),
    read('export count of every campus', ADMIN, (db) =>
      getCountFromServer(
        query(
          collection(db, accomplishments),
          where('isArchived', '==', false),
          orderBy('timestamp', 'desc'),
        ),
      ),
    ),
  ];
  describeMatrix('accomplishment_reports: CSV export', exports, options);
});
