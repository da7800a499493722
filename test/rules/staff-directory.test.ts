/** staff_directory/{uid}: how staff see each other (issue 10, finding 1). */
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
import { ACTORS, COLLEAGUE, OTHER_CAMPUS, SAME_CAMPUS } from './support/actors';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  NOBODY,
  SAME_CAMPUS_STAFF,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';

const directory = COLLECTIONS.staffDirectory;
const entry = (db: Firestore, uid: string) => doc(db, directory, uid);

describe('staff_directory', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);

  const rows: Row<Firestore>[] = [
    read('assign dialog (IMT): the entries of one’s campus', SAME_CAMPUS_STAFF, (db) =>
      getDocs(query(collection(db, directory), where('campus', '==', SAME_CAMPUS))),
    ),
    read('get a colleague’s entry', SAME_CAMPUS_STAFF, (db) => getDoc(entry(db, COLLEAGUE.uid))),
    read('get an Admin’s entry (no campus)', ADMIN, (db) => getDoc(entry(db, ACTORS.admin.uid))),
    read('list the whole directory (Admin assign dialog)', ADMIN, (db) =>
      getDocs(collection(db, directory)),
    ),
    read('list another campus’s entries', ['imtOtherCampus', 'admin'], (db) =>
      getDocs(query(collection(db, directory), where('campus', '==', OTHER_CAMPUS))),
    ),
    write('rename a colleague’s entry (the name reporters are shown)', NOBODY, (db) =>
      updateDoc(entry(db, COLLEAGUE.uid), { displayName: 'Campus Police' }),
    ),
    write('create an entry for oneself', NOBODY, (db, actor) =>
      setDoc(entry(db, actor.uid), {
        firstName: 'Fake',
        lastName: 'Staff',
        firstNameLowerCase: 'fake',
        displayName: 'Fake Staff',
        email: actor.email,
        role: 'IMT',
        campus: SAME_CAMPUS,
      }),
    ),
    write('delete a colleague’s entry', NOBODY, (db) => deleteDoc(entry(db, COLLEAGUE.uid))),
  ];
  describeMatrix('staff_directory/{uid}', rows, options);
});
