/**
 * Editable settings (issue 20 item 6): everyone reads the institution profile (issue 30), every
 * live account the response targets, incident types and campus areas; nobody writes them but the saveSetting callable, not even an Admin
 * directly; their history is read by Admins only and written by nobody.
 */
import { COLLECTIONS, DEFAULT_SETTING_VALUES, SETTING_IDS } from '@campus-safety/model';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  type Firestore,
} from 'firebase/firestore';
import { useFixture } from './support/fixture';
import {
  ADMIN,
  EVERYONE,
  LIVE_ACCOUNTS,
  NOBODY,
  describeMatrix,
  firestoreTables,
  read,
  write,
  type Row,
} from './support/matrix';

const settings = COLLECTIONS.settings;

const PUBLIC_SETTINGS: string[] = [SETTING_IDS.institution, SETTING_IDS.campuses];

describe('editable settings', () => {
  const fixture = useFixture();
  const options = firestoreTables(fixture);
  const rows: Row<Firestore>[] = Object.entries(SETTING_IDS).flatMap(([name, id]) => [
    // The institution profile and the campuses are public (the app shows the emergency numbers
    // before sign-in, and the campuses to choose from at sign-up).
    read(`get ${name}`, PUBLIC_SETTINGS.includes(id) ? EVERYONE : LIVE_ACCOUNTS, (db) =>
      getDoc(doc(db, settings, id)),
    ),
    write(`write ${name} directly`, NOBODY, (db) =>
      setDoc(doc(db, settings, id), DEFAULT_SETTING_VALUES[name as keyof typeof SETTING_IDS]),
    ),
    write(`delete ${name}`, NOBODY, (db) => deleteDoc(doc(db, settings, id))),
    read(`read the ${name} history`, ADMIN, (db) =>
      getDocs(collection(db, settings, id, 'history')),
    ),
    write(`rewrite the ${name} history`, NOBODY, (db) =>
      setDoc(doc(db, settings, id, 'history', '1'), { before: null, after: {} }),
    ),
  ]);
  rows.push(read('list the settings', NOBODY, (db) => getDocs(collection(db, settings))));
  describeMatrix('settings/{id} and their history', rows, options);
});
