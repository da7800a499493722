/** roster/{personId} and roster_imports/{id}: the institution's people, Admin-read, server-written. */
import { COLLECTIONS } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';

const person = (db: Firestore, id: string) => doc(db, COLLECTIONS.roster, id);

describe('roster', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const rows: Row<Firestore>[] = [
    read('get a roster person', ADMIN, (db) => getDoc(person(db, 'S1'))),
    read('list the roster', ADMIN, (db) => getDocs(collection(db, COLLECTIONS.roster))),
    read('find a roster person by email', ADMIN, (db) =>
      getDocs(query(collection(db, COLLECTIONS.roster), where('email', '==', 'a@example.edu'))),
    ),
    read('list the roster imports', ADMIN, (db) =>
      getDocs(collection(db, COLLECTIONS.rosterImports)),
    ),
    write(
      'add oneself to the roster (to be reached, or to link another campus)',
      NOBODY,
      (db, actor) =>
        setDoc(person(db, 'forged'), {
          externalId: 'forged',
          name: 'Forged',
          email: actor.email,
          phone: '+639171234567',
          campus: 'north',
          affiliation: 'staff',
          language: null,
          status: 'active',
          uid: null,
          contentHash: 'x',
        }),
    ),
    write('link a roster person to one’s account', NOBODY, (db, actor) =>
      updateDoc(person(db, 'S1'), { uid: actor.uid }),
    ),
    write('change a roster person’s phone', NOBODY, (db) =>
      updateDoc(person(db, 'S1'), { phone: '+639170000000' }),
    ),
    write('retire a roster person', NOBODY, (db) => deleteDoc(person(db, 'S1'))),
    write('forge an import entry', NOBODY, (db, actor) =>
      setDoc(doc(db, COLLECTIONS.rosterImports, 'forged'), { by: actor.uid, mode: 'replace' }),
    ),
  ];
  describeMatrix('roster/{personId}, roster_imports/{id}', rows, options);
});
