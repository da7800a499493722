/**
 * incident_stats: the per-campus counts Home reads and the per-day aggregates the dashboard reads,
 * written only by the server.
 */
import { COLLECTIONS, INCIDENT_STATS_DAYS, incidentStatsId } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  increment,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { OTHER_CAMPUS, SAME_CAMPUS, THIRD_CAMPUS } from './support/actors';
import { useFixture } from './support/fixture';
import { STATS_DAY } from './support/seed';
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

describe('incident statistics', () => {
  const fixture = useFixture();
  const stats = (db: Firestore, campus: string) =>
    doc(db, COLLECTIONS.incidentStats, incidentStatsId(campus));
  const days = (db: Firestore, campus: string) =>
    collection(db, COLLECTIONS.incidentStats, incidentStatsId(campus), INCIDENT_STATS_DAYS);
  const day = (db: Firestore, campus: string) => doc(days(db, campus), STATS_DAY);
  const period = (db: Firestore, campus: string) =>
    query(
      days(db, campus),
      where(documentId(), '>=', '2026-11-01'),
      where(documentId(), '<=', '2026-11-30'),
    );
  const rows: Row<Firestore>[] = [
    read("get its campus's stats", SAME_CAMPUS_STAFF, (db) => getDoc(stats(db, SAME_CAMPUS))),
    read("get another campus's stats", OTHER_CAMPUS_STAFF, (db) => getDoc(stats(db, OTHER_CAMPUS))),
    read('get stats of a campus without reports yet', ADMIN, (db) =>
      getDoc(stats(db, THIRD_CAMPUS)),
    ),
    read('list every campus (Admin Home)', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.incidentStats)),
    ),
    // The campus doc's shards (INCIDENT_STATS_SHARDS) by their label, as an IMT's Home reads them.
    read("query its campus's stats shards by the campus field", SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(collection(db, COLLECTIONS.incidentStats), where('campus', '==', SAME_CAMPUS))),
    ),
    read("list another campus's stats shards", OTHER_CAMPUS_STAFF, (db) =>
      getDocs(
        query(collection(db, COLLECTIONS.incidentStats), where('campus', '==', OTHER_CAMPUS)),
      ),
    ),

    write('bump a count', NOBODY, (db) =>
      updateDoc(stats(db, SAME_CAMPUS), { total: increment(1) }),
    ),
    write('create stats', NOBODY, (db) =>
      setDoc(stats(db, THIRD_CAMPUS), { campus: THIRD_CAMPUS, total: 0 }),
    ),
    write('delete stats', NOBODY, (db) => deleteDoc(stats(db, SAME_CAMPUS))),
    // The dashboard's day docs: a period is a range of day ids of one campus.
    read("list a period of its campus's days", SAME_CAMPUS_STAFF, (db) =>
      getDocs(period(db, SAME_CAMPUS)),
    ),
    read("list a period of another campus's days", OTHER_CAMPUS_STAFF, (db) =>
      getDocs(period(db, OTHER_CAMPUS)),
    ),
    read("get one day of another campus's stats", OTHER_CAMPUS_STAFF, (db) =>
      getDoc(day(db, OTHER_CAMPUS)),
    ),
    write('write a day doc', NOBODY, (db) =>
      setDoc(day(db, SAME_CAMPUS), { campus: SAME_CAMPUS, day: STATS_DAY, total: 99 }),
    ),
    write('delete a day doc', NOBODY, (db) => deleteDoc(day(db, SAME_CAMPUS))),
  ];
  describeMatrix('incident_stats', rows, firestoreTables(fixture));
});
