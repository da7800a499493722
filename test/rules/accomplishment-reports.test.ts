/**
 * Accomplishment reports: staff write them under the incident they may work on; the server copies
 * them to the top-level collection, which staff only read (and Admin archives).
 */
import { COLLECTIONS, LIMITS } from '@campus-safety/model';
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
import { COLLEAGUE, OTHER_CAMPUS, SAME_CAMPUS, type Actor } from './support/actors';
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
import { ACCOMPLISHMENTS, REPORTS } from './support/seed';

const reports = COLLECTIONS.incidentReports;
const accomplishments = COLLECTIONS.accomplishmentReports;
const under = (db: Firestore, reportId: string) =>
  collection(db, reports, reportId, accomplishments);
const nested = (db: Firestore, reportId: string, id: string) => doc(under(db, reportId), id);

function accomplishment(changes: DocumentData = {}): DocumentData {
  return {
    title: 'Fire put out',
    description: 'Extinguisher used; nobody hurt',
    resolveCode: 'Resolved on site',
    timestamp: serverTimestamp(),
    imageUrl: 'https://example.com/a.png',
    threatLevel: 'High',
    isArchived: false,
    ...changes,
  };
}
/** Signed with the caller's uid (`updatedBy`) as the console writes it, unless the row sets it. */
const record =
  (reportId: string, changes: DocumentData = {}) =>
  (db: Firestore, actor: Actor) =>
    setDoc(doc(under(db, reportId)), accomplishment({ updatedBy: actor.uid, ...changes }));
/** Content edits are signed like new reports; an archive toggle is not (it changes nothing else). */
const editLive = (changes: DocumentData) => (db: Firestore, actor: Actor) =>
  updateDoc(
    nested(db, REPORTS.responded, ACCOMPLISHMENTS.live),
    'isArchived' in changes || 'updatedBy' in changes
      ? changes
      : { updatedBy: actor.uid, ...changes },
  );

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
    write('record an accomplishment without image and threat level', SAME_CAMPUS_STAFF, (db, a) => {
      const {
        imageUrl: _image,
        threatLevel: _threat,
        ...rest
      } = accomplishment({
        updatedBy: a.uid,
      });
      return setDoc(doc(under(db, REPORTS.responded)), rest);
    }),
    write(
      'record an accomplishment for an other-campus report',
      OTHER_CAMPUS_STAFF,
      record(REPORTS.otherCampus),
    ),
    write(
      'record an accomplishment under an own report with the id of an other-campus one',
      NOBODY,
      (db, a) =>
        setDoc(
          nested(db, REPORTS.responded, ACCOMPLISHMENTS.otherCampus),
          accomplishment({ updatedBy: a.uid }),
        ),
    ),
    // The trigger names the author in the timeline from updatedBy: it must be the writer's uid.
    write('record an accomplishment without signing it (no updatedBy)', NOBODY, (db) =>
      setDoc(doc(under(db, REPORTS.responded)), accomplishment()),
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
    write('archive an accomplishment', ADMIN, editLive({ isArchived: true })),
    write(
      'archive and edit an accomplishment at once',
      NOBODY,
      editLive({
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
  ];
  describeMatrix('incident_reports/{id}/accomplishment_reports', nestedRows, options);

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
