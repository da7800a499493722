/**
 * The incident timeline (server-written, staff-only), internal notes (campus IMT and Admins read
 * and add; author and time checked; never the reporter's) and campus leads (Admin designates a
 * live IMT member of the campus).
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { COLLECTIONS, LIMITS, type RecordCount } from '@campus-safety/model';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import {
  ACTORS,
  COLLEAGUE,
  OTHER_CAMPUS,
  SAME_CAMPUS,
  THIRD_CAMPUS,
  type Actor,
} from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  OTHER_CAMPUS_STAFF,
  SAME_CAMPUS_STAFF,
  STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { countedWrite, recordCountRef } from './support/record-counts';
import { NOTE, REPORTS, SEEDED_NOTE_COUNT, TIMELINE_ENTRY, directoryName } from './support/seed';

const reports = COLLECTIONS.incidentReports;
const timeline = (db: Firestore, reportId: string) =>
  collection(db, reports, reportId, COLLECTIONS.timeline);
const notes = (db: Firestore, reportId: string) =>
  collection(db, reports, reportId, COLLECTIONS.internalNotes);

/**
 * A note as the console writes it for the signed-in actor, with `changes` on top: in one commit
 * with the report's note count grown by one (`counter` overrides what the count says; null: not
 * counted).
 */
const addNote =
  (reportId: string, changes: DocumentData = {}, counter: Partial<RecordCount> | null = {}) =>
  (db: Firestore, actor: Actor) =>
    countedWrite(
      db,
      reportId,
      'internal_notes',
      doc(notes(db, reportId)).id,
      'set',
      () => ({
        text: 'Spoke with the guard on duty.',
        authorId: actor.uid,
        authorName: directoryName(actor),
        at: serverTimestamp(),
        ...changes,
      }),
      SEEDED_NOTE_COUNT + 1,
      counter,
    );

describe('incident timeline, internal notes and campus leads', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const timelineRows: Row<Firestore>[] = [
    read('get the timeline entry of a same-campus report', SAME_CAMPUS_STAFF, (db) =>
      getDoc(doc(timeline(db, REPORTS.reported), TIMELINE_ENTRY)),
    ),
    read('list the timeline of a same-campus report, oldest first', SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(timeline(db, REPORTS.reported), orderBy('at', 'asc'))),
    ),
    read('list the timeline of an other-campus report', OTHER_CAMPUS_STAFF, (db) =>
      getDocs(timeline(db, REPORTS.otherCampus)),
    ),
    read('list the timeline of an archived report', ADMIN, (db) =>
      getDocs(timeline(db, REPORTS.archived)),
    ),
    write('write a timeline entry', NOBODY, (db, actor) =>
      setDoc(doc(timeline(db, REPORTS.reported), 'forged'), {
        kind: 'resolved',
        at: serverTimestamp(),
        actor: { uid: actor.uid, name: 'Someone else', role: 'Admin' },
        detail: 'Resolved',
      }),
    ),
    write('edit a timeline entry', NOBODY, (db) =>
      updateDoc(doc(timeline(db, REPORTS.reported), TIMELINE_ENTRY), { detail: 'Edited' }),
    ),
    write('delete a timeline entry', NOBODY, (db) =>
      deleteDoc(doc(timeline(db, REPORTS.reported), TIMELINE_ENTRY)),
    ),
  ];
  describeMatrix('incident_reports/{id}/timeline', timelineRows, options);

  const noteRows: Row<Firestore>[] = [
    // The test: internal notes are refused to a reporter (appUser filed this report).
    read('list the internal notes of a report (its reporter included)', SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(notes(db, REPORTS.reported), orderBy('at', 'asc'))),
    ),
    read('get an internal note of a same-campus report', SAME_CAMPUS_STAFF, (db) =>
      getDoc(doc(notes(db, REPORTS.reported), NOTE)),
    ),
    read('list the internal notes of an other-campus report', OTHER_CAMPUS_STAFF, (db) =>
      getDocs(notes(db, REPORTS.otherCampus)),
    ),
    read('list the internal notes of an archived report', ADMIN, (db) =>
      getDocs(notes(db, REPORTS.archived)),
    ),
    write('add a note to a same-campus report', SAME_CAMPUS_STAFF, addNote(REPORTS.reported)),
    write('add a note to an other-campus report', OTHER_CAMPUS_STAFF, addNote(REPORTS.otherCampus)),
    write(
      'add a note with line breaks and a tab',
      SAME_CAMPUS_STAFF,
      addNote(REPORTS.reported, { text: 'First line\nSecond line\r\n\tindented' }),
    ),
    write(
      `add a note of exactly ${LIMITS.internalNote} characters`,
      SAME_CAMPUS_STAFF,
      addNote(REPORTS.reported, { text: 'x'.repeat(LIMITS.internalNote) }),
    ),
    write(
      `add a note over ${LIMITS.internalNote} characters`,
      NOBODY,
      addNote(REPORTS.reported, { text: 'x'.repeat(LIMITS.internalNote + 1) }),
    ),
    write('add an empty note', NOBODY, addNote(REPORTS.reported, { text: '' })),
    write(
      'add a note with a right-to-left override',
      NOBODY,
      addNote(REPORTS.reported, { text: 'call back \u202Eesrever' }),
    ),
    write(
      'add a note with a zero-width space',
      NOBODY,
      addNote(REPORTS.reported, { text: 'call\u200Bback' }),
    ),
    write(
      "add a note in a colleague's name (authorId)",
      NOBODY,
      addNote(REPORTS.reported, { authorId: COLLEAGUE.uid }),
    ),
    write(
      'add a note under a name the directory does not give',
      NOBODY,
      addNote(REPORTS.reported, { authorName: 'Campus Director' }),
    ),
    write(
      'add a note dated by the client clock',
      NOBODY,
      addNote(REPORTS.reported, { at: Timestamp.fromMillis(Date.now() - 3_600_000) }),
    ),
    write('add a note with an extra field', NOBODY, addNote(REPORTS.reported, { pinned: true })),
    write('add a note to an archived report', ADMIN, addNote(REPORTS.archived)),
    write('edit a note', NOBODY, (db) =>
      updateDoc(doc(notes(db, REPORTS.reported), NOTE), { text: 'Rewritten' }),
    ),
    write('delete a note', NOBODY, (db) => deleteDoc(doc(notes(db, REPORTS.reported), NOTE))),
    // The bound on notes per report (issue 17 finding 8): every note is counted, by exactly one.
    write('add a note without counting it', NOBODY, addNote(REPORTS.reported, {}, null)),
    write(
      'add a note counted twice (the count grows by two)',
      NOBODY,
      addNote(REPORTS.reported, {}, { count: SEEDED_NOTE_COUNT + 2 }),
    ),
    write(
      'add a note whose count names another note',
      NOBODY,
      addNote(REPORTS.reported, {}, { lastId: NOTE }),
    ),
    write('grow the note count without adding a note', NOBODY, (db) =>
      setDoc(recordCountRef(db, REPORTS.reported, 'internal_notes'), {
        count: SEEDED_NOTE_COUNT + 1,
        lastId: 'no-such-note',
      }),
    ),
    write('set the note count back to zero', NOBODY, (db) =>
      setDoc(recordCountRef(db, REPORTS.reported, 'internal_notes'), { count: 0, lastId: NOTE }),
    ),
    write('delete the note count', NOBODY, (db) =>
      deleteDoc(recordCountRef(db, REPORTS.reported, 'internal_notes')),
    ),
    read('get the note count of a report', SAME_CAMPUS_STAFF, (db) =>
      getDoc(recordCountRef(db, REPORTS.reported, 'internal_notes')),
    ),
  ];
  describeMatrix('incident_reports/{id}/internal_notes', noteRows, options);

  describe(`at most ${LIMITS.internalNotesPerReport} notes per report`, () => {
    const full = (count: number) =>
      fixture().env.withSecurityRulesDisabled((context) =>
        setDoc(
          recordCountRef(
            context.firestore() as unknown as Firestore,
            REPORTS.reported,
            'internal_notes',
          ),
          {
            count,
            lastId: NOTE,
          },
        ),
      );
    beforeEach(async () => {
      await fixture().ensureSeeded();
      fixture().markDirty();
    });
    it(`the ${LIMITS.internalNotesPerReport}th note is taken, the next is refused`, async () => {
      const imt = ACTORS.imtSameCampus;
      await full(LIMITS.internalNotesPerReport - 1);
      const add = (count: number) =>
        addNote(REPORTS.reported, {}, { count })(fixture().firestore(imt), imt);
      await assertSucceeds(add(LIMITS.internalNotesPerReport));
      await assertFails(add(LIMITS.internalNotesPerReport + 1));
    });
  });

  const leads = COLLECTIONS.campusLeads;
  const lead = (actor: Actor, changes: DocumentData = {}) => ({
    uid: actor.uid,
    displayName: directoryName(actor),
    email: actor.email,
    updatedAt: serverTimestamp(),
    ...changes,
  });
  const leadRows: Row<Firestore>[] = [
    read('get a campus lead', STAFF, (db) => getDoc(doc(db, leads, SAME_CAMPUS))),
    read('list the campus leads', STAFF, (db) => getDocs(collection(db, leads))),
    write('designate the campus IMT as its lead', ADMIN, (db) =>
      setDoc(doc(db, leads, OTHER_CAMPUS), lead(ACTORS.imtOtherCampus)),
    ),
    write('designate an IMT of another campus', NOBODY, (db) =>
      setDoc(doc(db, leads, THIRD_CAMPUS), lead(ACTORS.imtOtherCampus)),
    ),
    write('designate an Admin as a campus lead', NOBODY, (db) =>
      setDoc(doc(db, leads, OTHER_CAMPUS), lead(ACTORS.admin)),
    ),
    write('designate an archived account', NOBODY, (db) =>
      setDoc(doc(db, leads, SAME_CAMPUS), lead(ACTORS.archivedStaff)),
    ),
    write('designate the lead under another name', NOBODY, (db) =>
      setDoc(doc(db, leads, OTHER_CAMPUS), lead(ACTORS.imtOtherCampus, { displayName: 'Boss' })),
    ),
    write('designate a lead of a campus that does not exist', NOBODY, (db) =>
      setDoc(doc(db, leads, 'Moon Campus'), lead(ACTORS.imtOtherCampus)),
    ),
    write('clear a campus lead', ADMIN, (db) => deleteDoc(doc(db, leads, SAME_CAMPUS))),
  ];
  describeMatrix('campus_leads', leadRows, options);
});
