/**
 * Anonymous reports (issue 19 item 2; docs/anonymity.md): the reporter reads their report and
 * its conversation through a link only they can see; staff read the report, never who filed it;
 * nobody reads or writes the server's link, and nobody files or un-files anonymity by a write.
 */
import { COLLECTIONS } from '@campus-safety/model';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { ACTORS, SAME_CAMPUS, type ActorName } from './support/actors';
import { useFixture } from './support/fixture';
import {
  NOBODY,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';
import { messagesOf, sendMessage } from './support/messages';
import { REPORTS } from './support/seed';

const anonymousReport = (db: Firestore) => doc(db, COLLECTIONS.incidentReports, REPORTS.anonymous);
const aliceLink = (db: Firestore) =>
  doc(db, COLLECTIONS.users, ACTORS.appUser.uid, COLLECTIONS.anonymousReports, REPORTS.anonymous);
const serverLink = (db: Firestore) => doc(db, COLLECTIONS.anonymousReporters, REPORTS.anonymous);

const REPORTER_OR_SAME_CAMPUS_STAFF: readonly ActorName[] = ['appUser', ...SAME_CAMPUS_STAFF];

describe('anonymous reports', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const rows: Row<Firestore>[] = [
    read('get an anonymous report', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDoc(anonymousReport(db)),
    ),
    read("list my own anonymous reports' links", ['appUser'], (db) =>
      getDocs(collection(db, COLLECTIONS.users, ACTORS.appUser.uid, COLLECTIONS.anonymousReports)),
    ),
    read("get the reporter's link to an anonymous report", ['appUser'], (db) =>
      getDoc(aliceLink(db)),
    ),
    read("get the server's record of who filed an anonymous report", NOBODY, (db) =>
      getDoc(serverLink(db)),
    ),
    read("list the server's records of who filed anonymous reports", NOBODY, (db) =>
      getDocs(collection(db, COLLECTIONS.anonymousReporters)),
    ),
    read('list the conversation of an anonymous report', REPORTER_OR_SAME_CAMPUS_STAFF, (db) =>
      getDocs(messagesOf(db, REPORTS.anonymous)),
    ),
    write('file an anonymous report by a direct write', NOBODY, (db, actor) =>
      setDoc(doc(collection(db, COLLECTIONS.incidentReports)), {
        timestamp: serverTimestamp(),
        geoLoc: { latitude: 14.6, longitude: 121.0 },
        nearestCampus: SAME_CAMPUS,
        status: 'Reported',
        isArchived: false,
        incidentType: 'Theft',
        anonymous: true,
        ...(actor.signedIn ? {} : { reporterId: actor.uid }),
      }),
    ),
    write('link myself to an anonymous report', NOBODY, (db, actor) =>
      setDoc(
        doc(db, COLLECTIONS.users, actor.uid, COLLECTIONS.anonymousReports, REPORTS.anonymous),
        { filedAt: serverTimestamp() },
      ),
    ),
    write("rewrite the server's record of who filed", NOBODY, (db, actor) =>
      setDoc(serverLink(db), { uid: actor.uid, filedAt: serverTimestamp() }),
    ),
    write('unmask an anonymous report by naming its reporter', NOBODY, (db) =>
      updateDoc(anonymousReport(db), {
        anonymous: false,
        reporterId: ACTORS.appUser.uid,
        email: ACTORS.appUser.email,
      }),
    ),
    write(
      'send a message on an anonymous report (the reporter writes no uid)',
      REPORTER_OR_SAME_CAMPUS_STAFF,
      (db, actor) => {
        const reporter = actor.claims?.role === 'User' || actor.claims === null;
        return sendMessage(
          db,
          REPORTS.anonymous,
          { uid: actor.uid, role: reporter ? 'reporter' : 'staff' },
          { count: 1, withoutAuthorUid: reporter },
        );
      },
    ),
    write(
      "send a reporter's message on an anonymous report with the reporter's uid",
      NOBODY,
      (db, actor) =>
        sendMessage(db, REPORTS.anonymous, { uid: actor.uid, role: 'reporter' }, { count: 1 }),
    ),
    write('send a staff message on an anonymous report without a uid', NOBODY, (db, actor) =>
      sendMessage(
        db,
        REPORTS.anonymous,
        { uid: actor.uid, role: 'staff' },
        { count: 1, withoutAuthorUid: true },
      ),
    ),
  ];
  describeMatrix('anonymous incident reports', rows, options);
});
