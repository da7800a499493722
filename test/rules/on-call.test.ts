/**
 * On-call schedules (issue 20 item 4): staff read every campus's schedule; only the
 * saveOnCallSchedule callable writes it (it checks each person, which a rule cannot for a list);
 * its history is read by Admins and the campus's IMT.
 */
import { COLLECTIONS } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { OTHER_CAMPUS, SAME_CAMPUS } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  SAME_CAMPUS_STAFF,
  STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';

const schedules = COLLECTIONS.onCallSchedules;

describe('on-call schedules', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);
  const ownSchedule = (uid: string, campus: string) => ({
    campus,
    rotation: {
      members: [{ uid, displayName: 'Me' }],
      startDay: '2026-01-01',
      handoffTime: '08:00',
      shiftDays: 1,
    },
    overrides: [],
    autoAssign: true,
    updatedAt: serverTimestamp(),
    updatedBy: { uid, name: 'Me' },
  });
  const policies = COLLECTIONS.escalationPolicies;
  const rows: Row<Firestore>[] = [
    read('get a campus schedule', STAFF, (db) => getDoc(doc(db, schedules, SAME_CAMPUS))),
    read('list the schedules', STAFF, (db) => getDocs(collection(db, schedules))),
    write('write its own campus schedule directly', NOBODY, (db, actor) =>
      setDoc(doc(db, schedules, SAME_CAMPUS), ownSchedule(actor.uid, SAME_CAMPUS)),
    ),
    write('create another campus schedule directly', NOBODY, (db, actor) =>
      setDoc(doc(db, schedules, OTHER_CAMPUS), ownSchedule(actor.uid, OTHER_CAMPUS)),
    ),
    write('turn automatic assignment off directly', NOBODY, (db) =>
      updateDoc(doc(db, schedules, SAME_CAMPUS), { autoAssign: false }),
    ),
    write('delete a schedule', NOBODY, (db) => deleteDoc(doc(db, schedules, SAME_CAMPUS))),
    read('read the campus schedule history', SAME_CAMPUS_STAFF, (db) =>
      getDocs(collection(db, schedules, SAME_CAMPUS, 'history')),
    ),
    write('rewrite the schedule history', NOBODY, (db) =>
      setDoc(doc(db, schedules, SAME_CAMPUS, 'history', '1'), { before: null }),
    ),
    read('get a campus escalation policy', STAFF, (db) => getDoc(doc(db, policies, SAME_CAMPUS))),
    read('list the escalation policies', STAFF, (db) => getDocs(collection(db, policies))),
    write('write an escalation policy directly', NOBODY, (db) =>
      setDoc(doc(db, policies, SAME_CAMPUS), { campus: SAME_CAMPUS, steps: [], repeat: {} }),
    ),
    read('read an escalation policy history', ADMIN, (db) =>
      getDocs(collection(db, policies, SAME_CAMPUS, 'history')),
    ),
  ];
  describeMatrix('oncall_schedules and escalation_policies', rows, options);
});
