/**
 * Issue 17: an email nobody verified proves nothing. Staff claims count only for verified tokens,
 * and every write that acts for a person needs one; the access audit is the Admins'.
 */
import { COLLECTIONS } from '@campus-safety/model';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { fileReportAsApp } from '@campus-safety/testkit/app-report';
import { SAME_CAMPUS, type Actor } from './support/actors';
import { useFixture } from './support/fixture';
import { ADMIN, describeMatrix, firestoreTables, read, write, type Row } from './support/matrix';
import { REPORTS } from './support/seed';

const users = COLLECTIONS.users;
const own = (db: Firestore, actor: Actor) => doc(db, users, actor.uid);

describe('identity: verified email', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const rows: Row<Firestore>[] = [
    // Reading one's own account is no act for anyone: the console shows why access waits.
    read(
      'get one’s own account',
      ['appUser', 'imtSameCampus', 'unverifiedUser', 'unverifiedImt'],
      (db, actor) => getDoc(own(db, actor)),
    ),
    write('update one’s own contact number', ['appUser', 'imtSameCampus'], (db, actor) =>
      updateDoc(own(db, actor), { contactNumber: '+63 944 444 4444' }),
    ),
    write('add a push token to one’s own account', ['appUser', 'imtSameCampus'], (db, actor) =>
      updateDoc(own(db, actor), { deviceToken: [`device-${actor.uid}`, 'device-2'] }),
    ),
    write('report an incident', ['appUser'], (db, actor) =>
      fileReportAsApp(db, actor.uid, {
        timestamp: serverTimestamp(),
        geoLoc: { latitude: 14.61, longitude: 121.01 },
        nearestCampus: SAME_CAMPUS,
        status: 'Reported',
        isArchived: false,
        email: actor.email,
        reporterId: actor.uid,
        incidentType: 'Fire',
        description: 'Smoke near the gym',
      }),
    ),
    // The app user is this report's reporter.
    read('get a report of the IMT’s campus', ['appUser', 'imtSameCampus'], (db) =>
      getDoc(doc(db, COLLECTIONS.incidentReports, REPORTS.reported)),
    ),
    read('list the staff directory of the campus', ['imtSameCampus'], (db) =>
      getDocs(
        query(collection(db, COLLECTIONS.staffDirectory), where('campus', '==', SAME_CAMPUS)),
      ),
    ),
  ];
  describeMatrix('identity: unverified tokens get neither staff access nor writes', rows, {
    ...options,
    actors: ['appUser', 'imtSameCampus', 'unverifiedUser', 'unverifiedImt'],
  });

  const audit: Row<Firestore>[] = [
    read('list the account access audit', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.accountAudit)),
    ),
    write('write an audit entry', [], (db) =>
      setDoc(doc(db, COLLECTIONS.accountAudit, 'forged'), { uid: 'x', action: 'setStaffAccess' }),
    ),
    read('read an invitation', [], (db) => getDoc(doc(db, COLLECTIONS.invitations, 'app-alice'))),
  ];
  describeMatrix('account_audit and invitations', audit, options);
});
