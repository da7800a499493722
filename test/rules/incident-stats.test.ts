/** incident_stats: the per-campus counts the Home screen reads, written only by the server. */
import { COLLECTIONS, incidentStatsId } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
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
  const rows: Row<Firestore>[] = [
    read("get its campus's stats", SAME_CAMPUS_STAFF, (db) => getDoc(stats(db, SAME_CAMPUS))),
    read("get another campus's stats", OTHER_CAMPUS_STAFF, (db) => getDoc(stats(db, OTHER_CAMPUS))),
    read('get stats of a campus without reports yet', ADMIN, (db) =>
      getDoc(stats(db, THIRD_CAMPUS)),
    ),
    read('list every campus (Admin Home)', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.incidentStats)),
    ),
    read('query the stats by campus field', ADMIN, (db) =>
      getDocs(query(collection(db, COLLECTIONS.incidentStats), where('campus', '==', SAME_CAMPUS))),
    ),
    write('bump a count', NOBODY, (db) =>
      updateDoc(stats(db, SAME_CAMPUS), { total: increment(1) }),
    ),
    write('create stats', NOBODY, (db) =>
      setDoc(stats(db, THIRD_CAMPUS), { campus: THIRD_CAMPUS, total: 0 }),
    ),
    write('delete stats', NOBODY, (db) => deleteDoc(stats(db, SAME_CAMPUS))),
  ];
  describeMatrix('incident_stats', rows, firestoreTables(fixture));
});
