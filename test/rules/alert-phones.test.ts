/**
 * Phones for alerts (docs/mass-notifications.md#phones-for-alerts): a proved number is read by
 * its person only and written by the callables only (a number a client wrote would prove
 * nothing); pending codes and who holds a number are the server's alone.
 */
import { COLLECTIONS } from '@campus-safety/model';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
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
import { NOBODY, describeMatrix, firestoreTables, read, write, type Row } from './support/matrix';

async function seedPhones(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, COLLECTIONS.alertPhones, 'app-alice'), {
      phone: '+639171234567',
      verifiedAt: new Date(),
    });
    await setDoc(doc(db, COLLECTIONS.alertPhoneOwners, '+639171234567'), { uid: 'app-alice' });
    await setDoc(doc(db, COLLECTIONS.alertPhoneCodes, 'app-alice'), { sent: 1 });
  });
}

describe('phones for alerts', () => {
  const fixture = useFixture({ seedExtra: seedPhones });
  const rows: Row<Firestore>[] = [
    read("get Alice's phone for alerts (only Alice)", ['appUser'], (db) =>
      getDoc(doc(db, COLLECTIONS.alertPhones, 'app-alice')),
    ),
    read('list the phones for alerts', NOBODY, (db) =>
      getDocs(collection(db, COLLECTIONS.alertPhones)),
    ),
    write("write one's own phone for alerts (unproved)", NOBODY, (db, actor) =>
      setDoc(doc(db, COLLECTIONS.alertPhones, actor.uid), {
        phone: '+639170000000',
        verifiedAt: new Date(),
      }),
    ),
    write("delete Alice's phone for alerts", NOBODY, (db) =>
      deleteDoc(doc(db, COLLECTIONS.alertPhones, 'app-alice')),
    ),
    read("get Alice's pending code", NOBODY, (db) =>
      getDoc(doc(db, COLLECTIONS.alertPhoneCodes, 'app-alice')),
    ),
    write("reset one's own code count", NOBODY, (db, actor) =>
      setDoc(doc(db, COLLECTIONS.alertPhoneCodes, actor.uid), { sent: 0 }),
    ),
    read('get who holds a number', NOBODY, (db) =>
      getDoc(doc(db, COLLECTIONS.alertPhoneOwners, '+639171234567')),
    ),
    write('take a number over', NOBODY, (db, actor) =>
      setDoc(doc(db, COLLECTIONS.alertPhoneOwners, '+639171234567'), { uid: actor.uid }),
    ),
  ];
  describeMatrix('who reads and writes a phone for alerts', rows, firestoreTables(fixture));
});
